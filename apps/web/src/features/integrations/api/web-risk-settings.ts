import { type UpdateWebRiskSettingsRequest, WebRiskSettingsSchema } from '@canopy/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'

/** GET and POST /api/v1/sites/:slug/integrations/web-risk/settings. */
const settingsPath = (siteSlug: string) =>
  `/api/v1/sites/${encodeURIComponent(siteSlug)}/integrations/web-risk/settings`

const settingsKey = (siteSlug: string) => ['sites', 'integrations', siteSlug, 'web-risk'] as const

export function useWebRiskSettings(siteSlug: string) {
  return useQuery({
    queryKey: settingsKey(siteSlug),
    queryFn: ({ signal }) => requestApi(settingsPath(siteSlug), { schema: WebRiskSettingsSchema, signal }),
    staleTime: STALE_TIME.documents,
  })
}

/** Saving also refreshes the site's config, whose webRiskIntegration.enabled the malicious-links screen reads. */
export function useUpdateWebRiskSettings(siteSlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateWebRiskSettingsRequest) =>
      requestApi(settingsPath(siteSlug), { method: 'POST', body, schema: WebRiskSettingsSchema }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKey(siteSlug), saved)
      await queryClient.invalidateQueries({ queryKey: ['sites', 'detail', siteSlug] })
    },
  })
}
