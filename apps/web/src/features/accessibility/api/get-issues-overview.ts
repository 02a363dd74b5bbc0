import { IssuesOverviewSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { sitePrefix } from './site-list'

type Scope = { sectionId?: string }

/** GET /api/v1/sites/:slug/issues/overview?category=accessibility: issues by level, new, fixed, templates. */
export function getIssuesOverview(siteSlug: string, scope: Scope, signal?: AbortSignal) {
  return requestApi(`${sitePrefix(siteSlug)}/issues/overview`, {
    params: { category: 'accessibility', sectionId: scope.sectionId },
    schema: IssuesOverviewSchema,
    signal,
  })
}

export const getIssuesOverviewQueryOptions = (siteSlug: string, scope: Scope) =>
  queryOptions({
    queryKey: ['sites', 'detail', siteSlug, 'issues-overview', 'accessibility', scope] as const,
    queryFn: ({ signal }) => getIssuesOverview(siteSlug, scope, signal),
    staleTime: STALE_TIME.history,
  })

export function useIssuesOverview(siteSlug: string, scope: Scope) {
  return useQuery(getIssuesOverviewQueryOptions(siteSlug, scope))
}
