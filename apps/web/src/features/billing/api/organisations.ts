import {
  type Organisation,
  OrganisationListSchema,
  OrganisationSchema,
  ScanLimitResponseSchema,
  type UpdateOrganisationRequest,
} from '@canopy/contracts'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { isApiError, requestApi } from '@/lib/api-client'

const organisationsApi = '/api/v1/crm/organisations'
const organisationApi = (idOrSlug: string) => `${organisationsApi}/${encodeURIComponent(idOrSlug)}`

export const organisationQueryKeys = {
  all: ['crm', 'organisations'] as const,
  list: (query: ListApiQuery) => [...organisationQueryKeys.all, 'list', query] as const,
  detail: (idOrSlug: string) => [...organisationQueryKeys.all, 'detail', idOrSlug] as const,
}

/** GET /api/v1/crm/organisations/list: the organisations the user administers (staff: all), paged. */
export function useOrganisationList(query: ListApiQuery) {
  return useQuery({
    queryKey: organisationQueryKeys.list(query),
    queryFn: ({ signal }) =>
      requestApi(`${organisationsApi}/list`, { params: query, schema: OrganisationListSchema, signal }),
    staleTime: STALE_TIME.organisations,
    placeholderData: keepPreviousData,
  })
}

/** GET /api/v1/crm/organisations/:slug: the organisation, its subscription and its sites' usage. */
export function useOrganisation(slug: string) {
  return useQuery({
    queryKey: organisationQueryKeys.detail(slug),
    queryFn: ({ signal }) => requestApi(organisationApi(slug), { schema: OrganisationSchema, signal }),
    staleTime: STALE_TIME.organisations,
    // Not found or not theirs: asking again will not change that.
    retry: (failureCount, error) => failureCount < 1 && !isApiError(error, 404) && !isApiError(error, 403),
  })
}

/** PUT /api/v1/crm/organisations/:id: the account details; the answer replaces the cached organisation. */
export function useUpdateOrganisation(slug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateOrganisationRequest) =>
      requestApi(organisationApi(slug), { method: 'PUT', body, schema: OrganisationSchema }),
    onSuccess: async (saved: Organisation) => {
      queryClient.setQueryData(organisationQueryKeys.detail(slug), saved)
      await queryClient.invalidateQueries({ queryKey: [...organisationQueryKeys.all, 'list'] })
    },
  })
}

/** PUT /api/v1/sites/:slug/scan-limit: a site's credit limit; the organisation's usage is read again. */
export function useChangeCreditLimit(organisationSlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ siteSlug, scanLimit }: { siteSlug: string; scanLimit: number }) =>
      requestApi(`/api/v1/sites/${encodeURIComponent(siteSlug)}/scan-limit`, {
        method: 'PUT',
        body: { scanLimit },
        schema: ScanLimitResponseSchema,
      }),
    onSuccess: async (_saved, { siteSlug }) => {
      await queryClient.invalidateQueries({ queryKey: organisationQueryKeys.detail(organisationSlug) })
      await queryClient.invalidateQueries({ queryKey: ['sites', 'detail', siteSlug] })
    },
  })
}
