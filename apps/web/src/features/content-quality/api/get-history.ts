import { HistoryResponseSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { type Scope, sitePrefix } from './site-api'

/** GET /api/v1/sites/:slug/history?sectionId=: the content quality score and counts over time; stale after 15 s. */
export const getHistoryQueryOptions = (siteSlug: string, scope: Scope) =>
  queryOptions({
    queryKey: ['sites', 'detail', siteSlug, 'history', scope] as const,
    queryFn: ({ signal }) =>
      requestApi(`${sitePrefix(siteSlug)}/history`, {
        params: { sectionId: scope.sectionId },
        schema: HistoryResponseSchema,
        signal,
      }),
    staleTime: STALE_TIME.history,
  })

export function useHistory(siteSlug: string, scope: Scope) {
  return useQuery(getHistoryQueryOptions(siteSlug, scope))
}
