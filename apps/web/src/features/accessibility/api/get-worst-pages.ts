import { WorstPagesResponseSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { sitePrefix } from './site-list'

type Scope = { sectionId?: string }

/** GET /api/v1/sites/:slug/worst-pages?type=accessibility: the lowest-scoring pages. */
export function getWorstPages(siteSlug: string, scope: Scope, signal?: AbortSignal) {
  return requestApi(`${sitePrefix(siteSlug)}/worst-pages`, {
    params: { type: 'accessibility', sectionId: scope.sectionId, limit: 5 },
    schema: WorstPagesResponseSchema,
    signal,
  })
}

export const getWorstPagesQueryOptions = (siteSlug: string, scope: Scope) =>
  queryOptions({
    queryKey: ['sites', 'detail', siteSlug, 'worst-pages', 'accessibility', scope] as const,
    queryFn: ({ signal }) => getWorstPages(siteSlug, scope, signal),
    staleTime: STALE_TIME.history,
  })

export function useWorstPages(siteSlug: string, scope: Scope) {
  return useQuery(getWorstPagesQueryOptions(siteSlug, scope))
}
