import type { SiteUserDetail } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import { Form } from 'react-aria-components'
import { Button } from '@/components/ui/button'
import { InlineAlert } from '@/components/ui/notice'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { isApiError } from '@/lib/api-client'
import { formatDate } from '@/lib/format-values'
import { useSetAccountExpiry } from '../api/site-users'
import { errorText, fullName, USER_TEXT } from '../labels'
import styles from './site-users.module.css'

/** A moment as the date input's 'yyyy-mm-dd' of the viewer's own calendar day. */
function toDateInput(iso: string): string {
  const date = new Date(iso)
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The chosen day's last second in the viewer's time zone: the account works through the whole day. */
function endOfDay(day: string): string {
  return new Date(`${day}T23:59:59`).toISOString()
}

/** The API's message for the field when it names one (a past date), else its message. */
function expiryErrorText(error: unknown): string {
  if (isApiError(error)) {
    const errors = (error.data as { errors?: Record<string, string> } | null)?.errors
    if (errors?.accountExpiry) return errors.accountExpiry
  }
  return errorText(error)
}

type Props = { siteSlug: string; user: SiteUserDetail; canManage: boolean }

/**
 * The account's expiry: administrators set a day (the account works through its end) or remove it; the
 * account ends on every site, so the API refuses one that also sees sites they do not administer, their
 * own and a staff account, and says why. Others read it.
 */
export function AccountExpiryField({ siteSlug, user, canManage }: Props) {
  const current = user.accountExpiry ? formatDate(user.accountExpiry) : USER_TEXT.noExpiry
  if (!canManage) return <TextField label={USER_TEXT.accountExpiry} isDisabled value={current} />
  return <AccountExpiryForm siteSlug={siteSlug} user={user} current={current} />
}

function AccountExpiryForm({ siteSlug, user, current }: Omit<Props, 'canManage'> & { current: string }) {
  const change = useSetAccountExpiry(siteSlug)
  const [day, setDay] = useState(user.accountExpiry ? toDateInput(user.accountExpiry) : '')
  const [missing, setMissing] = useState(false)
  const save = (accountExpiry: string | null) =>
    change.mutate(
      { userId: user.id, accountExpiry },
      {
        onSuccess: (saved) => {
          if (!saved.accountExpiry) setDay('')
          showToast(
            saved.accountExpiry
              ? USER_TEXT.expirySet(fullName(saved), formatDate(saved.accountExpiry))
              : USER_TEXT.expiryRemoved(fullName(saved)),
          )
        },
      },
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setMissing(day === '')
    if (day !== '') save(endOfDay(day))
  }
  const error = missing ? USER_TEXT.expiryRequired : change.isError ? expiryErrorText(change.error) : null
  return (
    <Form className={styles.expiryForm} onSubmit={submit} aria-label={USER_TEXT.accountExpiry}>
      <TextField
        label={USER_TEXT.accountExpiry}
        type="date"
        value={day}
        onChange={setDay}
        description={`${USER_TEXT.expiryCurrent(current)}. ${USER_TEXT.expiryHint}`}
      />
      {error ? <InlineAlert>{error}</InlineAlert> : null}
      <div className={styles.expiryActions}>
        <Button type="submit" isDisabled={change.isPending}>
          {USER_TEXT.saveExpiry}
        </Button>
        {user.accountExpiry ? (
          <Button variant="secondary" isDisabled={change.isPending} onPress={() => save(null)}>
            {USER_TEXT.removeExpiry}
          </Button>
        ) : null}
      </div>
    </Form>
  )
}
