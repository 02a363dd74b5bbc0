import { IssueDetailSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { sitePrefix } from './site-list'

type IssueScope = { sectionId?: string }

/** GET /api/v1/sites/:slug/issues/:issueName?category=accessibility: one issue with its template problems. */
export function getIssue(siteSlug: string, issueName: string, scope: IssueScope, signal?: AbortSignal) {
  return requestApi(`${sitePrefix(siteSlug)}/issues/${encodeURIComponent(issueName)}`, {
    params: { category: 'accessibility', sectionId: scope.sectionId },
    schema: IssueDetailSchema,
    signal,
  })
}

export const getIssueQueryOptions = (siteSlug: string, issueName: string, scope: IssueScope) =>
  queryOptions({
    queryKey: ['sites', 'detail', siteSlug, 'issue', issueName, scope] as const,
    queryFn: ({ signal }) => getIssue(siteSlug, issueName, scope, signal),
    staleTime: STALE_TIME.list,
  })

export function useIssue(siteSlug: string, issueName: string, scope: IssueScope) {
  return useQuery(getIssueQueryOptions(siteSlug, issueName, scope))
}
