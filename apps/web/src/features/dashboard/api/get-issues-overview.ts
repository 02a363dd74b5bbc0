import { IssuesOverviewSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'
import { dashboardQueryKeys, type SectionScope, sitePathOf } from './query-keys'

/** Without a category: every area's issues together, as the site dashboard shows them. */
export function getIssuesOverview(siteSlug: string, scope: SectionScope, signal?: AbortSignal) {
  return requestApi(sitePathOf(siteSlug, 'issues/overview'), {
    params: scope,
    schema: IssuesOverviewSchema,
    signal,
  })
}

export const getIssuesOverviewQueryOptions = (siteSlug: string, scope: SectionScope) =>
  queryOptions({
    queryKey: dashboardQueryKeys.issuesOverview(siteSlug, scope),
    queryFn: ({ signal }) => getIssuesOverview(siteSlug, scope, signal),
  })

export function useIssuesOverview(siteSlug: string, scope: SectionScope) {
  return useQuery(getIssuesOverviewQueryOptions(siteSlug, scope))
}
