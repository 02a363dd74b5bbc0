import type { ScanDetails } from '@canopy/contracts'
import { StatusMessage } from '@/components/ui/notice'
import { formatCount, formatDateTime } from '@/lib/format-values'
import styles from './dashboard.module.css'

const SCAN_TYPE_LABELS: Record<NonNullable<ScanDetails['scanType']>, string> = {
  full: 'Full site scan',
  section: 'Section rescan',
}

type Query = { data: ScanDetails | undefined; isPending: boolean; isError: boolean }

function Facts({ details }: { details: ScanDetails }) {
  return (
    <dl className={styles.facts}>
      <dt>Last scanned</dt>
      <dd>{formatDateTime(details.date) || '–'}</dd>
      <dt>First scanned</dt>
      <dd>{formatDateTime(details.firstScanned) || '–'}</dd>
      <dt>Next scheduled scan</dt>
      <dd>{details.nextSheduledScan ? formatDateTime(details.nextSheduledScan) : 'Not scheduled'}</dd>
      <dt>Scan type</dt>
      <dd>{details.scanType ? SCAN_TYPE_LABELS[details.scanType] : '–'}</dd>
      <dt>Page limit per scan</dt>
      <dd>{formatCount(details.maximumPageLimitPerScan)}</dd>
    </dl>
  )
}

/** The last-scan summary (scan-details): when, what kind, the next scheduled scan and what it found. */
export function LastScanCard({ query }: { query: Query }) {
  const details = query.data
  return (
    <section className={styles.card} aria-labelledby="dashboard-last-scan">
      <h2 id="dashboard-last-scan" className={styles.cardHeading}>
        Last scan summary
      </h2>
      {query.isPending ? (
        <p className={styles.muted}>Loading</p>
      ) : query.isError || !details ? (
        <StatusMessage title="The last-scan summary could not be loaded." />
      ) : (
        <>
          <Facts details={details} />
          <h3>Items scanned</h3>
          <ul className={styles.counts}>
            {details.itemsScanned.map((item) => (
              <li key={item.label}>
                {item.label}: <strong>{formatCount(item.count)}</strong>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
