import { AuthLayout } from '@/components/layouts/auth-layout'
import { RegisterForm } from '@/features/auth/components/register-form'
import { NetworkHealthNotice } from '@/features/health/components/network-health-notice'

export function Component() {
  return (
    <AuthLayout
      banner={<NetworkHealthNotice />}
      title="Create your account"
      intro="Register to start monitoring the quality of your web sites."
    >
      <RegisterForm />
    </AuthLayout>
  )
}
