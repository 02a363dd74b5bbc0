import { REGISTRATION_CREDIT_LIMIT, REGISTRATION_MESSAGES, type RegistrationRequest } from '@canopy/contracts'
import { type FormEvent, useMemo, useState } from 'react'
import { Form, Link } from 'react-aria-components'
import { Button, ButtonLink } from '@/components/ui/button'
import { NoticePanel } from '@/components/ui/notice'
import { TextField } from '@/components/ui/text-field'
import { MESSAGES } from '@/config/messages'
import { isApiError } from '@/lib/api-client'
import { useRegister } from '../api/register'
import { validateConfirmPassword, validateEmail, validateNewPassword } from '../validation'
import styles from './auth-forms.module.css'
import { EmailField, FormAlert, NewPasswordField } from './form-parts'

type Fields = {
  firstname: string
  lastname: string
  email: string
  password: string
  confirmPassword: string
}

const FIELD_NAMES: (keyof Fields)[] = ['firstname', 'lastname', 'email', 'password', 'confirmPassword']

/** Server validation errors name wire fields; the password travels as credentials.password. */
export function mapServerErrors(errors: Record<string, string>): Partial<Record<keyof Fields, string>> {
  const mapped: Partial<Record<keyof Fields, string>> = {}
  for (const [name, message] of Object.entries(errors)) {
    const field = name === 'credentials.password' || name === 'credentials' ? 'password' : name
    if ((FIELD_NAMES as string[]).includes(field)) mapped[field as keyof Fields] = message
  }
  return mapped
}

/**
 * The invite a registration answers: its token and site, for an e-mail invite the invited address, and for a
 * link invite limited to an e-mail domain that domain.
 */
export type RegistrationInvite = {
  token: string
  siteAlias: string
  email: string | null
  domain?: string | null
}

/** A link invite's domain admits only addresses on it (the server checks the same). */
function validateInviteEmail(value: string, domain: string | null | undefined): string | null {
  const invalid = validateEmail(value)
  if (invalid || !domain) return invalid
  return value.trim().toLowerCase().endsWith(`@${domain}`) ? null : REGISTRATION_MESSAGES.emailDomain(domain)
}

/** The wire request of the form's fields, answering the invite when there is one. */
function toRegistrationRequest(fields: Fields, invite: RegistrationInvite | undefined): RegistrationRequest {
  return {
    firstname: fields.firstname.trim(),
    lastname: fields.lastname.trim(),
    email: fields.email.trim(),
    credentials: { password: fields.password },
    creditLimit: REGISTRATION_CREDIT_LIMIT,
    ...(invite ? { invite: { token: invite.token, siteAlias: invite.siteAlias } } : {}),
  }
}

/** After registering without being signed in: the verification link is on its way. */
function VerifyEmailNotice({ email }: { email: string }) {
  return (
    <NoticePanel icon="info" title={MESSAGES.registration.success}>
      <p>
        We have sent an email to <strong>{email}</strong> with a link to verify your account. Follow the link
        to finish registering, then log in.
      </p>
      <ButtonLink href="/" variant="secondary">
        {MESSAGES.login.login}
      </ButtonLink>
    </NoticePanel>
  )
}

/**
 * Registration: first name, surname, e-mail, password and its confirmation, all
 * checked here with the spec's messages; the server's own field errors are shown on the same fields.
 * Through an e-mail invite the address is the invited one (not editable) and the new user is signed in.
 */
export function RegisterForm({
  invite,
  onSignedIn,
}: {
  invite?: RegistrationInvite
  /** called when the server signed the new user in (an e-mail invite), before the signed-in routes load */
  onSignedIn?: () => void
} = {}) {
  const [fields, setFields] = useState<Fields>({
    firstname: '',
    lastname: '',
    email: invite?.email ?? '',
    password: '',
    confirmPassword: '',
  })
  const register = useRegister({ beforeSignIn: onSignedIn })
  // One object per failed attempt: React Aria clears a server error once its field is edited.
  const serverErrors = useMemo(
    () => (isApiError(register.error) ? mapServerErrors(register.error.fieldErrors) : {}),
    [register.error],
  )
  const hasFieldErrors = Object.keys(serverErrors).length > 0
  const set = (name: keyof Fields) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }))

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    register.mutate(toRegistrationRequest(fields, invite))
  }

  if (register.isSuccess && !register.data.signedIn) return <VerifyEmailNotice email={fields.email.trim()} />

  return (
    <Form className={styles.form} onSubmit={submit} validationErrors={serverErrors}>
      <FormAlert message={hasFieldErrors ? null : register.error?.message} />
      <div className={styles.twoColumns}>
        <TextField
          label={MESSAGES.registration.firstName}
          name="firstname"
          autoComplete="given-name"
          isRequired
          value={fields.firstname}
          onChange={set('firstname')}
          validate={(value) => (value.trim() === '' ? MESSAGES.registration.firstNameRequired : null)}
        />
        <TextField
          label={MESSAGES.registration.surname}
          name="lastname"
          autoComplete="family-name"
          isRequired
          value={fields.lastname}
          onChange={set('lastname')}
          validate={(value) => (value.trim() === '' ? MESSAGES.registration.surnameRequired : null)}
        />
      </div>
      <EmailField
        value={fields.email}
        onChange={set('email')}
        validate={(value) => validateInviteEmail(value, invite?.domain)}
        isDisabled={Boolean(invite?.email)}
      />
      <NewPasswordField value={fields.password} onChange={set('password')} validate={validateNewPassword} />
      <TextField
        label={MESSAGES.registration.confirmPassword}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        isRequired
        value={fields.confirmPassword}
        onChange={set('confirmPassword')}
        validate={(value) => validateConfirmPassword(value, fields.password)}
      />
      <div className={styles.actions}>
        <Button type="submit" isDisabled={register.isPending} fullWidth>
          {MESSAGES.login.register}
        </Button>
      </div>
      <div className={styles.links}>
        <Link href="/">Already registered? {MESSAGES.login.login}</Link>
      </div>
    </Form>
  )
}
