import { PageListItemSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { siteApiPrefix, siteListQuery } from '@/lib/site-list-query'

/** GET /api/v1/sites/:slug/pages?type=performance&view=: every page with its performance score and metrics. */
export const pagesPath = (siteSlug: string) => `${siteApiPrefix(siteSlug)}/pages`

export function usePerformancePages(siteSlug: string, query: ListApiQuery) {
  return useQuery(
    siteListQuery({
      path: pagesPath(siteSlug),
      item: PageListItemSchema,
      query,
      staleTime: STALE_TIME.pages,
    }),
  )
}
