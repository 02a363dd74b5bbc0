import { PageListItemSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { siteListQueryOptions, sitePrefix } from './site-list'

/** GET /api/v1/sites/:slug/pages?type=accessibility: the site's pages as the accessibility area sees them. */
export const pagesPath = (siteSlug: string) => `${sitePrefix(siteSlug)}/pages`

export function useAccessibilityPages(siteSlug: string, query: ListApiQuery) {
  return useQuery(
    siteListQueryOptions({
      path: pagesPath(siteSlug),
      item: PageListItemSchema,
      query,
      staleTime: STALE_TIME.pages,
    }),
  )
}
