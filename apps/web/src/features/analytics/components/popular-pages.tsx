import type { PopularPage } from '@canopy/contracts'
import { useEffect, useRef, useState } from 'react'
import { AppLink } from '@/components/ui/app-link'
import { Button } from '@/components/ui/button'
import { ScrollRegion } from '@/components/ui/scroll-region'
import { MESSAGES } from '@/config/messages'
import { formatCount } from '@/lib/format-values'
import { displayUrl } from '../format'
import styles from './analytics.module.css'

/** Rows shown at first, and added by each See more. */
export const POPULAR_PAGES_STEP = 10

export type PageHrefs = {
  detail: (pageId: string) => string
  analytics: (pageId: string) => string
}

function PageRow({ page, hrefs }: { page: PopularPage; hrefs: PageHrefs }) {
  const label = displayUrl(page.url)
  return (
    <tr>
      <th scope="row" tabIndex={-1}>
        {page.pageId ? <AppLink href={hrefs.detail(page.pageId)}>{label}</AppLink> : label}
      </th>
      <td>{formatCount(page.hits)}</td>
      <td>
        {page.pageId ? (
          <AppLink href={hrefs.analytics(page.pageId)}>
            Page analytics <span className="visually-hidden">of {label}</span>
          </AppLink>
        ) : (
          <span className="visually-hidden">Not scanned</span>
        )}
      </td>
    </tr>
  )
}

/**
 * The most visited pages (Page, Hits), most first: a page the scans know links to its detail and to its own
 * analytics; See more shows the next rows.
 */
export function PopularPages({ pages, hrefs }: { pages: PopularPage[]; hrefs: PageHrefs }) {
  const [shown, setShown] = useState(POPULAR_PAGES_STEP)
  const body = useRef<HTMLTableSectionElement>(null)
  // See more hands focus to the first row it revealed, as the button may be gone.
  useEffect(() => {
    if (shown === POPULAR_PAGES_STEP) return
    const firstNew = body.current?.rows[shown - POPULAR_PAGES_STEP]
    const target = firstNew?.querySelector<HTMLElement>('a') ?? firstNew?.querySelector<HTMLElement>('th')
    target?.focus()
  }, [shown])
  if (pages.length === 0) return <p className={styles.summary}>No page views recorded yet.</p>
  return (
    <>
      <ScrollRegion className={styles.tableWrap} label="Most visited pages: table">
        <table className={styles.table}>
          <caption className="visually-hidden">Most visited pages</caption>
          <thead>
            <tr>
              <th scope="col">{MESSAGES.analytics.page}</th>
              <th scope="col">{MESSAGES.analytics.hits}</th>
              <th scope="col">
                <span className="visually-hidden">Analytics</span>
              </th>
            </tr>
          </thead>
          <tbody ref={body}>
            {pages.slice(0, shown).map((page) => (
              <PageRow key={page.url} page={page} hrefs={hrefs} />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {shown < pages.length ? (
        <div>
          <Button variant="secondary" onPress={() => setShown((count) => count + POPULAR_PAGES_STEP)}>
            {MESSAGES.analytics.seeMore}
          </Button>
        </div>
      ) : null}
    </>
  )
}
