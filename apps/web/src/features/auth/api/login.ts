import { type LoginRequest, UserSchema } from '@canopy/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'
import { authQueryKeys } from './query-keys'
import { storeUser } from './stored-user'

export function login(credentials: LoginRequest) {
  return requestApi('/login', { method: 'POST', body: credentials, schema: UserSchema })
}

/** On success the user is stored and the session marked signed in, which swaps in the signed-in routes. */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      storeUser(user)
      queryClient.setQueryData(authQueryKeys.currentUser(), user)
      queryClient.setQueryData(authQueryKeys.check(), { authenticated: true })
    },
  })
}
