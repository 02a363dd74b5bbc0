import { PageMisspellingsResponseSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { pageDetailQueryKeys } from './query-keys'

/** GET /api/v1/sites/:slug/content-quality/misspellings/page/:pageId: the misspelt words of one page. */
export function getPageMisspellings(siteSlug: string, pageId: string, signal?: AbortSignal) {
  return requestApi(
    `/api/v1/sites/${encodeURIComponent(siteSlug)}/content-quality/misspellings/page/${encodeURIComponent(pageId)}`,
    { schema: PageMisspellingsResponseSchema, signal },
  )
}

export const getPageMisspellingsQueryOptions = (siteSlug: string, pageId: string) =>
  queryOptions({
    queryKey: pageDetailQueryKeys.misspellings(siteSlug, pageId),
    queryFn: ({ signal }) => getPageMisspellings(siteSlug, pageId, signal),
    staleTime: STALE_TIME.list,
  })

export function usePageMisspellings(siteSlug: string, pageId: string) {
  return useQuery(getPageMisspellingsQueryOptions(siteSlug, pageId))
}
