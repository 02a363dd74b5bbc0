import { AssignedIssueSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { siteListQueryOptions, sitePrefix } from '@/lib/site-list'

/**
 * GET /api/v1/sites/:slug/issues/assigned?assignedTo=&assignedBy=: the issues assigned on the site; a site
 * list, so an assignment change (which reads every list again) refreshes it.
 */
export function useAssignedIssues(siteSlug: string, query: ListApiQuery) {
  return useQuery(
    siteListQueryOptions({
      path: `${sitePrefix(siteSlug)}/issues/assigned`,
      item: AssignedIssueSchema,
      query,
      staleTime: STALE_TIME.list,
    }),
  )
}
