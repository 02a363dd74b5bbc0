import { AnalyticsScreen } from '@/features/analytics/components/analytics-screen'
import { sitePath } from '@/lib/site-paths'
import { AreaGate } from './area-gate'

/**
 * analytics (premium): the site's page views. Web analytics is the site's, not a section's: under a section
 * it shows the same site-wide figures, and its rows lead to pages under that section.
 */
export function Component() {
  return (
    <AreaGate>
      {(scope) => {
        const at = (rest: string) => sitePath(scope.siteSlug, scope.sectionSlug, rest)
        return (
          <AnalyticsScreen
            siteSlug={scope.siteSlug}
            integrationsHref={scope.site.hasAdminAccess ? at('settings/integrations') : null}
            pageHrefs={{
              detail: (pageId) => at(`pages/${encodeURIComponent(pageId)}`),
              analytics: (pageId) => at(`analytics/${encodeURIComponent(pageId)}`),
            }}
          />
        )
      }}
    </AreaGate>
  )
}
