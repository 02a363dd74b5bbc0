import { DuplicateGroupDetailSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { duplicatePagesPath } from './get-duplicate-pages'

type Scope = { sectionId?: string }

/** GET /api/v1/sites/:slug/seo/duplicate-content/:dupeId/summary: what a group's pages share. */
export const getDuplicateGroupQueryOptions = (siteSlug: string, dupeId: string, scope: Scope) =>
  queryOptions({
    queryKey: ['sites', 'detail', siteSlug, 'duplicate-group', dupeId, scope] as const,
    queryFn: ({ signal }) =>
      requestApi(`${duplicatePagesPath(siteSlug, dupeId)}/summary`, {
        params: { sectionId: scope.sectionId },
        schema: DuplicateGroupDetailSchema,
        signal,
      }),
    staleTime: STALE_TIME.list,
  })

export function useDuplicateGroup(siteSlug: string, dupeId: string, scope: Scope) {
  return useQuery(getDuplicateGroupQueryOptions(siteSlug, dupeId, scope))
}
