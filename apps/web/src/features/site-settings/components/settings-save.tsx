import type { UseMutationResult } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { showToast } from '@/components/ui/toast'
import { readFieldErrors } from '@/lib/field-errors'

/**
 * A settings form's save: the server's field errors go on their fields (a message naming no field on
 * `fallbackField`), and a toast says whether it was saved.
 */
export function useSettingsSave<Body>(
  mutation: UseMutationResult<unknown, Error, Body>,
  text: { saved: string; failed: string },
  fallbackField?: string,
) {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = async (body: Body) => {
    setErrors({})
    try {
      await mutation.mutateAsync(body)
      showToast(text.saved)
    } catch (error) {
      setErrors(readFieldErrors(error, fallbackField) ?? {})
      showToast(text.failed, 'error')
    }
  }
  return { errors, setErrors, save, isPending: mutation.isPending }
}

/** The form's submit button, disabled and saying so while the save is under way. */
export function SaveButton({ isPending, label = 'Save' }: { isPending: boolean; label?: string }) {
  return (
    <Button type="submit" isDisabled={isPending}>
      {isPending ? 'Saving...' : label}
    </Button>
  )
}
