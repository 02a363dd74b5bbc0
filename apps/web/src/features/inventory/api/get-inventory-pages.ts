import {
  type InventoryItemKind,
  type InventoryPagesResponse,
  InventoryPagesResponseSchema,
} from '@canopy/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { sitePrefix } from '@/lib/site-list'

/** GET /api/v1/sites/:slug/inventory/:kind/:id: the pages where one item occurs, and the item. */
export const inventoryPagesPath = (siteSlug: string, kind: InventoryItemKind, id: string) =>
  `${sitePrefix(siteSlug)}/inventory/${kind}/${encodeURIComponent(id)}`

export const getInventoryPagesQueryOptions = (
  siteSlug: string,
  kind: InventoryItemKind,
  id: string,
  query: ListApiQuery,
) => {
  const path = inventoryPagesPath(siteSlug, kind, id)
  return queryOptions({
    queryKey: ['sites', 'list', path, query] as const,
    queryFn: ({ signal }): Promise<InventoryPagesResponse> =>
      requestApi(path, { params: query, schema: InventoryPagesResponseSchema, signal }),
    staleTime: STALE_TIME.inventory,
    placeholderData: keepPreviousData,
  })
}

export function useInventoryPages(
  siteSlug: string,
  kind: InventoryItemKind,
  id: string,
  query: ListApiQuery,
) {
  return useQuery(getInventoryPagesQueryOptions(siteSlug, kind, id, query))
}
