import { AuthCheckResponseSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { authQueryKeys } from './query-keys'

export function checkAuth(signal?: AbortSignal) {
  return requestApi('/auth/check', { schema: AuthCheckResponseSchema, signal })
}

export const checkAuthQueryOptions = () =>
  queryOptions({
    queryKey: authQueryKeys.check(),
    queryFn: ({ signal }) => checkAuth(signal),
    staleTime: STALE_TIME.auth,
  })

export function useAuthCheck() {
  return useQuery(checkAuthQueryOptions())
}
