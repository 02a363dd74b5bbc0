import { MAX_PAGE_SIZE, type SiteConfig } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useLocation, useNavigate, useParams } from 'react-router'
import { NotFoundView } from '@/components/errors/error-views'
import { FirstScanPending } from '@/components/ui/first-scan-pending'
import { PageLoader } from '@/components/ui/notice'
import { PremiumGate } from '@/components/ui/premium-gate'
import { useStoredUser } from '@/features/auth/api/stored-user'
import { decideSiteRoute } from '@/features/navigation/nav-items'
import { getSectionsQueryOptions } from '@/features/sections/api/get-sections'
import { SectionSwitcher } from '@/features/sections/components/section-switcher'
import { useGuardedSite } from '@/features/sites/components/site-guard'
import { useFeatureFlags } from '@/lib/feature-flags'
import { parseSitePath, switchSectionInUrl } from '@/lib/site-paths'

export type AreaScope = {
  site: SiteConfig
  siteSlug: string
  sectionSlug: string | null
  /** the API's sectionId of the route's section; undefined for the whole site */
  sectionId: string | undefined
}

/**
 * The id of the route's section: the API scopes results by id, the URL by slug. Looked up in the site's
 * first 100 sections (the most the sections list answers at once); isMissing when none has the slug.
 */
function useSectionId(siteSlug: string, sectionSlug: string | null) {
  const sections = useQuery({
    ...getSectionsQueryOptions(siteSlug, { pageSize: MAX_PAGE_SIZE }),
    enabled: sectionSlug !== null,
  })
  if (!sectionSlug) return { isLoading: false, sectionId: undefined, isMissing: false }
  if (!sections.data)
    return { isLoading: !sections.isError, sectionId: undefined, isMissing: sections.isError }
  const section = sections.data.items.find((candidate) => candidate.sys.slug === sectionSlug)
  return { isLoading: false, sectionId: section?.sys.id, isMissing: !section }
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
  const isFlagActive = useFeatureFlags(user?.isStaff ?? false)
  const siteSlug = site.sys.slug ?? site.sys.id
  const section = useSectionId(siteSlug, sectionSlug)
  const decision = decideSiteRoute(parseSitePath(pathname)?.rest ?? '', site, isFlagActive)

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
    return <FirstScanPending siteName={site.siteName} headingLevel={1} />
  if (decision.kind === 'not-found' || section.isMissing) return <NotFoundView />
  if (section.isLoading) return <PageLoader />
  return <>{children({ site, siteSlug, sectionSlug, sectionId: section.sectionId })}</>
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
