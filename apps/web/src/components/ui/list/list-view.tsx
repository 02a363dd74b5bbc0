import type { PagedList } from '@canopy/contracts'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ScrollRegion } from '@/components/ui/scroll-region'
import { PAGING } from '@/config/constants'
import { MESSAGES } from '@/config/messages'
import { Icon } from '../icon'
import { StatusMessage } from '../notice'
import { FilterBox } from './filter-box'
import type { ListController } from './list-params'
import styles from './list-view.module.css'
import { Pager } from './pager'

export type ListColumn<T> = {
  /** The sort key sent as sortBy when the column is sortable. */
  id: string
  label: string
  sortable?: boolean
  align?: 'start' | 'end'
  /** The first column that names the row is a row header, so each cell is read with its row's name. */
  isRowHeader?: boolean
  render: (item: T) => ReactNode
}

export type ListViewProps<T> = {
  /** The table's caption: what the rows are. */
  caption: string
  captionHidden?: boolean
  filterLabel: string
  filterPlaceholder?: string
  columns: ListColumn<T>[]
  list: ListController
  query: Pick<
    UseQueryResult<PagedList<T>>,
    'data' | 'isPending' | 'isError' | 'isFetching' | 'isPlaceholderData'
  >
  getRowKey: (item: T) => string
  emptyMessage?: string
  /** the error state's title when the list's own words are given (else the shared one) */
  errorTitle?: string
  skeletonRows?: number
  toolbar?: ReactNode
}

function ariaSortFor(list: ListController, column: string): 'ascending' | 'descending' | undefined {
  if (list.params.sortBy !== column) return undefined
  return list.params.sortDir === 'desc' ? 'descending' : 'ascending'
}

function SortIcon({ sort }: { sort: 'ascending' | 'descending' | undefined }) {
  const name = sort === 'ascending' ? 'sortAsc' : sort === 'descending' ? 'sortDesc' : 'sortNone'
  return <Icon className={styles.sortIcon} size={16} name={name} />
}

/** The headings; a sortable one is a button that sorts by it, and says how the list is sorted. */
function ListHead<T>({ columns, list }: { columns: ListColumn<T>[]; list: ListController }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th
            key={column.id}
            scope="col"
            aria-sort={column.sortable ? ariaSortFor(list, column.id) : undefined}
            className={column.align === 'end' ? styles.alignEnd : undefined}
          >
            {column.sortable ? (
              <button type="button" className={styles.sortButton} onClick={() => list.toggleSort(column.id)}>
                {column.label}
                <SortIcon sort={ariaSortFor(list, column.id)} />
              </button>
            ) : (
              column.label
            )}
          </th>
        ))}
      </tr>
    </thead>
  )
}

function SkeletonRows<T>({ columns, count }: { columns: ListColumn<T>[]; count: number }) {
  return Array.from({ length: count }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: skeleton rows are placeholders without identity
    <tr key={row} data-testid="skeleton-row">
      {columns.map((column) => (
        <td key={column.id}>
          <span
            aria-hidden="true"
            className={styles.skeletonBar}
            style={{ width: `${55 + ((row * 17) % 40)}%` }}
          />
        </td>
      ))}
    </tr>
  ))
}

function ItemRow<T>({ item, columns }: { item: T; columns: ListColumn<T>[] }) {
  return (
    <tr>
      {columns.map((column) =>
        column.isRowHeader ? (
          <th key={column.id} scope="row">
            {column.render(item)}
          </th>
        ) : (
          <td key={column.id} className={column.align === 'end' ? styles.alignEnd : undefined}>
            {column.render(item)}
          </td>
        ),
      )}
    </tr>
  )
}

/** What the list says instead of rows: its error, no result for the search, or its empty message. */
function listState<T>(
  query: ListViewProps<T>['query'],
  search: string | undefined,
  { emptyMessage, errorTitle }: { emptyMessage: string; errorTitle: string },
): ReactNode {
  if (query.isError && !query.data) {
    return <StatusMessage title={errorTitle}>{MESSAGES.list.errorBody}</StatusMessage>
  }
  if (query.isPending || (query.data?.items.length ?? 0) > 0) return null
  return search ? (
    <StatusMessage title={MESSAGES.list.noResultsFor(search)}>{MESSAGES.list.noResultsHint}</StatusMessage>
  ) : (
    <StatusMessage title={emptyMessage} />
  )
}

/**
 * The list pattern every list screen uses: a filter box that submits on Enter and goes back to page 1,
 * sortable headings with aria-sort, a skeleton while loading and a dimmed table while the next page loads,
 * empty, no-result and error states, and the pager. Its state is the URL.
 */
export function ListView<T>({
  caption,
  captionHidden = false,
  filterLabel,
  filterPlaceholder,
  columns,
  list,
  query,
  getRowKey,
  emptyMessage = MESSAGES.list.noResults,
  errorTitle = MESSAGES.list.errorTitle,
  skeletonRows = PAGING.skeletonRows,
  toolbar,
}: ListViewProps<T>) {
  const { data, isPending, isFetching, isPlaceholderData } = query
  const items = data?.items ?? []
  const isRefreshing = isFetching && isPlaceholderData
  const state = listState(query, list.params.search, { emptyMessage, errorTitle })
  return (
    <div className={styles.list}>
      <div className={styles.toolbar}>
        <FilterBox
          label={filterLabel}
          placeholder={filterPlaceholder}
          value={list.params.search ?? ''}
          onSubmit={list.setSearch}
        />
        {toolbar}
      </div>
      <ScrollRegion className={styles.tableFrame} label={caption}>
        <table
          className={`${styles.table} ${isRefreshing ? styles.busy : ''}`}
          aria-busy={isPending || isRefreshing}
        >
          <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
          <ListHead columns={columns} list={list} />
          <tbody>
            {isPending ? (
              <SkeletonRows columns={columns} count={skeletonRows} />
            ) : state ? (
              <tr>
                <td colSpan={columns.length} className={styles.stateCell}>
                  {state}
                </td>
              </tr>
            ) : (
              items.map((item) => <ItemRow key={getRowKey(item)} item={item} columns={columns} />)
            )}
          </tbody>
        </table>
        <span className="visually-hidden" role="status">
          {isPending || isRefreshing ? 'Loading' : ''}
        </span>
      </ScrollRegion>
      {data && items.length > 0 ? (
        <Pager
          page={data.pageIndex}
          pageSize={data.pageSize}
          totalCount={data.totalCount}
          pageCount={data.pageCount}
          hrefForPage={list.searchForPage}
        />
      ) : null}
    </div>
  )
}
