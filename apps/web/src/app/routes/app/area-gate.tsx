import type { SiteConfig } from '@canopy/contracts'
import type { ReactNode } from 'react'
import { useLocation, useNavigate, useParams } from 'react-router'
import { NotFoundView } from '@/components/errors/error-views'
import { FirstScanPending } from '@/components/ui/first-scan-pending'
import { PageLoader } from '@/components/ui/notice'
import { PremiumGate } from '@/components/ui/premium-gate'
import { useStoredUser } from '@/features/auth/api/stored-user'
import { decideSiteRoute } from '@/features/navigation/nav-items'
import { SectionSwitcher } from '@/features/sections/components/section-switcher'
import { useGuardedSite } from '@/features/sites/components/site-guard'
import { useSectionBySlug } from '@/hooks/use-section-by-slug'
import { useFeatureFlags } from '@/lib/feature-flags'
import { parseSitePath, switchSectionInUrl } from '@/lib/site-paths'

export type AreaScope = {
  site: SiteConfig
  siteSlug: string
  sectionSlug: string | null
  /** the API's sectionId of the route's section; undefined for the whole site */
  sectionId: string | undefined
}

/** A section slug the site does not have (or whose lookup failed) is not found, like an unknown route. */
function isUnknownSection(sectionSlug: string | null, lookup: ReturnType<typeof useSectionBySlug>) {
  return sectionSlug !== null && (lookup.isError || lookup.section === null)
}

/**
 * A feature screen of a site area behind the gates of its route: the premium gate for a site that is not
 * paying, the first-scan notice until the first scan completes, not found for a route this user may not see
 * (a flag off, admin only) or an unknown section; otherwise the screen, given its site and section.
 */
export function AreaGate({ children }: { children: (scope: AreaScope) => ReactNode }) {
  const site = useGuardedSite()
  const { sectionSlug = null } = useParams()
  const { pathname } = useLocation()
  const user = useStoredUser()
  const siteSlug = site.sys.slug ?? site.sys.id
  const flags = useFeatureFlags(user?.isStaff ?? false, siteSlug)
  const section = useSectionBySlug(siteSlug, sectionSlug)
  const decision = decideSiteRoute(parseSitePath(pathname)?.rest ?? '', site, flags.isActive)

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
    return <FirstScanPending siteName={site.siteName} siteSlug={siteSlug} headingLevel={1} />
  // A flag that is still being read may yet let the route through.
  if (decision.kind === 'not-found' && flags.isPending) return <PageLoader />
  if (decision.kind === 'not-found' || isUnknownSection(sectionSlug, section)) return <NotFoundView />
  if (section.isPending) return <PageLoader />
  return <>{children({ site, siteSlug, sectionSlug, sectionId: section.section?.sys.id })}</>
}

/** The section switcher of an area screen: choosing a section keeps the screen and its view, sort and search. */
export function AreaSectionSwitcher({ scope }: { scope: AreaScope }) {
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  return (
    <SectionSwitcher
      siteSlug={scope.siteSlug}
      activeSectionSlug={scope.sectionSlug}
      canManageSections={scope.site.hasAdminAccess}
      onSelect={(next) => navigate(switchSectionInUrl(pathname, search, next))}
    />
  )
}
