import { HistoryResponseSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { dashboardQueryKeys, type SectionScope, sitePathOf } from './query-keys'

export function getHistory(siteSlug: string, scope: SectionScope, signal?: AbortSignal) {
  return requestApi(sitePathOf(siteSlug, 'history'), { params: scope, schema: HistoryResponseSchema, signal })
}

export const getHistoryQueryOptions = (siteSlug: string, scope: SectionScope) =>
  queryOptions({
    queryKey: dashboardQueryKeys.history(siteSlug, scope),
    queryFn: ({ signal }) => getHistory(siteSlug, scope, signal),
    staleTime: STALE_TIME.history,
  })

export function useHistory(siteSlug: string, scope: SectionScope) {
  return useQuery(getHistoryQueryOptions(siteSlug, scope))
}
