import { CheckUrlResponseSchema, type CreateSiteRequest, SiteConfigSchema } from '@canopy/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'
import { siteQueryKeys } from './query-keys'

/** POST /api/v1/sites: the new site's config is cached, and the site lists are asked again. */
export function useCreateSite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateSiteRequest) =>
      requestApi('/api/v1/sites', { method: 'POST', body, schema: SiteConfigSchema }),
    onSuccess: async (site) => {
      queryClient.setQueryData(siteQueryKeys.detail(site.sys.slug ?? site.sys.id), site)
      await queryClient.invalidateQueries({ queryKey: [...siteQueryKeys.all, 'list'] })
    },
  })
}

/** POST /api/v1/sites/check-url: the worker's answer on a would-be root (a 400 on url when it is refused). */
export function useCheckSiteUrl() {
  return useMutation({
    mutationFn: (url: string) =>
      requestApi('/api/v1/sites/check-url', {
        method: 'POST',
        body: { url },
        schema: CheckUrlResponseSchema,
      }),
  })
}
