import type { QueryClient } from '@tanstack/react-query'
import { authQueryKeys } from '@/features/auth/api/query-keys'
import { storeUser } from '@/features/auth/api/stored-user'
import { createQueryClient } from '@/lib/query-client'

/** The app's cache: a 401 from any call means the session has ended, so the signed-out routes take over. */
export function createAppQueryClient(): QueryClient {
  return createQueryClient((client) => {
    storeUser(null)
    client.setQueryData(authQueryKeys.check(), { authenticated: false })
  })
}
