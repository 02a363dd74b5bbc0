import { SeoPageItemSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { siteListQueryOptions } from '@/lib/site-list'
import { duplicateContentPath } from './get-duplicate-content'

/** GET /api/v1/sites/:slug/seo/duplicate-content/:dupeId: the pages of one duplicate group. */
export const duplicatePagesPath = (siteSlug: string, dupeId: string) =>
  `${duplicateContentPath(siteSlug)}/${encodeURIComponent(dupeId)}`

export function useDuplicatePages(siteSlug: string, dupeId: string, query: ListApiQuery) {
  return useQuery(
    siteListQueryOptions({
      path: duplicatePagesPath(siteSlug, dupeId),
      item: SeoPageItemSchema,
      query,
      staleTime: STALE_TIME.list,
    }),
  )
}
