import { AuthLayout } from '@/components/layouts/auth-layout'
import { ButtonLink } from '@/components/ui/button'
import { MESSAGES } from '@/config/messages'

/** /:providerId/registered: after single sign-on the new account waits for e-mail verification. */
export function Component() {
  return (
    <AuthLayout title={MESSAGES.registration.success}>
      <p>{MESSAGES.sso.registered}</p>
      <ButtonLink href="/" variant="secondary">
        {MESSAGES.login.login}
      </ButtonLink>
    </AuthLayout>
  )
}
