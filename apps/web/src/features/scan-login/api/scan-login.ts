import { type PutScanLoginRequest, ScanLoginSchema, ScanLoginTestResultSchema } from '@canopy/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'

/** GET/PUT/DELETE /api/v1/sites/:slug/scan-login and POST …/scan-login/test. */
const scanLoginPath = (siteSlug: string) => `/api/v1/sites/${encodeURIComponent(siteSlug)}/scan-login`

const scanLoginKey = (siteSlug: string) => ['sites', 'settings', siteSlug, 'scan-login'] as const

export function useScanLogin(siteSlug: string) {
  return useQuery({
    queryKey: scanLoginKey(siteSlug),
    queryFn: ({ signal }) => requestApi(scanLoginPath(siteSlug), { schema: ScanLoginSchema, signal }),
  })
}

export function useSaveScanLogin(siteSlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: PutScanLoginRequest) =>
      requestApi(scanLoginPath(siteSlug), { method: 'PUT', body, schema: ScanLoginSchema }),
    onSuccess: (saved) => queryClient.setQueryData(scanLoginKey(siteSlug), saved),
  })
}

export function useRemoveScanLogin(siteSlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => requestApi(scanLoginPath(siteSlug), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scanLoginKey(siteSlug) }),
  })
}

/** The worker signs in as a scan would; the answer waits for it (up to a minute). */
export function useTestScanLogin(siteSlug: string) {
  return useMutation({
    mutationFn: () =>
      requestApi(`${scanLoginPath(siteSlug)}/test`, { method: 'POST', schema: ScanLoginTestResultSchema }),
  })
}
