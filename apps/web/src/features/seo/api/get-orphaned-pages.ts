import { SeoPageItemSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { siteListQueryOptions, sitePrefix } from '@/lib/site-list'

/** GET /api/v1/sites/:slug/seo/orphaned-pages: pages in the sitemap or seen before that no page links to. */
export const orphanedPagesPath = (siteSlug: string) => `${sitePrefix(siteSlug)}/seo/orphaned-pages`

export function useOrphanedPages(siteSlug: string, query: ListApiQuery) {
  return useQuery(
    siteListQueryOptions({
      path: orphanedPagesPath(siteSlug),
      item: SeoPageItemSchema,
      query,
      staleTime: STALE_TIME.list,
    }),
  )
}
