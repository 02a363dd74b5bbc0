import { ReadabilityResponseSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'
import { CONTENT_QUALITY_STALE_TIME } from '../labels'
import { type Scope, sitePrefix } from './site-api'

/** GET /api/v1/sites/:slug/content-quality/readability?sectionId=: the score and the pages per level. */
export const getReadabilityQueryOptions = (siteSlug: string, scope: Scope) =>
  queryOptions({
    queryKey: ['sites', 'detail', siteSlug, 'readability', scope] as const,
    queryFn: ({ signal }) =>
      requestApi(`${sitePrefix(siteSlug)}/content-quality/readability`, {
        params: { sectionId: scope.sectionId },
        schema: ReadabilityResponseSchema,
        signal,
      }),
    staleTime: CONTENT_QUALITY_STALE_TIME.readability,
  })

export function useReadability(siteSlug: string, scope: Scope) {
  return useQuery(getReadabilityQueryOptions(siteSlug, scope))
}
