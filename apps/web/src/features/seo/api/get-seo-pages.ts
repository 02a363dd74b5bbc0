import { PageListItemSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { siteListQueryOptions, sitePrefix } from '@/lib/site-list'

/** GET /api/v1/sites/:slug/pages?type=seo: every page with its SEO score and failing checks. */
export const pagesPath = (siteSlug: string) => `${sitePrefix(siteSlug)}/pages`

export function useSeoPages(siteSlug: string, query: ListApiQuery) {
  return useQuery(
    siteListQueryOptions({
      path: pagesPath(siteSlug),
      item: PageListItemSchema,
      query,
      staleTime: STALE_TIME.pages,
    }),
  )
}
