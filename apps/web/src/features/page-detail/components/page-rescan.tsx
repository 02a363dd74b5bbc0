import type { PageDetail, ScanState, ScanStatus } from '@canopy/contracts'
import { useEffect, useState } from 'react'
import { ScanButton } from '@/components/scans/scan-button'
import { useSiteScanStatus } from '@/lib/live-scans'
import styles from './page-detail.module.css'

const RESCAN_STATE_TEXT: Record<ScanState, (progress: number) => string> = {
  queued: () => 'Rescan queued',
  running: (progress) => `Rescanning: ${Math.round(progress)}%`,
  completed: () => 'Rescanned: the results below are the new ones',
  failed: () => 'The rescan failed',
}

export const PAGE_SCAN_UNDER_WAY_REASON = 'This page is already queued or being scanned.'

const isScanOfPage = (scan: ScanStatus | null | undefined, pageUrl: string): scan is ScanStatus =>
  scan?.kind === 'page' && scan.individualUrl === pageUrl

/**
 * The page's own scan as the site's live scan status tells it: the one under way, or the one this screen
 * saw under way once it has finished (so its outcome is said, not an older scan's).
 */
function usePageScan(siteSlug: string, pageUrl: string) {
  const status = useSiteScanStatus(siteSlug)
  const [followedId, setFollowedId] = useState<string | null>(null)
  const active = isScanOfPage(status.data?.active, pageUrl) ? status.data?.active : null
  const activeId = active?.id ?? null
  useEffect(() => {
    if (activeId) setFollowedId(activeId)
  }, [activeId])
  const finished = status.data?.lastFinished
  return { active, shown: active ?? (finished && finished.id === followedId ? finished : null) }
}

/**
 * Rescan page, then the rescan's state beside it until it ends. When it ends the live scan cache fetches
 * everything cached about the site again, the page's results with it, so a fixed issue shows as fixed.
 */
export function PageRescan({ siteSlug, page }: { siteSlug: string; page: PageDetail }) {
  const scan = usePageScan(siteSlug, page.url)
  return (
    <div className={styles.rescan}>
      <p role="status" className={styles.rescanState}>
        {scan.shown ? RESCAN_STATE_TEXT[scan.shown.state](scan.shown.progress) : ''}
      </p>
      <ScanButton
        siteSlug={siteSlug}
        request={{ kind: 'page', uri: page.url, pageTitle: page.pageTitle ?? undefined }}
        label="Rescan page"
        variant="secondary"
        disabledReason={scan.active ? PAGE_SCAN_UNDER_WAY_REASON : null}
      />
    </div>
  )
}
