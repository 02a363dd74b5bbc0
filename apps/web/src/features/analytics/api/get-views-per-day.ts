import { type AnalyticsInterval, ViewsPerDaySchema } from '@canopy/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'
import { ANALYTICS_STALE_TIME, analyticsKeys, analyticsPath } from './analytics-paths'

/** GET /api/v1/analytics/:slug/views-per-day[/:pageId]?interval= (the interval's own granularity). */
export const getViewsPerDayQueryOptions = (siteSlug: string, interval: AnalyticsInterval, pageId?: string) =>
  queryOptions({
    queryKey: analyticsKeys.report(siteSlug, 'views-per-day', pageId ?? null, interval),
    queryFn: ({ signal }) =>
      requestApi(analyticsPath(siteSlug, 'views-per-day', pageId), {
        params: { interval },
        schema: ViewsPerDaySchema,
        signal,
      }),
    staleTime: ANALYTICS_STALE_TIME,
    // Switching the range keeps the previous answer on screen until the new one arrives.
    placeholderData: keepPreviousData,
  })

export function useViewsPerDay(siteSlug: string, interval: AnalyticsInterval, pageId?: string) {
  return useQuery(getViewsPerDayQueryOptions(siteSlug, interval, pageId))
}
