import { MaliciousLinkListItemSchema, pagedListSchema } from '@canopy/contracts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'

export const siteApi = (siteSlug: string) => `/api/v1/sites/${encodeURIComponent(siteSlug)}`

/** GET /api/v1/sites/:slug/content-quality/malicious-links: the links Web Risk lists. */
export const maliciousLinksPath = (siteSlug: string) => `${siteApi(siteSlug)}/content-quality/malicious-links`

const LinksSchema = pagedListSchema(MaliciousLinkListItemSchema)

export function useMaliciousLinks(siteSlug: string, query: ListApiQuery, enabled: boolean) {
  const path = maliciousLinksPath(siteSlug)
  return useQuery({
    queryKey: ['sites', 'list', path, query] as const,
    queryFn: ({ signal }) => requestApi(path, { params: query, schema: LinksSchema, signal }),
    staleTime: STALE_TIME.list,
    placeholderData: keepPreviousData,
    enabled,
  })
}
