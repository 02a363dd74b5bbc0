import type { ListQuery, SortDir } from '@canopy/contracts'
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { PAGING } from '@/config/constants'

/** 002 §2 "Shared list pattern": sortBy, sortDir, search and page live in the URL. */
export type ListParams = {
  page: number
  sortBy?: string
  sortDir?: SortDir
  search?: string
}

export type ListDefaults = {
  sortBy?: string
  sortDir?: SortDir
  pageSize?: number
  /**
   * For a second list on one screen: its parameters are named `<prefix>.page`, `<prefix>.sortBy`, … so the
   * lists keep their own state in the same URL.
   */
  paramPrefix?: string
}

const paramName = (key: string, prefix?: string) => (prefix ? `${prefix}.${key}` : key)

/** 002 §4: the page parameter is parsed as an integer and floored at 1. */
export function parsePage(value: string | null): number {
  const page = Number.parseInt(value ?? '', 10)
  return Number.isFinite(page) && page >= 1 ? page : 1
}

export function readListParams(searchParams: URLSearchParams, defaults: ListDefaults = {}): ListParams {
  const read = (key: string) => searchParams.get(paramName(key, defaults.paramPrefix))
  const sortDir = read('sortDir')
  const search = read('search')?.trim()
  return {
    page: parsePage(read('page')),
    sortBy: read('sortBy') || defaults.sortBy,
    sortDir: sortDir === 'asc' || sortDir === 'desc' ? sortDir : defaults.sortDir,
    search: search ? search : undefined,
  }
}

/** Writes list params into a copy of the URL's search params; page 1 and empty values are left out. */
export function writeListParams(
  current: URLSearchParams,
  changes: Partial<ListParams>,
  prefix?: string,
): URLSearchParams {
  const next = new URLSearchParams(current)
  for (const [key, value] of Object.entries(changes)) {
    const name = paramName(key, prefix)
    if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(name)
    else next.set(name, String(value))
  }
  return next
}

/** Clicking a heading sorts by it ascending; clicking the sorted heading again flips the direction. */
export function nextSort(params: ListParams, column: string): { sortBy: string; sortDir: SortDir } {
  if (params.sortBy === column) return { sortBy: column, sortDir: params.sortDir === 'asc' ? 'desc' : 'asc' }
  return { sortBy: column, sortDir: 'asc' }
}

export type ListController = {
  params: ListParams
  /** The query for the API: the URL's params plus the page size. */
  query: Partial<ListQuery> & { page: number; pageSize: number }
  pageSize: number
  setSearch: (term: string) => void
  toggleSort: (column: string) => void
  /** The search string (with '?') that shows the given page, keeping every other parameter. */
  searchForPage: (page: number) => string
}

export function useListParams(defaults: ListDefaults = {}): ListController {
  const [searchParams, setSearchParams] = useSearchParams()
  const pageSize = defaults.pageSize ?? PAGING.defaultPageSize
  const { sortBy: defaultSortBy, sortDir: defaultSortDir, paramPrefix } = defaults
  const params = useMemo(
    () => readListParams(searchParams, { sortBy: defaultSortBy, sortDir: defaultSortDir, paramPrefix }),
    [searchParams, defaultSortBy, defaultSortDir, paramPrefix],
  )
  const setSearch = useCallback(
    (term: string) =>
      setSearchParams((current) => writeListParams(current, { search: term.trim(), page: 1 }, paramPrefix)),
    [setSearchParams, paramPrefix],
  )
  const toggleSort = useCallback(
    (column: string) =>
      setSearchParams((current) =>
        writeListParams(current, { ...nextSort(params, column), page: 1 }, paramPrefix),
      ),
    [setSearchParams, params, paramPrefix],
  )
  const searchForPage = useCallback(
    (page: number) => {
      const next = writeListParams(searchParams, { page }, paramPrefix).toString()
      return next ? `?${next}` : '?'
    },
    [searchParams, paramPrefix],
  )
  const query = useMemo(() => ({ ...params, pageSize }), [params, pageSize])
  return { params, query, pageSize, setSearch, toggleSort, searchForPage }
}
