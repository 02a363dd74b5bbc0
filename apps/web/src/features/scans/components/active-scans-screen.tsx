import type { ActiveScan } from '@canopy/contracts'
import { Link } from 'react-aria-components'
import { PageHeader, StatusMessage } from '@/components/ui/notice'
import { ScrollRegion } from '@/components/ui/scroll-region'
import { useActiveScans } from '@/lib/live-scans'
import { sitePath } from '@/lib/site-paths'
import { describeScanKind, describeScanLabel, describeScanProgress, describeScanTarget } from '../format'
import styles from './active-scans-screen.module.css'

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

function ScanName({ scan }: { scan: ActiveScan }) {
  const site = scan.originalConfig
  return (
    <span className={styles.name}>
      {site ? <Link href={sitePath(site.sys.slug)}>{describeScanLabel(scan)}</Link> : describeScanLabel(scan)}
      <span className={styles.muted}>{describeScanTarget(scan)}</span>
    </span>
  )
}

function ScanTable({ scans }: { scans: ActiveScan[] }) {
  return (
    <ScrollRegion className={styles.tableWrap} label="Scans queued or running">
      <table className={styles.table}>
        <caption className="visually-hidden">Scans queued or running, running first</caption>
        <thead>
          <tr>
            <th scope="col">Site or page</th>
            <th scope="col">Scan</th>
            <th scope="col">State</th>
            <th scope="col">Progress</th>
            <th scope="col">Queued</th>
          </tr>
        </thead>
        <tbody>
          {scans.map((scan) => (
            <tr key={scan.id}>
              <th scope="row">
                <ScanName scan={scan} />
              </th>
              <td>{describeScanKind(scan)}</td>
              <td>{scan.state === 'running' ? 'Running' : 'Queued'}</td>
              <td>{describeScanProgress(scan)}</td>
              <td>{timeFormat.format(new Date(scan.queuedAt))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

/** Running scans first, then the queue in its order. */
export function orderScans(scans: ActiveScan[]): ActiveScan[] {
  const rank = (scan: ActiveScan) => (scan.state === 'running' ? -1 : (scan.queuePosition ?? 0))
  return [...scans].sort((a, b) => rank(a) - rank(b) || a.queuedAt.localeCompare(b.queuedAt))
}

/** /scans: every scan the user may see that is queued (with its place in the queue) or running, live. */
export function ActiveScansScreen() {
  const scans = useActiveScans()
  return (
    <>
      <PageHeader
        title="Active scans"
        subtitle="Scans queued or running on your sites, updated as they progress."
      />
      {scans.isPending ? (
        <StatusMessage title="Loading" />
      ) : scans.isError ? (
        <StatusMessage title={scans.error.message} />
      ) : scans.data.length === 0 ? (
        <StatusMessage title="No scans are queued or running." />
      ) : (
        <ScanTable scans={orderScans(scans.data)} />
      )}
    </>
  )
}
