import { AuthLayout } from '@/components/layouts/auth-layout'
import { ButtonLink } from '@/components/ui/button'
import { MESSAGES } from '@/config/messages'

/** /account/verified, linking to login with a referrer of /account/verified. */
export function Component() {
  return (
    <AuthLayout title={MESSAGES.verify.title}>
      <p>{MESSAGES.verify.body}</p>
      <ButtonLink href={`/?referrer=${encodeURIComponent('/account/verified')}`}>
        {MESSAGES.login.login}
      </ButtonLink>
    </AuthLayout>
  )
}
