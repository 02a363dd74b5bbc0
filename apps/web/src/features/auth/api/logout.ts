import { useMutation, useQueryClient } from '@tanstack/react-query'
import { TIMING } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { clearStoredValues } from '@/lib/local-store'
import { authQueryKeys } from './query-keys'

/** POST: a GET could be triggered by another site's image or link and sign the user out. */
export function logout() {
  return requestApi('/logout', { method: 'POST' })
}

/**
 * Logging out clears all local storage and the query cache even if the call fails, then goes to /
 * after 150 ms, where the signed-out routes show the login page.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearStoredValues()
      queryClient.clear()
      window.setTimeout(() => {
        window.history.replaceState(null, '', '/')
        queryClient.setQueryData(authQueryKeys.check(), { authenticated: false })
      }, TIMING.redirectAfterLogoutMs)
    },
  })
}
