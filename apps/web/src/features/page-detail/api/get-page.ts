import { PageDetailSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { pageDetailQueryKeys } from './query-keys'

/** GET /api/v1/sites/:slug/page?pageId=: the page with the latest outcome of every audit. */
export function getPage(siteSlug: string, pageId: string, signal?: AbortSignal) {
  return requestApi(`/api/v1/sites/${encodeURIComponent(siteSlug)}/page`, {
    params: { pageId },
    schema: PageDetailSchema,
    signal,
  })
}

/** Page data is cached for one minute. */
export const getPageQueryOptions = (siteSlug: string, pageId: string) =>
  queryOptions({
    queryKey: pageDetailQueryKeys.detail(siteSlug, pageId),
    queryFn: ({ signal }) => getPage(siteSlug, pageId, signal),
    staleTime: STALE_TIME.pageData,
  })

export function usePage(siteSlug: string, pageId: string) {
  return useQuery(getPageQueryOptions(siteSlug, pageId))
}
