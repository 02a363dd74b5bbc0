import { toSameOriginPath } from '@canopy/contracts'
import { useEffect } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router'
import { AuthLayout } from '@/components/layouts/auth-layout'
import { PageLoader } from '@/components/ui/notice'
import { showToast } from '@/components/ui/toast'
import { MESSAGES } from '@/config/messages'
import { useVerifyAccount } from '@/features/auth/api/verify-account'

/** Only paths on this site are followed (contracts' toSameOriginPath), so a crafted link cannot send a new user elsewhere. */
export function toSafeRedirect(target: string | null | undefined): string | null {
  return toSameOriginPath(target, window.location.origin)
}

/** /account/verify: verify from the link's query string, then go on (or to /500 on failure). */
export function Component() {
  const { search } = useLocation()
  const navigate = useNavigate()
  const query = search.replace(/^\?/, '')
  const verify = useVerifyAccount(query)

  useEffect(() => {
    if (verify.isSuccess && verify.data.success) {
      showToast(MESSAGES.verify.success)
      const requested = new URLSearchParams(query).get('redirect_url')
      navigate(toSafeRedirect(verify.data.redirectUrl) ?? toSafeRedirect(requested) ?? '/account/verified', {
        replace: true,
      })
    } else if (verify.isError || (verify.isSuccess && !verify.data.success)) {
      showToast(MESSAGES.verify.failure, 'error')
      navigate('/500', { replace: true })
    }
  }, [verify.isSuccess, verify.isError, verify.data, query, navigate])

  if (query === '') return <Navigate to="/" replace />
  return (
    <AuthLayout title="Verifying your account">
      <PageLoader label="Verifying your account" />
    </AuthLayout>
  )
}
