import { useParams } from 'react-router'
import { NotFoundView } from '@/components/errors/error-views'
import { FirstScanPending } from '@/components/ui/first-scan-pending'
import { PageLoader } from '@/components/ui/notice'
import { PremiumGate } from '@/components/ui/premium-gate'
import { useStoredUser } from '@/features/auth/api/stored-user'
import { decideSiteRoute } from '@/features/navigation/nav-items'
import { useGuardedSite } from '@/features/sites/components/site-guard'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useFeatureFlags } from '@/lib/feature-flags'

/**
 * The per-site feature routes whose screens come in later issues. Until then they show only what is
 * true today: the premium gate, the first-scan notice, or the not-found view.
 */
export function Component() {
  const site = useGuardedSite()
  const rest = useParams()['*'] ?? ''
  const user = useStoredUser()
  const flags = useFeatureFlags(user?.isStaff ?? false, site.sys.slug ?? site.sys.id)
  const decision = decideSiteRoute(rest, site, flags.isActive)
  useDocumentTitle(decision.kind === 'premium' ? decision.feature : site.siteName)

  if (decision.kind === 'premium') {
    return (
      <PremiumGate
        feature={decision.feature}
        plansHref={`/billing/${site.organisation.slug}/pricing`}
        headingLevel={1}
      />
    )
  }
  if (decision.kind === 'first-scan-pending')
    return (
      <FirstScanPending siteName={site.siteName} siteSlug={site.sys.slug ?? site.sys.id} headingLevel={1} />
    )
  // A flag that is still being read may yet let the route through.
  if (flags.isPending) return <PageLoader />
  return <NotFoundView />
}
