import { NetworkHealthResponseSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'

/** Whether the API reaches PostgreSQL and Redis; a 503 names the service that does not answer. */
export function getNetworkHealth(signal?: AbortSignal) {
  return requestApi('/healthz/network', { schema: NetworkHealthResponseSchema, signal })
}

export const getNetworkHealthQueryOptions = () =>
  queryOptions({
    queryKey: ['healthz', 'network'],
    queryFn: ({ signal }) => getNetworkHealth(signal),
    staleTime: STALE_TIME.networkHealth,
  })

export function useNetworkHealth() {
  return useQuery(getNetworkHealthQueryOptions())
}
