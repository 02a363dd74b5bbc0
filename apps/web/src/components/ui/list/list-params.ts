import type { SortDir } from '@canopy/contracts'
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { PAGING } from '@/config/constants'

/** The list state every list keeps in the URL: sortBy, sortDir, search and page. */
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
  /**
   * The list's own filters (status, level, template…), kept in the URL under their names and sent to the
   * API as they are; the value here is a filter's default, '' for none.
   */
  filters?: Record<string, string>
  /** The section the list is scoped to (the API's sectionId); undefined for the whole site. */
  sectionId?: string
  /**
   * How the API takes the sort: sortBy and sortDir (most lists), or one `sort` parameter, the key with a
   * leading '-' when descending (the lists the spec documents with `sort`).
   */
  sortParam?: 'sortBy' | 'sort'
}

/** What a list asks the API for: its page, sort, search, section and filters. */
export type ListApiQuery = {
  page: number
  pageSize: number
  sortBy?: string
  sortDir?: SortDir
  sort?: string
  search?: string
  sectionId?: string
  [filter: string]: string | number | undefined
}

const paramName = (key: string, prefix?: string) => (prefix ? `${prefix}.${key}` : key)

/** The page parameter is parsed as an integer and floored at 1. */
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

/** The list's filters from the URL, each falling back to its default ('' when it has none). */
export function readListFilters(
  searchParams: URLSearchParams,
  filters: Record<string, string> = {},
  prefix?: string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).map(([name, fallback]) => [
      name,
      searchParams.get(paramName(name, prefix))?.trim() || fallback,
    ]),
  )
}

/** Writes list params into a copy of the URL's search params; page 1 and empty values are left out. */
export function writeListParams(
  current: URLSearchParams,
  changes: Partial<ListParams> & Record<string, string | number | undefined>,
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

/** The API query of a list: page, page size, the sort in the form the API takes, section and filters. */
export function toApiQuery(
  params: ListParams,
  filters: Record<string, string>,
  {
    pageSize,
    sectionId,
    sortParam = 'sortBy',
  }: { pageSize: number; sectionId?: string; sortParam?: 'sortBy' | 'sort' },
): ListApiQuery {
  const sort =
    sortParam === 'sort' && params.sortBy
      ? { sort: `${params.sortDir === 'desc' ? '-' : ''}${params.sortBy}` }
      : { sortBy: params.sortBy, sortDir: params.sortDir }
  const activeFilters = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''))
  return {
    ...activeFilters,
    page: params.page,
    pageSize,
    ...sort,
    search: params.search,
    sectionId,
  }
}

export type ListController = {
  params: ListParams
  /** the list's filters as the URL has them, defaults filled in */
  filters: Record<string, string>
  /** The query for the API: the URL's params, the filters, the section and the page size. */
  query: ListApiQuery
  pageSize: number
  setSearch: (term: string) => void
  toggleSort: (column: string) => void
  /** Sets one filter (its default or '' clears it from the URL) and goes back to page 1. */
  setFilter: (name: string, value: string) => void
  /** The search string (with '?') that shows the given page, keeping every other parameter. */
  searchForPage: (page: number) => string
}

export function useListParams(defaults: ListDefaults = {}): ListController {
  const [searchParams, setSearchParams] = useSearchParams()
  const pageSize = defaults.pageSize ?? PAGING.defaultPageSize
  const { sortBy: defaultSortBy, sortDir: defaultSortDir, paramPrefix, sectionId, sortParam } = defaults
  const filterDefaults = useStableRecord(defaults.filters)
  const params = useMemo(
    () => readListParams(searchParams, { sortBy: defaultSortBy, sortDir: defaultSortDir, paramPrefix }),
    [searchParams, defaultSortBy, defaultSortDir, paramPrefix],
  )
  const filters = useMemo(
    () => readListFilters(searchParams, filterDefaults, paramPrefix),
    [searchParams, filterDefaults, paramPrefix],
  )
  const update = useCallback(
    (changes: Parameters<typeof writeListParams>[1]) =>
      setSearchParams((current) => writeListParams(current, { ...changes, page: 1 }, paramPrefix)),
    [setSearchParams, paramPrefix],
  )
  const setSearch = useCallback((term: string) => update({ search: term.trim() }), [update])
  const toggleSort = useCallback((column: string) => update(nextSort(params, column)), [update, params])
  const setFilter = useCallback(
    (name: string, value: string) => update({ [name]: value === filterDefaults[name] ? '' : value }),
    [update, filterDefaults],
  )
  const searchForPage = useCallback(
    (page: number) => {
      const next = writeListParams(searchParams, { page }, paramPrefix).toString()
      return next ? `?${next}` : '?'
    },
    [searchParams, paramPrefix],
  )
  const query = useMemo(
    () => toApiQuery(params, filters, { pageSize, sectionId, sortParam }),
    [params, filters, pageSize, sectionId, sortParam],
  )
  return { params, filters, query, pageSize, setSearch, toggleSort, setFilter, searchForPage }
}

/** The same object for as long as its entries are the same, so a literal in a caller's render is fine. */
function useStableRecord(record: Record<string, string> | undefined): Record<string, string> {
  const key = JSON.stringify(record ?? {})
  return useMemo(() => JSON.parse(key) as Record<string, string>, [key])
}
