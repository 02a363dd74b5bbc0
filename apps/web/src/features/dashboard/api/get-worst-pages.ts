import { WorstPagesResponseSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'
import { dashboardQueryKeys, type SectionScope, sitePathOf } from './query-keys'

/** How many of the lowest-scoring pages the dashboard lists. */
export const WORST_PAGES_LIMIT = 5

export function getWorstPages(siteSlug: string, scope: SectionScope, signal?: AbortSignal) {
  return requestApi(sitePathOf(siteSlug, 'worst-pages'), {
    params: { ...scope, type: 'accessibility', limit: WORST_PAGES_LIMIT },
    schema: WorstPagesResponseSchema,
    signal,
  })
}

export const getWorstPagesQueryOptions = (siteSlug: string, scope: SectionScope) =>
  queryOptions({
    queryKey: dashboardQueryKeys.worstPages(siteSlug, scope),
    queryFn: ({ signal }) => getWorstPages(siteSlug, scope, signal),
  })

export function useWorstPages(siteSlug: string, scope: SectionScope) {
  return useQuery(getWorstPagesQueryOptions(siteSlug, scope))
}
