import type { PagedList } from '@canopy/contracts'
import { useMemo } from 'react'
import { type ListController, type ListDefaults, type ListParams, useListParams } from './list-params'

export type InMemoryListOptions<T> = {
  /** the text the filter box searches (case-insensitive) */
  searchText: (item: T) => string
  /** what a column sorts by, keyed by the column id */
  sortValues: Record<string, (item: T) => string | number>
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

/** One page of a list the screen already holds, filtered and sorted as the list params say. */
export function pageInMemory<T>(
  items: readonly T[],
  params: ListParams,
  pageSize: number,
  { searchText, sortValues }: InMemoryListOptions<T>,
): PagedList<T> {
  const term = params.search?.toLocaleLowerCase()
  const matching = term
    ? items.filter((item) => searchText(item).toLocaleLowerCase().includes(term))
    : [...items]
  const sortValue = params.sortBy ? sortValues[params.sortBy] : undefined
  if (sortValue) {
    const direction = params.sortDir === 'desc' ? -1 : 1
    matching.sort((a, b) => {
      const left = sortValue(a)
      const right = sortValue(b)
      const order =
        typeof left === 'number' && typeof right === 'number'
          ? left - right
          : collator.compare(String(left), String(right))
      return order * direction
    })
  }
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize))
  const pageIndex = Math.min(params.page, pageCount)
  return {
    items: matching.slice((pageIndex - 1) * pageSize, pageIndex * pageSize),
    totalCount: matching.length,
    pageIndex,
    pageSize,
    pageCount,
  }
}

/**
 * The list pattern over items already in hand (a scan result, say): the same URL state and ListView as
 * a list the API pages, with the filtering, sorting and paging done here.
 */
export function useInMemoryList<T>(
  items: readonly T[],
  defaults: ListDefaults,
  options: InMemoryListOptions<T>,
): {
  list: ListController
  query: { data: PagedList<T>; isPending: false; isError: false; isFetching: false; isPlaceholderData: false }
} {
  const list = useListParams(defaults)
  const { searchText, sortValues } = options
  const data = useMemo(
    () => pageInMemory(items, list.params, list.pageSize, { searchText, sortValues }),
    [items, list.params, list.pageSize, searchText, sortValues],
  )
  return {
    list,
    query: { data, isPending: false, isError: false, isFetching: false, isPlaceholderData: false },
  }
}
