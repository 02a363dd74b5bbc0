import { SeoHealthSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { sitePrefix } from '@/lib/site-list'

type Scope = { sectionId?: string }

/** GET /api/v1/sites/:slug/seo/health?sectionId=: every SEO check over the pages, and the page counts. */
export const getSeoHealthQueryOptions = (siteSlug: string, scope: Scope) =>
  queryOptions({
    queryKey: ['sites', 'detail', siteSlug, 'seo-health', scope] as const,
    queryFn: ({ signal }) =>
      requestApi(`${sitePrefix(siteSlug)}/seo/health`, {
        params: { sectionId: scope.sectionId },
        schema: SeoHealthSchema,
        signal,
      }),
    staleTime: STALE_TIME.list,
  })

export function useSeoHealth(siteSlug: string, scope: Scope) {
  return useQuery(getSeoHealthQueryOptions(siteSlug, scope))
}
