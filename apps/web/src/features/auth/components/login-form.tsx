import { type EmailCheckResponse, isTwoFactorChallenge, type TwoFactorChallenge } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import { Form, Link } from 'react-aria-components'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { getAbsoluteApiUrl } from '@/config/env'
import { MESSAGES } from '@/config/messages'
import { useCheckSso } from '../api/check-sso'
import { useLogin } from '../api/login'
import { validateEmail } from '../validation'
import styles from './auth-forms.module.css'
import { EmailField, FormAlert } from './form-parts'
import { TwoFactorStep } from './two-factor-step'

/**
 * SSO is a browser redirect to {api}/auth/{provider}; the API's /auth/sso sets the
 * session cookie and sends the browser on to success_url, or to error_url when sign-on fails.
 */
export function buildSsoUrl(provider: string, email: string): string {
  const query = new URLSearchParams({
    success_url: '/',
    error_url: '/sso/error',
    cookie_callback: getAbsoluteApiUrl('/auth/sso'),
    login_hint: email,
  })
  return `${getAbsoluteApiUrl(`/auth/${encodeURIComponent(provider)}`)}?${query.toString()}`
}

type Step =
  | { kind: 'email' }
  | { kind: 'password' }
  | { kind: 'sso'; check: EmailCheckResponse }
  | { kind: 'two-factor'; challenge: TwoFactorChallenge }

/*
 * The submit buttons are disabled while their request runs rather than marked isPending: React Aria
 * announces a pending button through a live region that points at the button, and these buttons are
 * gone (the step changes) by the time a screen reader or axe reads that region.
 */

/**
 * The two-step login: the e-mail first, then either the password (focused) or the
 * organisation's single sign-on. 'Change email address' goes back and forgets both paths. An account with
 * two-step verification then gets a third step, a code from its authenticator app.
 */
export function LoginForm({
  redirectTo = (url: string) => window.location.assign(url),
}: {
  redirectTo?: (url: string) => void
}) {
  const [step, setStep] = useState<Step>({ kind: 'email' })
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const checkSso = useCheckSso()
  const login = useLogin()

  const submitEmail = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    checkSso.mutate(email.trim(), {
      onSuccess: (check) =>
        setStep(check.isSSO && check.ssoProvider ? { kind: 'sso', check } : { kind: 'password' }),
    })
  }

  const submitPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    login.mutate(
      { username: email.trim(), password },
      {
        onSuccess: (answer) => {
          if (isTwoFactorChallenge(answer)) setStep({ kind: 'two-factor', challenge: answer })
        },
      },
    )
  }

  const changeEmail = () => {
    setStep({ kind: 'email' })
    setPassword('')
    checkSso.reset()
    login.reset()
  }

  if (step.kind === 'email') {
    return (
      <Form className={styles.form} onSubmit={submitEmail}>
        <FormAlert message={checkSso.error?.message} />
        <EmailField autoComplete="username" value={email} onChange={setEmail} validate={validateEmail} />
        <div className={styles.actions}>
          <Button type="submit" isDisabled={checkSso.isPending} fullWidth>
            {MESSAGES.login.next}
          </Button>
        </div>
        <div className={styles.links}>
          <Link href="/password/reset">{MESSAGES.login.forgotPassword}</Link>
          <Link href="/register">{MESSAGES.login.register}</Link>
        </div>
      </Form>
    )
  }

  const identity = (
    <div className={styles.identity}>
      <span className={styles.identityEmail}>
        <span className="visually-hidden">Logging in as </span>
        {email.trim()}
      </span>
      <Button variant="quiet" size="small" onPress={changeEmail}>
        {MESSAGES.login.changeEmail}
      </Button>
    </div>
  )

  if (step.kind === 'two-factor') {
    return <TwoFactorStep email={email.trim()} challenge={step.challenge} identity={identity} />
  }

  if (step.kind === 'sso') {
    const provider = step.check.ssoProvider ?? ''
    const providerName = step.check.title || provider
    return (
      <div className={styles.form}>
        {identity}
        <Button fullWidth onPress={() => redirectTo(buildSsoUrl(provider, email.trim()))}>
          {step.check.ssoIcon ? <img src={step.check.ssoIcon} alt="" className={styles.ssoIcon} /> : null}
          {MESSAGES.login.loginWith(providerName)}
        </Button>
      </div>
    )
  }

  return (
    <Form className={styles.form} onSubmit={submitPassword}>
      {identity}
      <FormAlert message={login.isError ? `${login.error.message} ${MESSAGES.login.accountHint}` : null} />
      <input type="email" name="username" value={email.trim()} autoComplete="username" readOnly hidden />
      <TextField
        label={MESSAGES.registration.password}
        name="password"
        type="password"
        autoComplete="current-password"
        isRequired
        autoFocus
        value={password}
        onChange={setPassword}
        validate={(value) => (value === '' ? MESSAGES.registration.passwordRequired : null)}
      />
      <div className={styles.actions}>
        <Button type="submit" isDisabled={login.isPending} fullWidth>
          {MESSAGES.login.login}
        </Button>
      </div>
      <div className={styles.links}>
        <Link href="/password/reset">{MESSAGES.login.forgotPassword}</Link>
      </div>
    </Form>
  )
}
