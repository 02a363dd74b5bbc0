import {
  type ActiveScan,
  type ScanKind,
  type ScanProgressEvent,
  type ScanStatus,
  type SinglePageScanAnswer,
  SinglePageScanResultSchema,
} from '@canopy/contracts'
import type { ActiveScanRow, ScanKind as DbScanKind, Scan } from '@canopy/db'

const WIRE_KIND: Record<DbScanKind, ScanKind> = {
  site: 'site',
  section: 'section',
  page: 'page',
  single_page: 'single-page',
}

export function presentScanKind(kind: DbScanKind): ScanKind {
  return WIRE_KIND[kind]
}

export function presentScanStatus(scan: Scan): ScanStatus {
  return {
    id: scan.id,
    number: scan.number,
    kind: presentScanKind(scan.kind),
    trigger: scan.trigger,
    state: scan.state,
    sectionId: scan.sectionId,
    individualUrl: scan.individualUrl,
    progress: scanProgressPercent(scan),
    pagesDiscovered: scan.pagesDiscovered,
    pagesQueued: scan.pagesQueued,
    pagesScanned: scan.pagesScanned,
    pagesFailed: scan.pagesFailed,
    queuedAt: scan.queuedAt.toISOString(),
    startedAt: scan.startedAt?.toISOString() ?? null,
    finishedAt: scan.finishedAt?.toISOString() ?? null,
    error: scan.error,
    stopReason: scan.stopReason,
  }
}

/** Finished pages (scanned or failed) out of the pages queued so far, in percent with two decimals. */
export function scanProgressPercent(scan: {
  pagesScanned: number
  pagesFailed: number
  pagesQueued: number
}): number {
  if (scan.pagesQueued <= 0) return 0
  const finished = scan.pagesScanned + scan.pagesFailed
  return Math.min(100, Math.round((finished / scan.pagesQueued) * 10_000) / 100)
}

/** A scan-progress event from the scan's state and counts, and the job step that reported it. */
export function progressEventOf(
  scan: Pick<ScanProgressEvent, 'siteId' | 'kind' | 'state'> & {
    pagesQueued: number
    pagesScanned: number
    pagesFailed: number
  },
  scanId: string,
  step?: { stage: ScanProgressEvent['stage']; percent: number },
): ScanProgressEvent {
  return {
    id: scanId,
    siteId: scan.siteId,
    kind: scan.kind,
    state: scan.state,
    progress: scanProgressPercent(scan),
    qaFinished: scan.pagesScanned + scan.pagesFailed,
    qaEnqueued: scan.pagesQueued,
    ...(step ? { stage: step.stage, percent: step.percent } : {}),
  }
}

/** The origin of a page URL with a trailing slash, the "root" of a scan that belongs to no site. */
function originOf(url: string | null): string {
  if (!url) return ''
  try {
    return `${new URL(url).origin}/`
  } catch {
    return url
  }
}

export function presentActiveScan(
  row: ActiveScanRow,
  pageTitle: string | null,
  queuePosition: number | null,
): ActiveScan {
  const site = row.site
  if (!site && row.kind !== 'single_page') throw new Error(`active scan ${row.id} has no site`)
  // A single-page scan is one page from the start; the worker records it as queued only when it is done.
  const isSinglePage = row.kind === 'single_page'
  const finished = row.pagesScanned + row.pagesFailed
  const queued = isSinglePage ? Math.max(row.pagesQueued, 1) : row.pagesQueued
  return {
    id: row.id,
    originalConfig: site ? { sys: { id: site.id, slug: site.slug }, siteName: site.siteName } : null,
    rootUri: site ? site.rootUri : originOf(row.individualUrl),
    qaFinished: finished,
    qaEnqueued: queued,
    progress: scanProgressPercent({ ...row, pagesQueued: queued }),
    pageCount: isSinglePage ? 1 : row.pagesDiscovered,
    individualScan: row.kind === 'page' || isSinglePage,
    isMultiple: row.kind === 'site' || row.kind === 'section',
    isRootKey: row.kind === 'site',
    individualUrl: row.individualUrl,
    individualPageTitle: pageTitle,
    kind: presentScanKind(row.kind),
    state: row.state === 'queued' ? 'queued' : 'running',
    queuePosition: row.state === 'queued' ? queuePosition : null,
    queuedAt: row.queuedAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
  }
}

export const SCAN_FAILED_MESSAGE = 'The page could not be scanned.'
export const SCAN_WITHOUT_RESULT_MESSAGE = 'The scan finished without a result.'

/**
 * A finished single-page scan as the socket and POST /api/v1/scans answer it; null while it still runs.
 * The result is what the worker stored in Scan.result, checked against the contract before it is sent.
 */
export function presentSinglePageAnswer(scan: Scan): SinglePageScanAnswer | null {
  if (scan.state === 'failed') {
    return { id: scan.id, success: false, message: scan.error ?? SCAN_FAILED_MESSAGE }
  }
  if (scan.state !== 'completed') return null
  const result = SinglePageScanResultSchema.safeParse(scan.result)
  if (!result.success) return { id: scan.id, success: false, message: SCAN_WITHOUT_RESULT_MESSAGE }
  return { id: scan.id, success: true, result: result.data }
}
