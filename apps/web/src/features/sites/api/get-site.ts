import { SiteConfigSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { isApiError, requestApi } from '@/lib/api-client'
import { siteQueryKeys } from './query-keys'

export function getSite(slug: string, signal?: AbortSignal) {
  return requestApi(`/api/v1/sites/${encodeURIComponent(slug)}`, { schema: SiteConfigSchema, signal })
}

/** The site config goes stale and refetches every 30 minutes and is retried once. */
export const getSiteQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: siteQueryKeys.detail(slug),
    queryFn: ({ signal }) => getSite(slug, signal),
    staleTime: STALE_TIME.siteConfig,
    refetchInterval: STALE_TIME.siteConfig,
    // A 404 means the site is not the user's to see; asking again will not change that.
    retry: (failureCount, error) => failureCount < 1 && !isApiError(error, 404),
  })

export function useSite(slug: string | null | undefined) {
  return useQuery({ ...getSiteQueryOptions(slug ?? ''), enabled: Boolean(slug) })
}
