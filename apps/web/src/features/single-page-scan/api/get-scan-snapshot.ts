import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { singlePageScanQueryKeys } from './query-keys'

/**
 * The stored HTML of the scanned page. The spec leaves the answer's shape open: an HTML body is used as it
 * is, a JSON body by its `html` field.
 */
export async function getScanSnapshot(scanId: string, signal?: AbortSignal): Promise<string> {
  const body = await requestApi(`/api/v1/single-page-scan/snapshot/${encodeURIComponent(scanId)}`, { signal })
  if (typeof body === 'string') return body
  if (typeof body === 'object' && body !== null && 'html' in body && typeof body.html === 'string') {
    return body.html
  }
  throw new Error('The page snapshot is empty.')
}

/** Snapshots are cached for 15 minutes. */
export const getScanSnapshotQueryOptions = (scanId: string) =>
  queryOptions({
    queryKey: singlePageScanQueryKeys.snapshot(scanId),
    queryFn: ({ signal }) => getScanSnapshot(scanId, signal),
    staleTime: STALE_TIME.scanSnapshot,
  })

export function useScanSnapshot(scanId: string | undefined) {
  return useQuery({ ...getScanSnapshotQueryOptions(scanId ?? ''), enabled: Boolean(scanId) })
}
