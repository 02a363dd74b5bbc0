import { WorstPagesResponseSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { sitePrefix } from '@/lib/site-list'

type Scope = { sectionId?: string }

/** GET /api/v1/sites/:slug/worst-pages?type=seo: the pages with the lowest SEO scores. */
export const getWorstPagesQueryOptions = (siteSlug: string, scope: Scope) =>
  queryOptions({
    queryKey: ['sites', 'detail', siteSlug, 'worst-pages', 'seo', scope] as const,
    queryFn: ({ signal }) =>
      requestApi(`${sitePrefix(siteSlug)}/worst-pages`, {
        params: { type: 'seo', sectionId: scope.sectionId, limit: 5 },
        schema: WorstPagesResponseSchema,
        signal,
      }),
    staleTime: STALE_TIME.history,
  })

export function useWorstPages(siteSlug: string, scope: Scope) {
  return useQuery(getWorstPagesQueryOptions(siteSlug, scope))
}
