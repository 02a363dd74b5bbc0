import { useSession } from '@/app/session'
import { AuthLayout } from '@/components/layouts/auth-layout'
import { ButtonLink } from '@/components/ui/button'
import { NoticePanel } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'

/**
 * /:providerId/error, /sso/error and /oauth/error (README contradiction 10): one page with the 'SSO
 * Error' title, the spec's sign-on text and a way to try logging in again.
 */
export function Component() {
  const session = useSession()
  const retry = <ButtonLink href="/">Try logging in again</ButtonLink>
  if (session === 'signed-in') {
    return (
      <NoticePanel icon="alert" tone="danger" title={MESSAGES.sso.errorTitle} headingLevel={1}>
        <p>{MESSAGES.sso.error}</p>
        {retry}
      </NoticePanel>
    )
  }
  return (
    <AuthLayout title={MESSAGES.sso.errorTitle}>
      <p>{MESSAGES.sso.error}</p>
      {retry}
    </AuthLayout>
  )
}
