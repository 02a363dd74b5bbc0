import { IssueDetailSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { sitePrefix } from '@/lib/site-list'

type Scope = { sectionId?: string }

/** GET /api/v1/sites/:slug/issues/:issueName?category=seo: one SEO check with its page counts. */
export const getIssueQueryOptions = (siteSlug: string, issueName: string, scope: Scope) =>
  queryOptions({
    queryKey: ['sites', 'detail', siteSlug, 'issue', 'seo', issueName, scope] as const,
    queryFn: ({ signal }) =>
      requestApi(`${sitePrefix(siteSlug)}/issues/${encodeURIComponent(issueName)}`, {
        params: { category: 'seo', sectionId: scope.sectionId },
        schema: IssueDetailSchema,
        signal,
      }),
    staleTime: STALE_TIME.list,
  })

export function useIssue(siteSlug: string, issueName: string, scope: Scope) {
  return useQuery(getIssueQueryOptions(siteSlug, issueName, scope))
}
