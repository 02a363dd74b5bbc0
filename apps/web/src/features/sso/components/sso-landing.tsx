import { useEffect } from 'react'
import { PageLoader } from '@/components/ui/notice'
import { getAbsoluteApiUrl } from '@/config/env'

/** The provider page's sign-on: back to the site list, or to /oauth/error when sign-on fails. */
export function buildProviderPageSsoUrl(providerId: string): string {
  const query = new URLSearchParams({
    success_url: '/',
    error_url: '/oauth/error',
    cookie_callback: getAbsoluteApiUrl('/auth/sso'),
  })
  return `${getAbsoluteApiUrl(`/auth/${encodeURIComponent(providerId)}`)}?${query.toString()}`
}

/**
 * /{providerId}/login: leaves for the organisation's provider at once; the link is there for a browser that
 * stays (or a visitor who comes back to this page).
 */
export function SsoLanding({
  providerId,
  redirectTo = (url: string) => window.location.assign(url),
}: {
  providerId: string
  redirectTo?: (url: string) => void
}) {
  const url = buildProviderPageSsoUrl(providerId)
  useEffect(() => {
    redirectTo(url)
  }, [redirectTo, url])
  return (
    <>
      <PageLoader label="Taking you to your organisation's sign-in page" />
      {/* A plain link: the app's router would take the API's absolute address for one of its own paths. */}
      <a href={url}>Continue to sign in</a>
    </>
  )
}
