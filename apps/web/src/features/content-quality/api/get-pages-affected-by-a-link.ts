import { AffectedPageItemSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { CONTENT_QUALITY_STALE_TIME } from '../labels'
import { siteListQueryOptions, sitePrefix } from './site-api'

/** GET /api/v1/sites/:slug/content-quality/pages-affected-by-a-link/:linkId: the pages linking to it. */
export const pagesAffectedPath = (siteSlug: string, linkId: string) =>
  `${sitePrefix(siteSlug)}/content-quality/pages-affected-by-a-link/${encodeURIComponent(linkId)}`

export function usePagesAffectedByLink(siteSlug: string, linkId: string, query: ListApiQuery) {
  return useQuery(
    siteListQueryOptions({
      path: pagesAffectedPath(siteSlug, linkId),
      item: AffectedPageItemSchema,
      query,
      staleTime: CONTENT_QUALITY_STALE_TIME.pagesAffectedByALink,
    }),
  )
}
