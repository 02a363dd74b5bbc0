import { IssuePageItemSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { siteApiPrefix, siteListQuery } from '@/lib/site-list-query'

/** GET /api/v1/sites/:slug/issues/:issueName/pages?category=seo: the pages one SEO check fails on. */
export const issuePagesPath = (siteSlug: string, issueName: string) =>
  `${siteApiPrefix(siteSlug)}/issues/${encodeURIComponent(issueName)}/pages`

export function useIssuePages(siteSlug: string, issueName: string, query: ListApiQuery) {
  return useQuery(
    siteListQuery({
      path: issuePagesPath(siteSlug, issueName),
      item: IssuePageItemSchema,
      query,
      staleTime: STALE_TIME.list,
    }),
  )
}
