import { PASSWORD_RULE_DESCRIPTION, REGISTRATION_MESSAGES } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import { Form } from 'react-aria-components'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { errorMessageOf, useChangePassword } from '../api/profile-api'
import styles from './profile.module.css'

export const PASSWORD_CHANGED_MESSAGE = 'Password changed. Your other sessions have been signed out.'

/** A new password needs the current one; the API signs out every other session. */
export function PasswordTab() {
  const change = useChangePassword()
  const [currentPassword, setCurrentPassword] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [mismatch, setMismatch] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setMismatch(password !== confirm)
    if (password !== confirm) return
    change.mutate(
      { currentPassword, password },
      {
        onSuccess: () => {
          setCurrentPassword('')
          setPassword('')
          setConfirm('')
          showToast(PASSWORD_CHANGED_MESSAGE)
        },
      },
    )
  }
  const fieldError = (field: string) => errorMessageOf(change.error, field)
  return (
    <Form className={styles.form} onSubmit={submit}>
      <TextField
        label="Current password"
        type="password"
        isRequired
        value={currentPassword}
        onChange={setCurrentPassword}
        autoComplete="current-password"
      />
      <TextField
        label="New password"
        type="password"
        isRequired
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        description={PASSWORD_RULE_DESCRIPTION}
      />
      <TextField
        label="Confirm new password"
        type="password"
        isRequired
        value={confirm}
        onChange={setConfirm}
        autoComplete="new-password"
      />
      <p className={styles.error} role="alert">
        {mismatch
          ? REGISTRATION_MESSAGES.passwordsDoNotMatch
          : (fieldError('currentPassword') ?? fieldError('password'))}
      </p>
      <Button type="submit" isDisabled={change.isPending}>
        Change password
      </Button>
    </Form>
  )
}
