import { OkResponseSchema, type PasswordResetSubmit } from '@canopy/contracts'
import { useMutation } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'

export function resetPassword(request: PasswordResetSubmit) {
  return requestApi('/account/reset/password', { method: 'POST', body: request, schema: OkResponseSchema })
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
