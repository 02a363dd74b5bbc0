import type { PageTab, SiteConfig } from '@canopy/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { type LoaderFunctionArgs, useNavigate, useParams } from 'react-router'
import { TicketControl } from '@/components/tickets/ticket-control'
import { PageViewsPanel } from '@/features/analytics/components/page-views-panel'
import { AuditGroups } from '@/features/audits/components/audit-groups'
import { getPageQueryOptions } from '@/features/page-detail/api/get-page'
import type { RenderPageAudits, RenderTicket } from '@/features/page-detail/components/page-audits'
import { PageDetailScreen, readPageTab } from '@/features/page-detail/components/page-detail'
import { useGuardedSite } from '@/features/sites/components/site-guard'
import { sitePath } from '@/lib/site-paths'
import { compareVersions } from '@/lib/version'

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    if (params.slug && params.pageId)
      void queryClient.prefetchQuery(getPageQueryOptions(params.slug, params.pageId))
    return null
  }

/** The app composes the page detail with the one audit renderer (features never import each other). */
const renderAudits: RenderPageAudits = (props) => <AuditGroups {...props} headingLevel={3} />

/** Tickets are offered on a failed issue when the site's tracker is on and its product version is above 2.1.0. */
function useRenderTicket(site: SiteConfig): RenderTicket {
  const siteSlug = site.sys.slug ?? site.sys.id
  const isOffered = site.jiraIntegration.enabled && compareVersions(site.productVersion, '2.1.0') > 0
  const canManage = site.permissions.includes('manageTickets')
  return useCallback(
    (issue, pageId) => (
      <TicketControl
        siteSlug={siteSlug}
        pageId={pageId}
        issueId={issue.issueId}
        issueTitle={issue.title}
        ticket={issue.linkedJiraIssue}
        isOffered={isOffered}
        canManage={canManage}
      />
    ),
    [siteSlug, isOffered, canManage],
  )
}

/** /site/:slug[/section/:sectionSlug]/pages/:pageId/:tabId */
export function Component() {
  const site = useGuardedSite()
  const { pageId = '', tabId, sectionSlug = null } = useParams()
  const navigate = useNavigate()
  const renderTicket = useRenderTicket(site)
  const siteSlug = site.sys.slug ?? site.sys.id
  // Page views come from the site's web analytics (premium); the panel hides itself while it is not connected.
  const renderPageViews = site.isPaying
    ? (id: string) => (
        <PageViewsPanel
          siteSlug={siteSlug}
          pageId={id}
          analyticsHref={sitePath(siteSlug, sectionSlug, `analytics/${encodeURIComponent(id)}`)}
        />
      )
    : undefined
  const onTabChange = (tab: PageTab) =>
    navigate(sitePath(siteSlug, sectionSlug, `pages/${encodeURIComponent(pageId)}/${tab}`), { replace: true })
  return (
    <PageDetailScreen
      key={pageId}
      siteSlug={siteSlug}
      sectionSlug={sectionSlug}
      pageId={pageId}
      tab={readPageTab(tabId)}
      onTabChange={onTabChange}
      canRescan={site.permissions.includes('startScans')}
      canAssign={site.permissions.includes('assignIssues')}
      wcagTarget={site.accessibility.wcagTarget}
      canReview={site.permissions.includes('assignIssues')}
      renderAudits={renderAudits}
      renderTicket={renderTicket}
      renderPageViews={renderPageViews}
    />
  )
}
