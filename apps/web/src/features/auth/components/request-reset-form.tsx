import { type FormEvent, useRef, useState } from 'react'
import { Form, Link } from 'react-aria-components'
import { Button } from '@/components/ui/button'
import { MESSAGES } from '@/config/messages'
import { useRequestPasswordReset } from '../api/request-password-reset'
import { validateResetEmail } from '../validation'
import styles from './auth-forms.module.css'
import { EmailField, FormAlert } from './form-parts'
import resetStyles from './password-reset.module.css'
import { ResetResult } from './reset-result'

/**
 * /password/reset without a token: asks for the address and e-mails a link.
 * Any failure gets the spec's one message: the API never says whether the address has an account.
 */
export function RequestResetForm() {
  const [email, setEmail] = useState('')
  // As in the set-new-password form: the check shows from the first submit on and follows the typing.
  const [checked, setChecked] = useState(false)
  const emailRef = useRef<HTMLInputElement>(null)
  const emailError = validateResetEmail(email)
  const request = useRequestPasswordReset()

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setChecked(true)
    if (emailError) return emailRef.current?.focus()
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
    <Form className={styles.form} onSubmit={submit} validationBehavior="aria">
      <p className={resetStyles.intro}>{MESSAGES.passwordReset.requestIntro}</p>
      <FormAlert message={request.isError ? MESSAGES.passwordReset.requestFailed : null} />
      <EmailField
        value={email}
        onChange={setEmail}
        inputRef={emailRef}
        validate={() => (checked ? emailError : null)}
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
