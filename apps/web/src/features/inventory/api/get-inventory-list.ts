import { InventoryItemSchema, type InventoryListKind } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { siteListQueryOptions, sitePrefix } from '@/lib/site-list'

/** GET /api/v1/sites/:slug/inventory/:kind: the e-mail addresses, telephone numbers or media of the site. */
export const inventoryListPath = (siteSlug: string, kind: InventoryListKind) =>
  `${sitePrefix(siteSlug)}/inventory/${kind}`

export function useInventoryList(siteSlug: string, kind: InventoryListKind, query: ListApiQuery) {
  return useQuery(
    siteListQueryOptions({
      path: inventoryListPath(siteSlug, kind),
      item: InventoryItemSchema,
      query,
      staleTime: STALE_TIME.inventory,
    }),
  )
}
