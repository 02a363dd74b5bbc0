import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useMediaQuery } from '@/hooks/use-media-query'
import styles from './breadcrumb-header.module.css'
import { Button } from './button'
import { Icon } from './icon'

export type Crumb = { label: string; href: string }

/** Titles are shortened to this many characters on screens under 1200 px wide. */
export const BREADCRUMB_TITLE_LIMIT = 60

/** Cuts a title to `limit` characters with an ellipsis; shorter titles are kept as they are. */
export function shortenTitle(title: string, limit = BREADCRUMB_TITLE_LIMIT): string {
  return title.length <= limit ? title : `${title.slice(0, limit - 1).trimEnd()}…`
}

/**
 * A URL shown by its last `segments` path segments ('…/guides/install'), or whole when it has no more;
 * the host and query are dropped once it is shortened.
 */
export function shortenUrl(url: string, segments: number): string {
  let path: string[]
  try {
    path = new URL(url).pathname.split('/').filter(Boolean)
  } catch {
    return url
  }
  if (path.length <= segments) return url
  return `…/${path.slice(-segments).join('/')}`
}

function Shortened({ full, short }: { full: string; short: string }) {
  if (full === short) return <>{full}</>
  return (
    <>
      <span aria-hidden="true">{short}</span>
      <span className="visually-hidden">{full}</span>
    </>
  )
}

/**
 * The breadcrumb header of a detail screen: a back button that goes back in the browser's history (or to
 * `fallbackHref` when the screen was opened directly), the trail of the screens above, the title as the
 * page's h1 and the URL it is about. Under 1200 px the title is cut to 60 characters and the URL to its
 * last 2 path segments, under 800 px to the last one.
 */
export function BreadcrumbHeader({
  title,
  url,
  crumbs,
  fallbackHref,
  onBack,
  actions,
}: {
  title: string
  url?: string
  crumbs: Crumb[]
  fallbackHref: string
  /** goes back; given by the screen, which knows the router */
  onBack: (fallbackHref: string) => void
  actions?: ReactNode
}) {
  const isWide = useMediaQuery('(min-width: 1200px)')
  const isMedium = useMediaQuery('(min-width: 800px)')
  const shortTitle = isWide ? title : shortenTitle(title)
  const shortUrl = url === undefined ? undefined : isWide ? url : shortenUrl(url, isMedium ? 2 : 1)
  return (
    <header className={styles.header}>
      <div className={styles.top}>
        <Button variant="quiet" size="small" onPress={() => onBack(fallbackHref)}>
          <Icon name="chevronLeft" />
          Back to the previous page
        </Button>
        <nav aria-label="Breadcrumb">
          <ol className={styles.trail}>
            {crumbs.map((crumb) => (
              <li key={crumb.href}>
                <Link to={crumb.href}>{crumb.label}</Link>
                <Icon name="chevronRight" size={16} className={styles.separator} />
              </li>
            ))}
            <li aria-current="page" className={styles.current}>
              <Shortened full={title} short={shortTitle} />
            </li>
          </ol>
        </nav>
      </div>
      <div className={styles.main}>
        <div className={styles.text}>
          <h1 className={styles.title}>
            <Shortened full={title} short={shortTitle} />
          </h1>
          {url && shortUrl ? (
            <p className={styles.url}>
              <a href={url} target="_blank" rel="noreferrer noopener">
                <Shortened full={url} short={shortUrl} />
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </p>
          ) : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </header>
  )
}
