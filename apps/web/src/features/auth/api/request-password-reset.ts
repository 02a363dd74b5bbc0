import { OkResponseSchema, type PasswordResetRequest } from '@canopy/contracts'
import { useMutation } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'

export function requestPasswordReset(request: PasswordResetRequest) {
  return requestApi('/account/reset', { method: 'POST', body: request, schema: OkResponseSchema })
}

/** The API answers the same whether or not the address has an account, so success says only "sent if it exists". */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}
