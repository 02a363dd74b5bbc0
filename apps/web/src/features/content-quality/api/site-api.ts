import { type PagedList, pagedListSchema } from '@canopy/contracts'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ListApiQuery } from '@/components/ui/list'
import { requestApi } from '@/lib/api-client'

export const sitePrefix = (siteSlug: string) => `/api/v1/sites/${encodeURIComponent(siteSlug)}`

/** The content quality reads of a site: their section scope. */
export type Scope = { sectionId?: string }

/**
 * The query options of one page of a site's list: keyed by its path and query, the previous page kept on
 * screen (dimmed) while the next one loads.
 */
export function siteListQueryOptions<Item extends z.ZodType>({
  path,
  item,
  query,
  staleTime,
}: {
  path: string
  item: Item
  query: ListApiQuery
  staleTime: number
}) {
  const schema = pagedListSchema(item)
  return queryOptions({
    queryKey: ['sites', 'list', path, query] as const,
    queryFn: ({ signal }): Promise<PagedList<z.infer<Item>>> =>
      requestApi(path, { params: query, schema, signal }) as Promise<PagedList<z.infer<Item>>>,
    staleTime,
    placeholderData: keepPreviousData,
  })
}
