import type { PagedList } from '@canopy/contracts'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
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
  skeletonRows?: number
  toolbar?: ReactNode
}

function ariaSortFor(list: ListController, column: string): 'ascending' | 'descending' | undefined {
  if (list.params.sortBy !== column) return undefined
  return list.params.sortDir === 'desc' ? 'descending' : 'ascending'
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
  skeletonRows = PAGING.skeletonRows,
  toolbar,
}: ListViewProps<T>) {
  const { data, isPending, isError, isFetching, isPlaceholderData } = query
  const items = data?.items ?? []
  const search = list.params.search
  const isRefreshing = isFetching && isPlaceholderData

  let state: ReactNode = null
  if (isError && !data) {
    state = <StatusMessage title={MESSAGES.list.errorTitle}>{MESSAGES.list.errorBody}</StatusMessage>
  } else if (!isPending && items.length === 0) {
    state = search ? (
      <StatusMessage title={MESSAGES.list.noResultsFor(search)}>{MESSAGES.list.noResultsHint}</StatusMessage>
    ) : (
      <StatusMessage title={emptyMessage} />
    )
  }

  return (
    <div className={styles.list}>
      <div className={styles.toolbar}>
        <FilterBox
          label={filterLabel}
          placeholder={filterPlaceholder}
          value={search ?? ''}
          onSubmit={list.setSearch}
        />
        {toolbar}
      </div>
      <div className={styles.tableFrame}>
        <table
          className={`${styles.table} ${isRefreshing ? styles.busy : ''}`}
          aria-busy={isPending || isRefreshing}
        >
          <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
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
                    <button
                      type="button"
                      className={styles.sortButton}
                      onClick={() => list.toggleSort(column.id)}
                    >
                      {column.label}
                      <Icon
                        className={styles.sortIcon}
                        size={16}
                        name={
                          ariaSortFor(list, column.id) === 'ascending'
                            ? 'sortAsc'
                            : ariaSortFor(list, column.id) === 'descending'
                              ? 'sortDesc'
                              : 'sortNone'
                        }
                      />
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {isPending ? (
              Array.from({ length: skeletonRows }, (_, row) => (
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
            ) : state ? (
              <tr>
                <td colSpan={columns.length} className={styles.stateCell}>
                  {state}
                </td>
              </tr>
            ) : (
              items.map((item) => (
                <tr key={getRowKey(item)}>
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
              ))
            )}
          </tbody>
        </table>
        <span className="visually-hidden" role="status">
          {isPending || isRefreshing ? 'Loading' : ''}
        </span>
      </div>
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
