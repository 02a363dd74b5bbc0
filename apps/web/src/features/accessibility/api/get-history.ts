import { HistoryResponseSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { sitePrefix } from './site-list'

type Scope = { sectionId?: string }

/** GET /api/v1/sites/:slug/history?sectionId=: scores and issue counts over time; stale after 15 s. */
export function getHistory(siteSlug: string, scope: Scope, signal?: AbortSignal) {
  return requestApi(`${sitePrefix(siteSlug)}/history`, {
    params: { sectionId: scope.sectionId },
    schema: HistoryResponseSchema,
    signal,
  })
}

export const getHistoryQueryOptions = (siteSlug: string, scope: Scope) =>
  queryOptions({
    queryKey: ['sites', 'detail', siteSlug, 'history', scope] as const,
    queryFn: ({ signal }) => getHistory(siteSlug, scope, signal),
    staleTime: STALE_TIME.history,
  })

export function useHistory(siteSlug: string, scope: Scope) {
  return useQuery(getHistoryQueryOptions(siteSlug, scope))
}
