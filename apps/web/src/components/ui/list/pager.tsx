import { Link } from 'react-router'
import { MESSAGES } from '@/config/messages'
import { Icon } from '../icon'
import styles from './list-view.module.css'

type PagerProps = {
  page: number
  pageSize: number
  totalCount: number
  pageCount: number
  hrefForPage: (page: number) => string
}

/** The page numbers to offer: the first, the last, and the current page with its neighbours. */
export function getPageWindow(page: number, pageCount: number): (number | 'gap')[] {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount))
  const sorted = [...pages].sort((a, b) => a - b)
  const result: (number | 'gap')[] = []
  for (const n of sorted) {
    const previous = result.at(-1)
    if (typeof previous === 'number' && n - previous > 1) result.push('gap')
    result.push(n)
  }
  return result
}

/** 'Showing X - Y of Z results' with links to the pages; each page is a URL of its own. */
export function Pager({ page, pageSize, totalCount, pageCount, hrefForPage }: PagerProps) {
  if (totalCount === 0) return null
  const from = (page - 1) * pageSize + 1
  const to = Math.min(page * pageSize, totalCount)
  return (
    <div className={styles.pager}>
      <p className={styles.pagerSummary}>{MESSAGES.list.pager(from, to, totalCount)}</p>
      {pageCount > 1 ? (
        <nav aria-label="Pagination">
          <ul className={styles.pagerList}>
            {page > 1 ? (
              <li>
                <Link className={styles.pageLink} to={hrefForPage(page - 1)}>
                  <Icon name="chevronLeft" size={18} />
                  Previous
                </Link>
              </li>
            ) : null}
            {getPageWindow(page, pageCount).map((n, index) =>
              n === 'gap' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their position
                <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={n}>
                  <Link
                    className={styles.pageLink}
                    to={hrefForPage(n)}
                    aria-current={n === page ? 'page' : undefined}
                    aria-label={`Page ${n}`}
                  >
                    {n}
                  </Link>
                </li>
              ),
            )}
            {page < pageCount ? (
              <li>
                <Link className={styles.pageLink} to={hrefForPage(page + 1)}>
                  Next
                  <Icon name="chevronRight" size={18} />
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </div>
  )
}
