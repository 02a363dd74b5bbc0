import { IssuePageItemSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { siteListQueryOptions, sitePrefix } from '@/lib/site-list'

/** GET /api/v1/sites/:slug/issues/:issueName/pages?category=seo: the pages one SEO check fails on. */
export const issuePagesPath = (siteSlug: string, issueName: string) =>
  `${sitePrefix(siteSlug)}/issues/${encodeURIComponent(issueName)}/pages`

export function useIssuePages(siteSlug: string, issueName: string, query: ListApiQuery) {
  return useQuery(
    siteListQueryOptions({
      path: issuePagesPath(siteSlug, issueName),
      item: IssuePageItemSchema,
      query,
      staleTime: STALE_TIME.list,
    }),
  )
}
