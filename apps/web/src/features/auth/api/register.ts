import { type RegistrationRequest, RegistrationResponseSchema } from '@canopy/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'
import { authQueryKeys } from './query-keys'
import { storeUser } from './stored-user'

export function register(request: RegistrationRequest) {
  return requestApi('/account/register', {
    method: 'POST',
    body: request,
    schema: RegistrationResponseSchema,
  })
}

/**
 * Most accounts must verify their e-mail first; one the server signs in at once joins the signed-in app.
 * `beforeSignIn` runs before the session flips, which swaps the route set at the browser's address: the
 * place to set that address (a mutate call's own onSuccess would run after the swap).
 */
export function useRegister({ beforeSignIn }: { beforeSignIn?: () => void } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: register,
    onSuccess: (response) => {
      if (!response.signedIn || !response.user) return
      beforeSignIn?.()
      storeUser(response.user)
      queryClient.setQueryData(authQueryKeys.currentUser(), response.user)
      queryClient.setQueryData(authQueryKeys.check(), { authenticated: true })
    },
  })
}
