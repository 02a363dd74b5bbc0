import { type FormEvent, useState } from 'react'
import { Form, Link } from 'react-aria-components'
import { Button } from '@/components/ui/button'
import { InlineAlert } from '@/components/ui/notice'
import { TextField } from '@/components/ui/text-field'
import { MESSAGES } from '@/config/messages'
import { useRequestPasswordReset } from '../api/request-password-reset'
import { validateResetEmail } from '../validation'
import styles from './auth-forms.module.css'
import resetStyles from './password-reset.module.css'
import { ResetResult } from './reset-result'

/**
 * /password/reset without a token (platform.md §2, §5, §8): asks for the address and e-mails a link.
 * Any failure gets the spec's one message: the API never says whether the address has an account.
 */
export function RequestResetForm() {
  const [email, setEmail] = useState('')
  const request = useRequestPasswordReset()

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    request.mutate({ email: email.trim() })
  }

  if (request.isSuccess) {
    return (
      <ResetResult title={MESSAGES.passwordReset.requestSentTitle}>
        <p>{MESSAGES.passwordReset.requestSent}</p>
        <Link href="/">{MESSAGES.passwordReset.backToLogin}</Link>
      </ResetResult>
    )
  }

  return (
    <Form className={styles.form} onSubmit={submit}>
      <p className={resetStyles.intro}>{MESSAGES.passwordReset.requestIntro}</p>
      {request.isError ? (
        <div className={styles.alert}>
          <InlineAlert>
            <p>{MESSAGES.passwordReset.requestFailed}</p>
          </InlineAlert>
        </div>
      ) : null}
      <TextField
        label={MESSAGES.registration.email}
        name="email"
        type="email"
        autoComplete="email"
        isRequired
        value={email}
        onChange={setEmail}
        validate={validateResetEmail}
      />
      <div className={styles.actions}>
        <Button type="submit" isDisabled={request.isPending} fullWidth>
          {MESSAGES.passwordReset.requestSubmit}
        </Button>
      </div>
      <div className={styles.links}>
        <Link href="/">{MESSAGES.passwordReset.backToLogin}</Link>
      </div>
    </Form>
  )
}
