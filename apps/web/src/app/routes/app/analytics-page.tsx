import { useParams } from 'react-router'
import { PageAnalyticsScreen } from '@/features/analytics/components/page-analytics-screen'
import { usePage } from '@/features/page-detail/api/get-page'
import { sitePath } from '@/lib/site-paths'
import { AreaGate, type AreaScope } from './area-gate'

/** The page's title and address come from its detail (the app composes the two features). */
function PageAnalytics({ scope, pageId }: { scope: AreaScope; pageId: string }) {
  const page = usePage(scope.siteSlug, pageId)
  const at = (rest: string) => sitePath(scope.siteSlug, scope.sectionSlug, rest)
  return (
    <PageAnalyticsScreen
      key={pageId}
      siteSlug={scope.siteSlug}
      pageId={pageId}
      page={page.data ? { title: page.data.pageTitle ?? page.data.entryTitle, url: page.data.url } : null}
      hrefs={{
        dashboard: at(''),
        analytics: at('analytics'),
        pageDetail: at(`pages/${encodeURIComponent(pageId)}`),
      }}
      integrationsHref={scope.site.hasAdminAccess ? at('settings/integrations') : null}
    />
  )
}

/** analytics/:pageId (premium): one page's views and countries. */
export function Component() {
  const { pageId = '' } = useParams()
  return <AreaGate>{(scope) => <PageAnalytics scope={scope} pageId={pageId} />}</AreaGate>
}
