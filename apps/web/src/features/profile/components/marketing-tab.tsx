import type { CurrentProfile } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import { Form } from 'react-aria-components'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { showToast } from '@/components/ui/toast'
import { MESSAGES } from '@/config/messages'
import { formatDate } from '@/lib/format-values'
import { errorMessageOf, useUpdateProfile } from '../api/profile-api'
import styles from './profile.module.css'

export const MARKETING_TEXT = {
  consent: 'Send me product news and tips by e-mail',
  note: 'Canopy records your choice for the people who run it; it sends no newsletter itself.',
  since: (date: string) => `You agreed on ${date}.`,
  saved: 'Marketing preferences saved',
  save: 'Save preferences',
} as const

/** The user's own consent to product news e-mails; the site admins see it read-only on the user detail. */
export function MarketingTab({ profile }: { profile: CurrentProfile }) {
  const update = useUpdateProfile()
  const [consent, setConsent] = useState(profile.productNewsConsent)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    update.mutate({ productNewsConsent: consent }, { onSuccess: () => showToast(MARKETING_TEXT.saved) })
  }
  return (
    <div className={styles.panel}>
      <h2 className="visually-hidden">{MESSAGES.userDetail.marketingPreferences}</h2>
      <Form className={styles.form} onSubmit={submit}>
        <Checkbox isSelected={consent} onChange={setConsent} name="productNewsConsent">
          {MARKETING_TEXT.consent}
        </Checkbox>
        <p className={styles.muted}>
          {MARKETING_TEXT.note}
          {profile.productNewsConsentAt
            ? ` ${MARKETING_TEXT.since(formatDate(profile.productNewsConsentAt))}`
            : null}
        </p>
        <p className={styles.error} role="alert">
          {errorMessageOf(update.error, 'productNewsConsent')}
        </p>
        <Button type="submit" isDisabled={update.isPending}>
          {MARKETING_TEXT.save}
        </Button>
      </Form>
    </div>
  )
}
