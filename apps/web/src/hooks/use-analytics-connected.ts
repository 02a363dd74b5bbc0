import { Ga4SettingsSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'

/**
 * Whether the site's web analytics is connected and on, so its lists can show each page's views. It reads
 * the integration's settings under the same key as the integrations screen, which refreshes it on a change.
 */
export function useAnalyticsConnected(siteSlug: string): boolean {
  const settings = useQuery({
    queryKey: ['sites', 'integrations', siteSlug, 'ga4'],
    queryFn: ({ signal }) =>
      requestApi(`/api/v1/sites/${encodeURIComponent(siteSlug)}/integrations/ga4/settings`, {
        schema: Ga4SettingsSchema,
        signal,
      }),
    staleTime: STALE_TIME.documents,
  })
  return Boolean(settings.data?.enabled && settings.data.connected)
}
