import { IssueListItemSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { siteListQueryOptions, sitePrefix } from './site-list'

/** GET /api/v1/sites/:slug/issues?category=accessibility: one row per audit with the pages it fails on. */
export const issuesPath = (siteSlug: string) => `${sitePrefix(siteSlug)}/issues`

export function useIssues(siteSlug: string, query: ListApiQuery) {
  return useQuery(
    siteListQueryOptions({
      path: issuesPath(siteSlug),
      item: IssueListItemSchema,
      query,
      staleTime: STALE_TIME.list,
    }),
  )
}
