import type { ActiveScan } from '@canopy/contracts'
import { Dialog, DialogTrigger, Heading, Label, Popover, ProgressBar } from 'react-aria-components'
import { Button } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import { useActiveScans } from '../api/get-active-scans'
import styles from './scan-progress.module.css'

/** platform.md §9: a scan's percent is shown to two decimals. */
export function formatScanPercent(progress: number): string {
  return `${Math.min(100, Math.max(0, progress)).toFixed(2)}%`
}

/** What a scan covers: the one page of an individual scan, else the site's root URI. */
export function describeScanTarget(scan: ActiveScan): string {
  if (scan.individualScan) return scan.individualPageTitle || scan.individualUrl || scan.rootUri
  return scan.rootUri
}

/** The row's name: the site, or for a single-page scan of a URL outside any site, its page. */
export function describeScanLabel(scan: ActiveScan): string {
  if (scan.originalConfig) return scan.originalConfig.siteName
  return scan.individualPageTitle || scan.individualUrl || scan.rootUri
}

function ScanTarget({ scan }: { scan: ActiveScan }) {
  if (!scan.originalConfig) {
    // The label already names the page; the URL follows only when the label is its title.
    return scan.individualPageTitle && scan.individualUrl ? (
      <p className={`${styles.target} ${styles.muted}`}>{scan.individualUrl}</p>
    ) : null
  }
  return (
    <p className={styles.target}>
      {scan.individualScan && scan.individualUrl && scan.individualPageTitle ? (
        <>
          {scan.individualPageTitle} <span className={styles.muted}>({scan.individualUrl})</span>
        </>
      ) : (
        describeScanTarget(scan)
      )}
    </p>
  )
}

function ScanRow({ scan }: { scan: ActiveScan }) {
  const percent = formatScanPercent(scan.progress)
  return (
    <li className={styles.scan}>
      <ProgressBar
        value={Math.min(100, Math.max(0, scan.progress))}
        valueLabel={`${percent}, ${scan.qaFinished} of ${scan.qaEnqueued} pages`}
        className={styles.progress}
      >
        <div className={styles.scanHeader}>
          <Label className={styles.siteName}>{describeScanLabel(scan)}</Label>
          <span className={styles.percent}>{percent}</span>
        </div>
        <ScanTarget scan={scan} />
        <div className={styles.track} aria-hidden="true">
          <div className={styles.fill} style={{ width: percent }} />
        </div>
        <p className={styles.pages}>
          {scan.qaFinished} / {scan.qaEnqueued} pages
        </p>
      </ProgressBar>
    </li>
  )
}

/**
 * The header's scan-progress dropdown (platform.md §1, §4): the user's running scans, polled every 10 s,
 * in a popover that closes by its toggle, Escape or a click outside.
 */
export function ScanProgress({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const scans = useActiveScans()
  const list = scans.data ?? []
  return (
    <div className={tone === 'dark' ? styles.onDark : undefined}>
      <DialogTrigger>
        <Button variant="trigger" className={styles.toggle}>
          <Icon name="clock" />
          <span className={styles.label}>Active scans</span>{' '}
          <span className={styles.badge}>
            {`${list.length} `}
            <span className="visually-hidden">running</span>
          </span>
        </Button>
        <Popover placement="bottom end" className={styles.popover}>
          <Dialog className={styles.dialog}>
            <Heading slot="title" className={styles.heading}>
              Active scans
            </Heading>
            {scans.isPending ? (
              <p className={styles.muted}>Loading</p>
            ) : scans.isError ? (
              <p className={styles.muted}>{scans.error.message}</p>
            ) : list.length === 0 ? (
              <p className={styles.muted}>No scans are running.</p>
            ) : (
              <ul className={styles.list}>
                {list.map((scan) => (
                  <ScanRow key={scan.id} scan={scan} />
                ))}
              </ul>
            )}
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  )
}
