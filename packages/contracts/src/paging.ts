import { z } from 'zod'

export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100

export const SortDirSchema = z.enum(['asc', 'desc'])
export type SortDir = z.infer<typeof SortDirSchema>

/** The shared list query of every list screen: page is 1-based, as in the URL. */
export const ListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sortBy: z.string().max(100).optional(),
  sortDir: SortDirSchema.optional(),
  search: z.string().max(500).optional(),
})
export type ListQuery = z.infer<typeof ListQuerySchema>

/** PagedList<T>: pageIndex is 1-based like the query's page. */
export function pagedListSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    totalCount: z.number().int(),
    pageIndex: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
  })
}
export type PagedList<T> = {
  items: T[]
  totalCount: number
  pageIndex: number
  pageSize: number
  pageCount: number
}

export const SysSchema = z.object({
  id: z.string(),
  slug: z.string().optional(),
  version: z
    .object({
      published: z.string().optional(),
      created: z.string().optional(),
      modified: z.string().optional(),
    })
    .optional(),
})
export type Sys = z.infer<typeof SysSchema>
