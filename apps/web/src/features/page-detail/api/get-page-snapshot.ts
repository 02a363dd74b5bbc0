import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { pageDetailQueryKeys } from './query-keys'

/** GET /api/v1/sites/:slug/product-snapshot?guid=: the stored HTML of the page, for the page renderer. */
export async function getPageSnapshot(siteSlug: string, pageId: string, signal?: AbortSignal) {
  const body = await requestApi(`/api/v1/sites/${encodeURIComponent(siteSlug)}/product-snapshot`, {
    params: { guid: pageId },
    signal,
  })
  if (typeof body === 'string' && body.trim() !== '') return body
  throw new Error('The page snapshot is empty.')
}

/** Snapshots are cached for 15 minutes. */
export const getPageSnapshotQueryOptions = (siteSlug: string, pageId: string) =>
  queryOptions({
    queryKey: pageDetailQueryKeys.snapshot(siteSlug, pageId),
    queryFn: ({ signal }) => getPageSnapshot(siteSlug, pageId, signal),
    staleTime: STALE_TIME.scanSnapshot,
  })

export function usePageSnapshot(siteSlug: string, pageId: string, enabled: boolean) {
  return useQuery({ ...getPageSnapshotQueryOptions(siteSlug, pageId), enabled })
}
