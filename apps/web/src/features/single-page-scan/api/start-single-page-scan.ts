import { type SinglePageScanRequest, SinglePageScanResponseSchema } from '@canopy/contracts'
import { queryOptions } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'
import { singlePageScanQueryKeys } from './query-keys'

export function startSinglePageScan(request: SinglePageScanRequest, signal?: AbortSignal) {
  return requestApi('/api/v1/scans', {
    method: 'POST',
    body: request,
    schema: SinglePageScanResponseSchema,
    signal,
  })
}

/**
 * POST /api/v1/scans answers the result at once or an id to wait for. It is read as a query keyed
 * by the request, so one visit starts one scan however often the screen renders, and never retried: a
 * second POST would start a second scan.
 */
export const startSinglePageScanQueryOptions = (request: SinglePageScanRequest) =>
  queryOptions({
    queryKey: singlePageScanQueryKeys.start(request),
    queryFn: () => startSinglePageScan(request),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  })
