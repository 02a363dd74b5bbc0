import type { ActiveScan } from '@canopy/contracts'

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

/** A queued scan's place: its queuePosition counts the scans queued before it, 1 being next. */
export function describeQueuePosition(queuePosition: number | null): string {
  if (queuePosition === null || queuePosition <= 1) return 'Queued, next in line'
  return `Queued, position ${queuePosition} in the queue`
}

/** The state in words: where a queued scan stands, or how far a running one has got. */
export function describeScanProgress(scan: ActiveScan): string {
  if (scan.state === 'queued') return describeQueuePosition(scan.queuePosition)
  return `${formatScanPercent(scan.progress)}, ${scan.qaFinished} of ${scan.qaEnqueued} pages`
}

const KIND_LABELS: Record<ActiveScan['kind'], string> = {
  site: 'Full scan',
  section: 'Section scan',
  page: 'Page scan',
  'single-page': 'Single page scan',
}

export function describeScanKind(scan: ActiveScan): string {
  return KIND_LABELS[scan.kind]
}
