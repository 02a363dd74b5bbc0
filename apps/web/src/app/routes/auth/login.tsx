import { AuthLayout } from '@/components/layouts/auth-layout'
import { LoginForm } from '@/features/auth/components/login-form'
import { UnsupportedBrowser } from '@/features/auth/components/unsupported-browser'
import { NetworkHealthNotice } from '@/features/health/components/network-health-notice'
import { isBrowserSupported } from '@/lib/browser-support'

export function Component() {
  const supported = isBrowserSupported(window.navigator.userAgent)
  return (
    <AuthLayout banner={<NetworkHealthNotice />} title="Log in to Canopy">
      {supported ? <LoginForm /> : <UnsupportedBrowser />}
    </AuthLayout>
  )
}
