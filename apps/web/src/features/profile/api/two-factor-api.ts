import {
  RecoveryCodesSchema,
  type TwoFactorProof,
  TwoFactorSetupSchema,
  type TwoFactorStatus,
  TwoFactorStatusSchema,
} from '@canopy/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'
import { PROFILE_API, profileQueryKeys } from './profile-api'

const TWO_FACTOR_API = `${PROFILE_API}/two-factor`
const statusKey = () => [...profileQueryKeys.all, 'two-factor'] as const

/** GET …/two-factor: on or off, and the recovery codes left. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: statusKey(),
    queryFn: ({ signal }) => requestApi(TWO_FACTOR_API, { schema: TwoFactorStatusSchema, signal }),
  })
}

/** POST …/two-factor/setup: a new secret to show as a QR code and as text. */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: () => requestApi(`${TWO_FACTOR_API}/setup`, { method: 'POST', schema: TwoFactorSetupSchema }),
  })
}

/** The answers that change the status carry it: the cached status follows at once. */
function useSetStatus() {
  const queryClient = useQueryClient()
  return (status: TwoFactorStatus) => queryClient.setQueryData(statusKey(), status)
}

/** POST …/two-factor/confirm {code}: turns it on and answers the recovery codes, once. */
export function useConfirmTwoFactor() {
  const setStatus = useSetStatus()
  return useMutation({
    mutationFn: (code: string) =>
      requestApi(`${TWO_FACTOR_API}/confirm`, {
        method: 'POST',
        body: { code },
        schema: RecoveryCodesSchema,
      }),
    onSuccess: (answer) => setStatus(answer.status),
  })
}

/** POST …/two-factor/disable with the password or a current code. */
export function useTurnOffTwoFactor() {
  const setStatus = useSetStatus()
  return useMutation({
    mutationFn: (proof: TwoFactorProof) =>
      requestApi(`${TWO_FACTOR_API}/disable`, {
        method: 'POST',
        body: proof,
        schema: TwoFactorStatusSchema,
      }),
    onSuccess: setStatus,
  })
}

/** POST …/two-factor/recovery-codes with the password or a current code: ten new codes, once. */
export function useRegenerateRecoveryCodes() {
  const setStatus = useSetStatus()
  return useMutation({
    mutationFn: (proof: TwoFactorProof) =>
      requestApi(`${TWO_FACTOR_API}/recovery-codes`, {
        method: 'POST',
        body: proof,
        schema: RecoveryCodesSchema,
      }),
    onSuccess: (answer) => setStatus(answer.status),
  })
}
