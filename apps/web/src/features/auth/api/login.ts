import {
  isTwoFactorChallenge,
  type LoginRequest,
  LoginResponseSchema,
  type TwoFactorLoginRequest,
  type User,
  UserSchema,
} from '@canopy/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'
import { authQueryKeys } from './query-keys'
import { storeUser } from './stored-user'

/** The user, or (two-step verification on) the challenge of the second step. */
export function login(credentials: LoginRequest) {
  return requestApi('/login', { method: 'POST', body: credentials, schema: LoginResponseSchema })
}

export function loginWithSecondStep(body: TwoFactorLoginRequest) {
  return requestApi('/login/two-factor', { method: 'POST', body, schema: UserSchema })
}

/** The user is stored and the session marked signed in, which swaps in the signed-in routes. */
function useSignedIn() {
  const queryClient = useQueryClient()
  return (user: User) => {
    storeUser(user)
    queryClient.setQueryData(authQueryKeys.currentUser(), user)
    queryClient.setQueryData(authQueryKeys.check(), { authenticated: true })
  }
}

/** Signed in on success, unless the answer is a two-step challenge (the form then asks for a code). */
export function useLogin() {
  const signedIn = useSignedIn()
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (!isTwoFactorChallenge(answer)) signedIn(answer)
    },
  })
}

/** The second step: the challenge with a code or a recovery code; signed in on success. */
export function useTwoFactorLogin() {
  const signedIn = useSignedIn()
  return useMutation({ mutationFn: loginWithSecondStep, onSuccess: signedIn })
}
