import { DuplicateGroupItemSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { siteListQueryOptions, sitePrefix } from '@/lib/site-list'

/** GET /api/v1/sites/:slug/seo/duplicate-content: groups of pages sharing a title, description or text. */
export const duplicateContentPath = (siteSlug: string) => `${sitePrefix(siteSlug)}/seo/duplicate-content`

export function useDuplicateContent(siteSlug: string, query: ListApiQuery) {
  return useQuery(
    siteListQueryOptions({
      path: duplicateContentPath(siteSlug),
      item: DuplicateGroupItemSchema,
      query,
      staleTime: STALE_TIME.list,
    }),
  )
}
