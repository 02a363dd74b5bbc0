import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react'
import { Form, Link } from 'react-aria-components'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { TIMING } from '@/config/constants'
import { MESSAGES } from '@/config/messages'
import { isApiError } from '@/lib/api-client'
import { useResetPassword } from '../api/reset-password'
import { validateResetConfirmation, validateResetPassword } from '../validation'
import styles from './auth-forms.module.css'
import { FormAlert, NewPasswordField } from './form-parts'
import resetStyles from './password-reset.module.css'
import { ResetResult } from './reset-result'

/**
 * A failed reset says the server's message, else the spec's fallback. A refused link names
 * the token field; its text is the message meant for people (the summary starts with the field's name).
 */
export function describeResetFailure(error: unknown): string {
  if (!isApiError(error)) return MESSAGES.passwordReset.resetFailed
  const { token } = error.fieldErrors
  if (token) return token
  const data = error.data as { message?: unknown } | null
  const message = typeof data?.message === 'string' ? data.message.trim() : ''
  return message || MESSAGES.passwordReset.resetFailed
}

/**
 * /password/reset?token=…: the new password twice, checked against the rule
 * here and again on the server; after success, login follows in 5 seconds.
 *
 * The checks show from the first submit on and then follow the typing (validationBehavior "aria").
 * With the native behaviour a fixed error would vanish only when the field loses focus, which is the
 * press on the submit button: the two-line message under the confirmation would disappear mid-press,
 * the button would move up from under the pointer, and the press would be lost.
 */
export function SetNewPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [checked, setChecked] = useState(false)
  const passwordRef = useRef<HTMLInputElement>(null)
  const confirmationRef = useRef<HTMLInputElement>(null)
  const passwordError = validateResetPassword(password)
  const confirmationError = validateResetConfirmation(confirmation, password)
  const reset = useResetPassword()
  const navigate = useNavigate()
  // One object per failed attempt: React Aria clears a server error once its field is edited.
  const serverErrors = useMemo((): Record<string, string> => {
    const message = isApiError(reset.error) ? reset.error.fieldErrors.password : undefined
    return message ? { password: message } : {}
  }, [reset.error])

  useEffect(() => {
    if (!reset.isSuccess) return
    const timer = window.setTimeout(
      () => navigate('/', { replace: true }),
      TIMING.redirectAfterPasswordResetMs,
    )
    return () => window.clearTimeout(timer)
  }, [reset.isSuccess, navigate])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setChecked(true)
    if (passwordError) return passwordRef.current?.focus()
    if (confirmationError) return confirmationRef.current?.focus()
    reset.mutate({ token, password })
  }

  if (reset.isSuccess) {
    return (
      <ResetResult title={MESSAGES.passwordReset.resetDoneTitle}>
        <p>{MESSAGES.passwordReset.resetDone}</p>
        <Link href="/">{MESSAGES.login.login}</Link>
      </ResetResult>
    )
  }

  return (
    <Form className={styles.form} onSubmit={submit} validationBehavior="aria" validationErrors={serverErrors}>
      <p className={resetStyles.intro}>{MESSAGES.passwordReset.setIntro}</p>
      <FormAlert
        message={reset.isError && !serverErrors.password ? describeResetFailure(reset.error) : null}
      />
      <NewPasswordField
        value={password}
        onChange={setPassword}
        inputRef={passwordRef}
        validate={() => (checked ? passwordError : null)}
      />
      <TextField
        label={MESSAGES.registration.confirmPassword}
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        isRequired
        value={confirmation}
        onChange={setConfirmation}
        inputRef={confirmationRef}
        validate={() => (checked ? confirmationError : null)}
      />
      <div className={styles.actions}>
        <Button type="submit" isDisabled={reset.isPending} fullWidth>
          {MESSAGES.passwordReset.setSubmit}
        </Button>
      </div>
      <div className={styles.links}>
        <Link href="/password/reset">{MESSAGES.passwordReset.requestTitle}</Link>
      </div>
    </Form>
  )
}
