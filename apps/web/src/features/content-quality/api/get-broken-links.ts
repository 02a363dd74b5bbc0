import { BrokenLinkItemSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { CONTENT_QUALITY_STALE_TIME } from '../labels'
import { siteListQueryOptions, sitePrefix } from './site-api'

/** GET /api/v1/sites/:slug/content-quality/broken-links: broken and unverified links, most linked first. */
export const brokenLinksPath = (siteSlug: string) => `${sitePrefix(siteSlug)}/content-quality/broken-links`

export function useBrokenLinks(siteSlug: string, query: ListApiQuery) {
  return useQuery(
    siteListQueryOptions({
      path: brokenLinksPath(siteSlug),
      item: BrokenLinkItemSchema,
      query,
      staleTime: CONTENT_QUALITY_STALE_TIME.brokenLinks,
    }),
  )
}
