import { PageListItemSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { siteListQueryOptions, sitePrefix } from './site-api'

/**
 * GET /api/v1/sites/:slug/pages?type=contentQuality (the pages list) or ?type=readability&readability=
 * (the pages of one level).
 */
export const pagesPath = (siteSlug: string) => `${sitePrefix(siteSlug)}/pages`

export function usePages(siteSlug: string, query: ListApiQuery, enabled = true) {
  return useQuery({
    ...siteListQueryOptions({
      path: pagesPath(siteSlug),
      item: PageListItemSchema,
      query,
      staleTime: STALE_TIME.pages,
    }),
    enabled,
  })
}
