import { IssueListItemSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { siteListQueryOptions, sitePrefix } from '@/lib/site-list'

/** GET /api/v1/sites/:slug/issues?category=performance: the performance audits with the pages each fails on. */
export function useIssues(siteSlug: string, query: ListApiQuery) {
  return useQuery(
    siteListQueryOptions({
      path: `${sitePrefix(siteSlug)}/issues`,
      item: IssueListItemSchema,
      query: { ...query, category: 'performance' },
      staleTime: STALE_TIME.list,
    }),
  )
}
