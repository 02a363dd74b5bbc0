import {
  isScanLimitReached,
  SCAN_MESSAGES,
  SCAN_STOP_REASON_MESSAGES,
  type ScanStatus,
  type ScanUsage,
  type SiteScanStatus,
} from '@canopy/contracts'
import { Label, ProgressBar } from 'react-aria-components'
import { ScanButton } from '@/components/scans/scan-button'
import { ScanUsageNotice } from '@/components/scans/scan-usage'
import { PageLoader } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'
import { formatDateTime, formatScanPercent, plural } from '@/lib/format-values'
import { useSiteScanStatus } from '@/lib/live-scans'
import styles from './dashboard.module.css'

/** The dashboard's scope: the whole site, or one section of it. */
export type DashboardScope = { kind: 'site' } | { kind: 'section'; sectionId: string; title: string }

export const NO_SCAN_PERMISSION_REASON = "Only the site's editors and administrators can start a scan."

function describeTarget(scan: ScanStatus, siteName: string): string {
  if (scan.kind === 'section') return `A scan of a section of ${siteName}`
  if (scan.kind === 'page') return `A scan of the page ${scan.individualUrl ?? ''}`.trim()
  return `A full scan of ${siteName}`
}

/** SiteScanStatus.queuePosition counts the scans ahead (0: next). */
function describeQueue(queuePosition: number | null): string {
  if (!queuePosition) return 'It is next in the queue.'
  return `${plural(queuePosition, 'scan is', 'scans are')} ahead of it in the queue.`
}

type SiteFacts = { siteName: string; firstScanCompleted: boolean }

/** Before the first results, the heading is the spec's 'Your results are on the way'. */
function activeHeading(site: SiteFacts, heading: string): string {
  return site.firstScanCompleted ? heading : MESSAGES.firstScan.title
}

function ActiveScanState({
  scan,
  status,
  site,
}: {
  scan: ScanStatus
  status: SiteScanStatus
  site: SiteFacts
}) {
  const { siteName } = site
  if (scan.state === 'queued') {
    return (
      <>
        <h2 className={styles.cardHeading}>{activeHeading(site, 'Scan queued')}</h2>
        <p>
          {describeTarget(scan, siteName)} is queued. {describeQueue(status.queuePosition)}
        </p>
      </>
    )
  }
  const done = scan.pagesScanned + scan.pagesFailed
  const percent = formatScanPercent(scan.progress)
  return (
    <>
      <h2 className={styles.cardHeading}>{activeHeading(site, 'Scan in progress')}</h2>
      <ProgressBar
        value={Math.min(100, Math.max(0, scan.progress))}
        valueLabel={`${percent}, ${done} of ${scan.pagesQueued} pages`}
      >
        <div className={styles.progressLabel}>
          <Label>{describeTarget(scan, siteName)} is running</Label>
          <span>{percent}</span>
        </div>
        <div className={styles.progressTrack} aria-hidden="true">
          <div className={styles.progressFill} style={{ width: percent }} />
        </div>
        <p className={styles.muted}>
          {done} of {plural(scan.pagesQueued, 'page', 'pages')} scanned
        </p>
      </ProgressBar>
    </>
  )
}

/** A scan that ended: how it ended, and why it stopped early when a limit stopped it. */
function FinishedScanState({ scan }: { scan: ScanStatus }) {
  const name = scan.number === null ? 'The last scan' : `Scan ${scan.number}`
  const when = formatDateTime(scan.finishedAt)
  if (scan.state === 'failed' && scan.stopReason && scan.startedAt === null) {
    return (
      <>
        <h2 className={styles.cardHeading}>Last scan</h2>
        <p>
          {name} was not run on {when}: {scan.error ?? SCAN_MESSAGES.scanLimitReached}
        </p>
      </>
    )
  }
  return (
    <>
      <h2 className={styles.cardHeading}>Last scan</h2>
      {scan.state === 'failed' ? (
        <p>
          {name} failed on {when}
          {scan.error ? `: ${scan.error}` : '.'}
        </p>
      ) : (
        <p>
          {name} finished on {when}: {plural(scan.pagesScanned, 'page', 'pages')} scanned.
        </p>
      )}
      {scan.stopReason && scan.startedAt !== null ? (
        <p>{SCAN_STOP_REASON_MESSAGES[scan.stopReason]}</p>
      ) : null}
    </>
  )
}

function ScanStateText({ status, site }: { status: SiteScanStatus; site: SiteFacts }) {
  const { siteName } = site
  if (status.active) return <ActiveScanState scan={status.active} status={status} site={site} />
  if (status.lastFinished) return <FinishedScanState scan={status.lastFinished} />
  return (
    <>
      <h2 className={styles.cardHeading}>No scan yet</h2>
      <p>{siteName} has not been scanned yet. Start a scan to see its scores and issues.</p>
    </>
  )
}

/** Why the scope's scan cannot start now, in words; null when it can. */
export function scanBlockedReason(
  status: SiteScanStatus,
  scope: DashboardScope,
  canStartScans: boolean,
  scanLimitReached = false,
): string | null {
  if (!canStartScans) return NO_SCAN_PERMISSION_REASON
  if (scanLimitReached) return SCAN_MESSAGES.scanLimitReached
  const active = status.active
  if (active?.kind === 'site' || (scope.kind === 'site' && !status.canStartScan))
    return SCAN_MESSAGES.siteScanActive
  if (scope.kind === 'section' && active?.kind === 'section' && active.sectionId === scope.sectionId)
    return SCAN_MESSAGES.sectionScanActive
  return null
}

/**
 * What the dashboard says about scanning, always true to the server: a scan queued (with its place in the
 * queue) or running (with its progress, live over the socket), the last one that finished, or no scan yet;
 * with Scan now for the site or Rescan section for a section, disabled with the reason while it cannot start
 * (a scan under way, or the month's scan limit used); and the site's scan usage with its warning.
 */
export function ScanStateCard({
  siteSlug,
  siteName,
  firstScanCompleted,
  canStartScans,
  scanUsage,
  scope,
}: {
  siteSlug: string
  siteName: string
  firstScanCompleted: boolean
  canStartScans: boolean
  scanUsage: ScanUsage
  scope: DashboardScope
}) {
  const status = useSiteScanStatus(siteSlug)
  return (
    <section className={styles.card} aria-label="Scanning">
      {status.isPending ? (
        <PageLoader label="Checking for scans" />
      ) : status.isError ? (
        <p role="alert">{status.error.message}</p>
      ) : (
        <>
          <ScanStateText status={status.data} site={{ siteName, firstScanCompleted }} />
          <ScanButton
            siteSlug={siteSlug}
            request={
              scope.kind === 'site' ? { kind: 'site' } : { kind: 'section', sectionId: scope.sectionId }
            }
            label={scope.kind === 'site' ? 'Scan now' : 'Rescan section'}
            disabledReason={scanBlockedReason(
              status.data,
              scope,
              canStartScans,
              isScanLimitReached(scanUsage),
            )}
          />
        </>
      )}
      <ScanUsageNotice usage={scanUsage} />
    </section>
  )
}
