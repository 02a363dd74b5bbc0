import type { PagedList } from '@canopy/contracts'

export interface PageRequest {
  page: number
  pageSize: number
}

/** 1-based page → the rows Prisma should skip and take. */
export function toPageWindow({ page, pageSize }: PageRequest): { skip: number; take: number } {
  return { skip: (page - 1) * pageSize, take: pageSize }
}

export function presentPagedList<T>(
  items: T[],
  totalCount: number,
  { page, pageSize }: PageRequest,
): PagedList<T> {
  return { items, totalCount, pageIndex: page, pageSize, pageCount: Math.ceil(totalCount / pageSize) }
}
