import { type FeatureFlag, type FeatureFlagName, FeatureFlagSchema } from '@canopy/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'

/** Staff: a flag's global value (PUT /api/v1/features/:name). */
export function setGlobalFeatureFlag(name: FeatureFlagName, active: boolean): Promise<FeatureFlag> {
  return requestApi(`/api/v1/features/${encodeURIComponent(name)}`, {
    method: 'PUT',
    body: { active },
    schema: FeatureFlagSchema,
  })
}

/** Staff: a site's own value of a flag, or null to follow the global value again. */
export function setSiteFeatureFlag(
  siteSlug: string,
  name: FeatureFlagName,
  active: boolean | null,
): Promise<FeatureFlag> {
  return requestApi(`/api/v1/sites/${encodeURIComponent(siteSlug)}/features/${encodeURIComponent(name)}`, {
    method: 'PUT',
    body: { active },
    schema: FeatureFlagSchema,
  })
}

/** A switch changes what every site's flags read, and what the flagged screens answer: all are read again. */
function useFlagMutation<Input>(change: (input: Input) => Promise<FeatureFlag>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries(),
  })
}

export const useSetGlobalFeatureFlag = () =>
  useFlagMutation(({ name, active }: { name: FeatureFlagName; active: boolean }) =>
    setGlobalFeatureFlag(name, active),
  )

export const useSetSiteFeatureFlag = (siteSlug: string) =>
  useFlagMutation(({ name, active }: { name: FeatureFlagName; active: boolean | null }) =>
    setSiteFeatureFlag(siteSlug, name, active),
  )
