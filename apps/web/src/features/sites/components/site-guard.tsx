import type { SiteConfig } from '@canopy/contracts'
import { createContext, type ReactNode, useContext, useEffect } from 'react'
import { Navigate } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import { NoticePanel, PageLoader } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'
import { clearActiveSiteIfMatches, setActiveSection, setActiveSite } from '@/lib/active-site'
import { isApiError } from '@/lib/api-client'
import { useSite } from '../api/get-site'

const SiteContext = createContext<SiteConfig | null>(null)

/** The site config of the route, for anything rendered inside the site guard. */
export function useGuardedSite(): SiteConfig {
  const site = useContext(SiteContext)
  if (!site) throw new Error('useGuardedSite must be used inside <SiteGuard>')
  return site
}

export function SiteNotFound() {
  return (
    <NoticePanel icon="alert" tone="warning" title={MESSAGES.siteGuard.title} headingLevel={1}>
      <p>{MESSAGES.siteGuard.body}</p>
      <ButtonLink href="/" variant="secondary">
        {MESSAGES.errorPage.siteSelector}
      </ButtonLink>
    </NoticePanel>
  )
}

/**
 * The site guard: every /site/{slug} route needs the site config. While it loads the page
 * waits; a site the user may not see (404) shows 'Site not found' and forgets the stored active site
 * if it was this one; any other failure is an error page. A loaded site becomes the active site.
 */
export function SiteGuard({
  siteSlug,
  sectionSlug,
  children,
}: {
  siteSlug: string
  sectionSlug: string | null
  children: ReactNode
}) {
  const site = useSite(siteSlug)
  const isNotFound = isApiError(site.error, 404) || isApiError(site.error, 400)
  const isLoaded = site.data !== undefined

  useEffect(() => {
    if (isLoaded) {
      setActiveSite(siteSlug)
      setActiveSection(sectionSlug)
    }
  }, [isLoaded, siteSlug, sectionSlug])

  useEffect(() => {
    if (site.isError) clearActiveSiteIfMatches(siteSlug)
  }, [site.isError, siteSlug])

  if (site.data) return <SiteContext.Provider value={site.data}>{children}</SiteContext.Provider>
  if (site.isPending) return <PageLoader />
  if (isNotFound) return <SiteNotFound />
  return <Navigate to="/500" replace />
}
