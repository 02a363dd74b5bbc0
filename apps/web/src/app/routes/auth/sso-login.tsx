import { useParams } from 'react-router'
import { AuthLayout } from '@/components/layouts/auth-layout'
import { SsoLanding } from '@/features/sso/components/sso-landing'

/** /:providerId/login: single sign-on with the organisation's provider. */
export function Component() {
  const { providerId = '' } = useParams()
  return (
    <AuthLayout title="Single sign-on">
      <SsoLanding providerId={providerId} />
    </AuthLayout>
  )
}
