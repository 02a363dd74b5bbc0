import { IssueDetailSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { type Scope, sitePrefix } from './site-api'

/** GET /api/v1/sites/:slug/issues/:issueName?category=content-quality: one content quality issue. */
export const getIssueQueryOptions = (siteSlug: string, issueName: string, scope: Scope) =>
  queryOptions({
    queryKey: ['sites', 'detail', siteSlug, 'issue', 'content-quality', issueName, scope] as const,
    queryFn: ({ signal }) =>
      requestApi(`${sitePrefix(siteSlug)}/issues/${encodeURIComponent(issueName)}`, {
        params: { category: 'content-quality', sectionId: scope.sectionId },
        schema: IssueDetailSchema,
        signal,
      }),
    staleTime: STALE_TIME.list,
  })

export function useIssue(siteSlug: string, issueName: string, scope: Scope) {
  return useQuery(getIssueQueryOptions(siteSlug, issueName, scope))
}
