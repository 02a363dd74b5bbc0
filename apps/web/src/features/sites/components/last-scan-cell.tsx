import type { SiteListItem } from '@canopy/contracts'
import styles from './site-list.module.css'

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

/** A site's scanning in one cell: the scan under way, else the last one that finished, else none yet. */
export function describeLastScan(site: SiteListItem): { main: string; detail: string | null } {
  if (site.activeScan) {
    return site.activeScan.state === 'queued'
      ? { main: 'Scan queued', detail: null }
      : { main: `Scanning, ${site.activeScan.progress.toFixed(2)}%`, detail: null }
  }
  const last = site.lastScan
  if (!last) return { main: 'No scan yet', detail: null }
  const when = last.finishedAt ? dateFormat.format(new Date(last.finishedAt)) : null
  const name = last.number === null ? 'Last scan' : `Scan ${last.number}`
  return { main: when ?? name, detail: last.state === 'failed' ? `${name} failed` : name }
}

export function LastScanCell({ site }: { site: SiteListItem }) {
  const { main, detail } = describeLastScan(site)
  return (
    <span className={styles.siteCell}>
      <span>{main}</span>
      {detail ? <span className={styles.siteUrl}>{detail}</span> : null}
    </span>
  )
}
