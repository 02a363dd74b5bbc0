import { type HistoryQuery, InventoryOverviewSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { sitePrefix } from '@/lib/site-list'

/** GET /api/v1/sites/:slug/inventory?sectionId=: the count cards and their history; stale after 60 s. */
export const getInventoryQueryOptions = (siteSlug: string, scope: HistoryQuery) =>
  queryOptions({
    queryKey: ['sites', 'detail', siteSlug, 'inventory', scope] as const,
    queryFn: ({ signal }) =>
      requestApi(`${sitePrefix(siteSlug)}/inventory`, {
        params: { sectionId: scope.sectionId },
        schema: InventoryOverviewSchema,
        signal,
      }),
    staleTime: STALE_TIME.inventory,
  })

export function useInventory(siteSlug: string, scope: HistoryQuery) {
  return useQuery(getInventoryQueryOptions(siteSlug, scope))
}
