import type { ActiveScan } from '@canopy/contracts'
import { Dialog, DialogTrigger, Heading, Label, Link, Popover, ProgressBar } from 'react-aria-components'
import { Button } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import { useActiveScans } from '@/lib/live-scans'
import { describeScanLabel, describeScanProgress, describeScanTarget, formatScanPercent } from '../format'
import styles from './scan-progress.module.css'

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
  const isQueued = scan.state === 'queued'
  const percent = formatScanPercent(scan.progress)
  return (
    <li className={styles.scan}>
      <ProgressBar
        value={isQueued ? 0 : Math.min(100, Math.max(0, scan.progress))}
        valueLabel={describeScanProgress(scan)}
        className={styles.progress}
      >
        <div className={styles.scanHeader}>
          <Label className={styles.siteName}>{describeScanLabel(scan)}</Label>
          <span className={styles.percent}>{isQueued ? 'Queued' : percent}</span>
        </div>
        <ScanTarget scan={scan} />
        <div className={styles.track} aria-hidden="true">
          <div className={styles.fill} style={{ width: isQueued ? 0 : percent }} />
        </div>
        <p className={styles.pages}>
          {isQueued ? describeScanProgress(scan) : `${scan.qaFinished} / ${scan.qaEnqueued} pages`}
        </p>
      </ProgressBar>
    </li>
  )
}

function ScanList({ scans }: { scans: ReturnType<typeof useActiveScans> }) {
  if (scans.isPending) return <p className={styles.muted}>Loading</p>
  if (scans.isError) return <p className={styles.muted}>{scans.error.message}</p>
  if (scans.data.length === 0) return <p className={styles.muted}>No scans are queued or running.</p>
  return (
    <ul className={styles.list}>
      {scans.data.map((scan) => (
        <ScanRow key={scan.id} scan={scan} />
      ))}
    </ul>
  )
}

/**
 * The header's scan-progress dropdown (platform.md §1, §4): the user's queued and running scans, kept live
 * over the socket (polled every 10 s while it is away), in a popover that closes by its toggle, Escape or
 * a click outside, with a link to the active scans screen.
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
            <span className="visually-hidden">queued or running</span>
          </span>
        </Button>
        <Popover placement="bottom end" className={styles.popover}>
          <Dialog className={styles.dialog}>
            {({ close }) => (
              <>
                <Heading slot="title" className={styles.heading}>
                  Active scans
                </Heading>
                <ScanList scans={scans} />
                <Link href="/scans" className={styles.allLink} onPress={close}>
                  See all active scans
                </Link>
              </>
            )}
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  )
}
