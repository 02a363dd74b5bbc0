import { PopularPagesSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'
import { ANALYTICS_STALE_TIME, analyticsKeys, analyticsPath } from './analytics-paths'

/** GET /api/v1/analytics/:slug/popular-pages: the most visited pages first (the API's own period). */
export const getPopularPagesQueryOptions = (siteSlug: string) =>
  queryOptions({
    queryKey: analyticsKeys.report(siteSlug, 'popular-pages', null),
    queryFn: ({ signal }) =>
      requestApi(analyticsPath(siteSlug, 'popular-pages'), { schema: PopularPagesSchema, signal }),
    staleTime: ANALYTICS_STALE_TIME,
  })

export function usePopularPages(siteSlug: string) {
  return useQuery(getPopularPagesQueryOptions(siteSlug))
}
