import {
  type Account,
  AccountSchema,
  ScanLimitResponseSchema,
  SiteConfigSchema,
  type SitemapSettings,
  SitemapSettingsSchema,
  type UpdateAccountRequest,
  type UpdateSiteRequest,
} from '@canopy/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'

const sitePath = (siteSlug: string) => `/api/v1/sites/${encodeURIComponent(siteSlug)}`
const siteKey = (siteSlug: string) => ['sites', 'detail', siteSlug] as const
const sitemapKey = (siteSlug: string) => ['sites', 'sitemap', siteSlug] as const
const accountKey = (organisationId: string) => ['crm', 'account', organisationId] as const

/** PUT /api/v1/sites/:slug: the saved config replaces the cached one, so every screen shows it at once. */
export function useUpdateSite(siteSlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateSiteRequest) =>
      requestApi(sitePath(siteSlug), { method: 'PUT', body, schema: SiteConfigSchema }),
    onSuccess: (saved) => queryClient.setQueryData(siteKey(siteSlug), saved),
  })
}

/** PUT /api/v1/sites/:slug/scan-limit, then the site config (reachedScanLimit) again. */
export function useUpdateScanLimit(siteSlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (scanLimit: number) =>
      requestApi(`${sitePath(siteSlug)}/scan-limit`, {
        method: 'PUT',
        body: { scanLimit },
        schema: ScanLimitResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKey(siteSlug) }),
  })
}

export function useSitemapSettings(siteSlug: string) {
  return useQuery({
    queryKey: sitemapKey(siteSlug),
    queryFn: ({ signal }) =>
      requestApi(`${sitePath(siteSlug)}/sitemap`, { schema: SitemapSettingsSchema, signal }),
  })
}

export function useUpdateSitemapSettings(siteSlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SitemapSettings) =>
      requestApi(`${sitePath(siteSlug)}/sitemap`, { method: 'PUT', body, schema: SitemapSettingsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(sitemapKey(siteSlug), saved),
  })
}

/** DELETE /api/v1/sites/:slug: every cached answer about the site goes, and the site lists are asked again. */
export function useDeleteSite(siteSlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => requestApi(sitePath(siteSlug), { method: 'DELETE' }),
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey.includes(siteSlug) })
      await queryClient.invalidateQueries({ queryKey: ['sites', 'list'] })
    },
  })
}

export function useAccount(organisationId: string) {
  return useQuery({
    queryKey: accountKey(organisationId),
    queryFn: ({ signal }) =>
      requestApi('/api/v1/crm/account', { params: { id: organisationId }, schema: AccountSchema, signal }),
    staleTime: STALE_TIME.documents,
  })
}

export function useUpdateAccount(organisationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateAccountRequest) =>
      requestApi('/api/v1/crm/account', {
        method: 'PUT',
        params: { id: organisationId },
        body,
        schema: AccountSchema,
      }),
    onSuccess: (saved: Account) => queryClient.setQueryData(accountKey(organisationId), saved),
  })
}
