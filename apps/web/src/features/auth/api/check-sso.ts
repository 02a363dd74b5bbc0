import { EmailCheckResponseSchema } from '@canopy/contracts'
import { useMutation } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'

/** Login step 1: does this e-mail sign in with a password or through single sign-on? */
export function checkSso(identifier: string) {
  return requestApi('/auth/check-sso', {
    method: 'POST',
    body: { identifier },
    schema: EmailCheckResponseSchema,
  })
}

export function useCheckSso() {
  return useMutation({ mutationFn: checkSso })
}
