import { BackendStatusSchema, EnvInfoSchema, StaffUserListSchema } from '@canopy/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'

/** The service status is fresh for 15 s and not retried: a failure is itself what the page reports. */
export const BACKEND_STATUS_STALE_MS = 15_000

export const getBackendStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['status', 'backend-cms'],
    queryFn: ({ signal }) =>
      requestApi('/api/v1/status/backend-cms', { schema: BackendStatusSchema, signal }),
    staleTime: BACKEND_STATUS_STALE_MS,
    refetchInterval: BACKEND_STATUS_STALE_MS,
    retry: false,
  })

export const useBackendStatus = () => useQuery(getBackendStatusQueryOptions())

export const getEnvInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'env'],
    queryFn: ({ signal }) => requestApi('/api/v1/env', { schema: EnvInfoSchema, signal }),
    retry: false,
  })

export const useEnvInfo = () => useQuery(getEnvInfoQueryOptions())

export function useStaffUserSearch(search: string) {
  return useQuery({
    queryKey: ['staff', 'users', search],
    queryFn: ({ signal }) =>
      requestApi('/api/v1/staff/users', { params: { search }, schema: StaffUserListSchema, signal }),
    placeholderData: keepPreviousData,
  })
}
