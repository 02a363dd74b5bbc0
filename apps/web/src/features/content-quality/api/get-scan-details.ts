import { ScanDetailsSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { type Scope, sitePrefix } from './site-api'

/** GET /api/v1/sites/:slug/scan-details?sectionId=: the last scan of the site or section (the summary). */
export const getScanDetailsQueryOptions = (siteSlug: string, scope: Scope) =>
  queryOptions({
    queryKey: ['sites', 'detail', siteSlug, 'scan-details', scope] as const,
    queryFn: ({ signal }) =>
      requestApi(`${sitePrefix(siteSlug)}/scan-details`, {
        params: { sectionId: scope.sectionId },
        schema: ScanDetailsSchema,
        signal,
      }),
    staleTime: STALE_TIME.history,
  })

export function useScanDetails(siteSlug: string, scope: Scope) {
  return useQuery(getScanDetailsQueryOptions(siteSlug, scope))
}
