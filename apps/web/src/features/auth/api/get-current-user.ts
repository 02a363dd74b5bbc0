import { type User, UserSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { authQueryKeys } from './query-keys'
import { storeUser } from './stored-user'

/** Fetched only when the session is valid but no user is stored; the answer is stored. */
export async function getCurrentUser(signal?: AbortSignal): Promise<User> {
  const user = await requestApi('/auth/current-user', { schema: UserSchema, signal })
  storeUser(user)
  return user
}

export const getCurrentUserQueryOptions = () =>
  queryOptions({
    queryKey: authQueryKeys.currentUser(),
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: STALE_TIME.auth,
  })

export function useCurrentUserQuery(options: { enabled: boolean }) {
  return useQuery({ ...getCurrentUserQueryOptions(), enabled: options.enabled })
}
