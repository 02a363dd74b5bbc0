import {
  type CreateSsoProviderRequest,
  SsoProviderListSchema,
  SsoProviderSchema,
  type UpdateSsoProviderRequest,
} from '@canopy/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'

/** GET/POST /api/v1/crm/organisations/:id/sso-providers, PUT/DELETE …/:providerId. */
const providersPath = (organisationId: string) =>
  `/api/v1/crm/organisations/${encodeURIComponent(organisationId)}/sso-providers`

const providersKey = (organisationId: string) => ['organisations', organisationId, 'sso-providers'] as const

export function useSsoProviders(organisationId: string) {
  return useQuery({
    queryKey: providersKey(organisationId),
    queryFn: ({ signal }) =>
      requestApi(providersPath(organisationId), { schema: SsoProviderListSchema, signal }),
  })
}

export type SaveSsoProvider =
  | { kind: 'create'; body: CreateSsoProviderRequest }
  | { kind: 'update'; providerId: string; body: UpdateSsoProviderRequest }

export function useSaveSsoProvider(organisationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (save: SaveSsoProvider) =>
      save.kind === 'create'
        ? requestApi(providersPath(organisationId), {
            method: 'POST',
            body: save.body,
            schema: SsoProviderSchema,
          })
        : requestApi(`${providersPath(organisationId)}/${encodeURIComponent(save.providerId)}`, {
            method: 'PUT',
            body: save.body,
            schema: SsoProviderSchema,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersKey(organisationId) }),
  })
}

export function useDeleteSsoProvider(organisationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (providerId: string) =>
      requestApi(`${providersPath(organisationId)}/${encodeURIComponent(providerId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersKey(organisationId) }),
  })
}
