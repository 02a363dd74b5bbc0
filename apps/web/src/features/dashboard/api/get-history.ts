import { HistoryResponseSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'
import { dashboardQueryKeys, type SectionScope, sitePathOf } from './query-keys'

/** The history endpoint's client cache time (endpoints.json: stale 15 s). */
const HISTORY_STALE_MS = 15_000

export function getHistory(siteSlug: string, scope: SectionScope, signal?: AbortSignal) {
  return requestApi(sitePathOf(siteSlug, 'history'), { params: scope, schema: HistoryResponseSchema, signal })
}

export const getHistoryQueryOptions = (siteSlug: string, scope: SectionScope) =>
  queryOptions({
    queryKey: dashboardQueryKeys.history(siteSlug, scope),
    queryFn: ({ signal }) => getHistory(siteSlug, scope, signal),
    staleTime: HISTORY_STALE_MS,
  })

export function useHistory(siteSlug: string, scope: SectionScope) {
  return useQuery(getHistoryQueryOptions(siteSlug, scope))
}
