import { IssueListItemSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { siteApiPrefix, siteListQuery } from '@/lib/site-list-query'

/** GET /api/v1/sites/:slug/issues?category=seo: the SEO checks with the pages each fails on. */
export function useIssues(siteSlug: string, query: ListApiQuery) {
  return useQuery(
    siteListQuery({
      path: `${siteApiPrefix(siteSlug)}/issues`,
      item: IssueListItemSchema,
      query: { ...query, category: 'seo' },
      staleTime: STALE_TIME.list,
    }),
  )
}
