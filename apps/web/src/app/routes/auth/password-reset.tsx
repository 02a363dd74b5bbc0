import { useSearchParams } from 'react-router'
import { AuthLayout } from '@/components/layouts/auth-layout'
import { MESSAGES } from '@/config/messages'
import { RequestResetForm } from '@/features/auth/components/request-reset-form'
import { SetNewPasswordForm } from '@/features/auth/components/set-new-password-form'
import { NetworkHealthNotice } from '@/features/health/components/network-health-notice'

/** /password/reset: with ?token= the set-new-password form, without it the request form. */
export function Component() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')
  if (token) {
    return (
      <AuthLayout banner={<NetworkHealthNotice />} title={MESSAGES.passwordReset.setTitle}>
        {/* A new link opened in the same tab starts with an empty form. */}
        <SetNewPasswordForm key={token} token={token} />
      </AuthLayout>
    )
  }
  return (
    <AuthLayout banner={<NetworkHealthNotice />} title={MESSAGES.passwordReset.requestTitle}>
      <RequestResetForm />
    </AuthLayout>
  )
}
