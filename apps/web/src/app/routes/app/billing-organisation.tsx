import { Navigate, useNavigate, useParams } from 'react-router'
import { OrganisationScreen } from '@/features/billing/components/organisation-screen'
import { billingPath, readBillingTab } from '@/features/billing/labels'
import { SsoProvidersPanel } from '@/features/sso/components/sso-providers-panel'

const DEFAULT_TAB = 'account'

/** billing/:slug/:tab: the tab is in the URL; none or an unknown one goes to the Account tab. */
export function Component() {
  const { slug = '', tab: segment } = useParams()
  const navigate = useNavigate()
  const tab = readBillingTab(segment)
  if (!tab) return <Navigate to={billingPath(slug, DEFAULT_TAB)} replace />
  return (
    <OrganisationScreen
      key={slug}
      slug={slug}
      tab={tab}
      onTabChange={(next) => navigate(billingPath(slug, next), { replace: true })}
      renderSingleSignOn={(organisationId) => <SsoProvidersPanel organisationId={organisationId} />}
    />
  )
}
