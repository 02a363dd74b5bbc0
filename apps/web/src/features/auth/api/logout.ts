import { useMutation, useQueryClient } from '@tanstack/react-query'
import { TIMING } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { clearStoredValues } from '@/lib/local-store'

export function logout() {
  return requestApi('/logout')
}

/**
 * platform.md §4: clear all local storage and the query cache even if the call fails, then go to /
 * after 150 ms. The page is reloaded there so that no state of the signed-in session survives.
 */
export function useLogout(options: { navigateHome?: () => void } = {}) {
  const queryClient = useQueryClient()
  const navigateHome = options.navigateHome ?? (() => window.location.assign('/'))
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearStoredValues()
      queryClient.clear()
      window.setTimeout(navigateHome, TIMING.redirectAfterLogoutMs)
    },
  })
}
