import { type AnalyticsInterval, ViewsPerCountrySchema } from '@canopy/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'
import { ANALYTICS_STALE_TIME, analyticsKeys, analyticsPath } from './analytics-paths'

/** GET /api/v1/analytics/:slug/views-per-country[/:pageId]?interval= */
export const getViewsPerCountryQueryOptions = (
  siteSlug: string,
  interval: AnalyticsInterval,
  pageId?: string,
) =>
  queryOptions({
    queryKey: analyticsKeys.report(siteSlug, 'views-per-country', pageId ?? null, interval),
    queryFn: ({ signal }) =>
      requestApi(analyticsPath(siteSlug, 'views-per-country', pageId), {
        params: { interval },
        schema: ViewsPerCountrySchema,
        signal,
      }),
    staleTime: ANALYTICS_STALE_TIME,
    placeholderData: keepPreviousData,
  })

export function useViewsPerCountry(siteSlug: string, interval: AnalyticsInterval, pageId?: string) {
  return useQuery(getViewsPerCountryQueryOptions(siteSlug, interval, pageId))
}
