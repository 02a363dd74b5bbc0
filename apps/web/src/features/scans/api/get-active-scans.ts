import { ActiveScanSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'

const ActiveScansSchema = z.array(ActiveScanSchema)

export function getActiveScans(signal?: AbortSignal) {
  return requestApi('/api/v1/scans', { schema: ActiveScansSchema, signal })
}

/** platform.md §9: the active scans are polled every 10 s and go stale after 10 s. */
export const getActiveScansQueryOptions = () =>
  queryOptions({
    queryKey: ['scans', 'active'] as const,
    queryFn: ({ signal }) => getActiveScans(signal),
    staleTime: STALE_TIME.activeScans,
    refetchInterval: STALE_TIME.activeScans,
  })

export function useActiveScans() {
  return useQuery(getActiveScansQueryOptions())
}
