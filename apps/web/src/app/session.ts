import { useAuthCheck } from '@/features/auth/api/check-auth'
import { useCurrentUserQuery } from '@/features/auth/api/get-current-user'
import { useStoredUser } from '@/features/auth/api/stored-user'

export type SessionState = 'pending' | 'signed-in' | 'signed-out' | 'error'

/**
 * The session bootstrap: GET /auth/check decides between the
 * signed-in and signed-out routes; a valid session without a stored user fetches /auth/current-user.
 * Either call failing is an error, which the app shows as /500.
 */
export function useSession(): SessionState {
  const auth = useAuthCheck()
  const storedUser = useStoredUser()
  const authenticated = auth.data?.authenticated === true
  const currentUser = useCurrentUserQuery({ enabled: authenticated && storedUser === null })

  if (auth.isPending) return 'pending'
  if (auth.isError) return 'error'
  if (!authenticated) return 'signed-out'
  if (storedUser) return 'signed-in'
  if (currentUser.isError) return 'error'
  return currentUser.data ? 'signed-in' : 'pending'
}
