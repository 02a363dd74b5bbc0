import { ScanProgressSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { TIMING } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { singlePageScanQueryKeys } from './query-keys'

export function getScanProgress(scanId: string, signal?: AbortSignal) {
  return requestApi(`/api/v1/single-page-scan/progress/${encodeURIComponent(scanId)}`, {
    schema: ScanProgressSchema,
    signal,
  })
}

/** While the client waits for the result, the queue position is polled every 10 s. */
export const getScanProgressQueryOptions = (scanId: string) =>
  queryOptions({
    queryKey: singlePageScanQueryKeys.progress(scanId),
    queryFn: ({ signal }) => getScanProgress(scanId, signal),
    staleTime: 0,
    refetchInterval: TIMING.scanProgressPollMs,
  })

export function useScanProgress(scanId: string | undefined, isWaiting: boolean) {
  return useQuery({ ...getScanProgressQueryOptions(scanId ?? ''), enabled: Boolean(scanId) && isWaiting })
}
