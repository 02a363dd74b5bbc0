import { ContentQualityResourceSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'
import { CONTENT_QUALITY_STALE_TIME } from '../labels'
import { sitePrefix } from './site-api'

/** GET /api/v1/sites/:slug/content-quality/resources/:resourceId: one link or misspelling. */
export const getResourceQueryOptions = (siteSlug: string, resourceId: string) =>
  queryOptions({
    queryKey: ['sites', 'detail', siteSlug, 'content-quality-resource', resourceId] as const,
    queryFn: ({ signal }) =>
      requestApi(`${sitePrefix(siteSlug)}/content-quality/resources/${encodeURIComponent(resourceId)}`, {
        schema: ContentQualityResourceSchema,
        signal,
      }),
    staleTime: CONTENT_QUALITY_STALE_TIME.resources,
  })

export function useResource(siteSlug: string, resourceId: string) {
  return useQuery(getResourceQueryOptions(siteSlug, resourceId))
}
