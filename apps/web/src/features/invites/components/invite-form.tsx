import type { SiteRole } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { FilterSelect } from '@/components/ui/list'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { MESSAGES } from '@/config/messages'
import { ROLE_OPTIONS } from '@/config/roles'
import { isApiError } from '@/lib/api-client'
import { useSendInvite } from '../api/invites'
import { INVITE_TEXT } from '../labels'
import styles from './invites.module.css'

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function validateInviteEmail(value: string): string | null {
  if (value.trim() === '') return MESSAGES.invites.emailRequired
  return EMAIL_PATTERN.test(value.trim()) ? null : MESSAGES.invites.emailInvalid
}

/** The invite form: an address and the role it will get; the server's field error shows on the field. */
export function InviteForm({ siteSlug }: { siteSlug: string }) {
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<SiteRole>('viewer')
  const [error, setError] = useState<string | null>(null)
  const send = useSendInvite(siteSlug)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const invalid = validateInviteEmail(email)
    if (invalid) return setError(invalid)
    setError(null)
    try {
      await send.mutateAsync({ type: 'email', email: email.trim(), role })
      setEmail('')
      showToast(MESSAGES.invites.sent)
    } catch (failure) {
      const message = isApiError(failure) ? (failure.fieldErrors.email ?? failure.message) : null
      if (message) setError(message)
      else showToast(String(failure), 'error')
    }
  }
  return (
    <form className={styles.inviteForm} onSubmit={submit} noValidate aria-labelledby="invite-email-heading">
      <TextField
        label={MESSAGES.invites.emailAddress}
        type="email"
        autoComplete="off"
        isRequired
        value={email}
        onChange={(value) => {
          setEmail(value)
          setError(null)
        }}
        validationBehavior="aria"
        validate={() => error ?? undefined}
        isDisabled={send.isPending}
      />
      <FilterSelect
        label={INVITE_TEXT.roleLabel}
        value={role}
        options={ROLE_OPTIONS}
        onChange={(value) => setRole(value as SiteRole)}
      />
      <Button type="submit" isDisabled={send.isPending}>
        {send.isPending ? INVITE_TEXT.sending : INVITE_TEXT.send}
      </Button>
    </form>
  )
}
