import type { TwoFactorChallenge } from '@canopy/contracts'
import { type FormEvent, type ReactNode, useState } from 'react'
import { Form } from 'react-aria-components'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { useTwoFactorLogin } from '../api/login'
import styles from './auth-forms.module.css'
import { FormAlert } from './form-parts'

export const TWO_FACTOR_STEP_TEXT = {
  codeLabel: 'Code from your authenticator app',
  codeHint: 'Open your authenticator app and enter the 6-digit code it shows for Canopy.',
  recoveryLabel: 'Recovery code',
  recoveryHint: 'Enter one of the recovery codes you saved when you turned on two-step verification.',
  verify: 'Verify',
  useRecovery: 'Use a recovery code instead',
  useApp: 'Use a code from your app instead',
} as const

/**
 * The third step of the login, for an account with two-step verification: a current code from the
 * authenticator app (or one recovery code) with the password step's challenge. A wrong code shows the
 * server's message in an alert and keeps the field for another try.
 */
export function TwoFactorStep({
  email,
  challenge,
  identity,
}: {
  email: string
  challenge: TwoFactorChallenge
  /** who is signing in, with the way back to the e-mail step */
  identity: ReactNode
}) {
  const [useRecovery, setUseRecovery] = useState(false)
  const [code, setCode] = useState('')
  const verify = useTwoFactorLogin()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const answer = useRecovery ? { recoveryCode: code } : { code }
    verify.mutate({ username: email, challenge: challenge.challenge, ...answer })
  }
  const switchKind = () => {
    setUseRecovery((current) => !current)
    setCode('')
    verify.reset()
  }
  return (
    <Form className={styles.form} onSubmit={submit}>
      {identity}
      <FormAlert message={verify.error?.message} />
      {useRecovery ? (
        <TextField
          key="recovery"
          label={TWO_FACTOR_STEP_TEXT.recoveryLabel}
          name="recovery-code"
          autoComplete="off"
          isRequired
          autoFocus
          value={code}
          onChange={setCode}
          description={TWO_FACTOR_STEP_TEXT.recoveryHint}
        />
      ) : (
        <TextField
          key="code"
          label={TWO_FACTOR_STEP_TEXT.codeLabel}
          name="one-time-code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]{6}"
          maxLength={6}
          isRequired
          autoFocus
          value={code}
          onChange={(text) => setCode(text.replace(/\D/g, ''))}
          description={TWO_FACTOR_STEP_TEXT.codeHint}
        />
      )}
      <div className={styles.actions}>
        <Button type="submit" isDisabled={verify.isPending} fullWidth>
          {TWO_FACTOR_STEP_TEXT.verify}
        </Button>
      </div>
      <div className={styles.links}>
        <Button variant="quiet" size="small" onPress={switchKind}>
          {useRecovery ? TWO_FACTOR_STEP_TEXT.useApp : TWO_FACTOR_STEP_TEXT.useRecovery}
        </Button>
      </div>
    </Form>
  )
}
