import { ScanDetailsSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'
import { dashboardQueryKeys, type SectionScope, sitePathOf } from './query-keys'

export function getScanDetails(siteSlug: string, scope: SectionScope, signal?: AbortSignal) {
  return requestApi(sitePathOf(siteSlug, 'scan-details'), {
    params: scope,
    schema: ScanDetailsSchema,
    signal,
  })
}

export const getScanDetailsQueryOptions = (siteSlug: string, scope: SectionScope) =>
  queryOptions({
    queryKey: dashboardQueryKeys.scanDetails(siteSlug, scope),
    queryFn: ({ signal }) => getScanDetails(siteSlug, scope, signal),
  })

export function useScanDetails(siteSlug: string, scope: SectionScope) {
  return useQuery(getScanDetailsQueryOptions(siteSlug, scope))
}
