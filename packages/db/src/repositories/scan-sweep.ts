import type { ScanKind, ScanState } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

/* What the worker's sweeper reads to find scans that lost their jobs (apps/worker sweep-lost-scans). */

export interface SweptScan {
  id: string
  kind: ScanKind
  state: ScanState
  /** the page of a page or single-page scan */
  individualUrl: string | null
}

/**
 * Scans queued or running since before `queuedBefore`: a scan younger than that may still be getting its
 * first job from the API, so it is left alone. Oldest first, at most `take`.
 */
export function listActiveScansQueuedBefore(
  db: DbClient,
  { queuedBefore, take }: { queuedBefore: Date; take: number },
): Promise<SweptScan[]> {
  return db.scan.findMany({
    where: { state: { in: ['queued', 'running'] }, queuedAt: { lt: queuedBefore } },
    select: { id: true, kind: true, state: true, individualUrl: true },
    orderBy: { queuedAt: 'asc' },
    take,
  })
}

/**
 * The scan's pages whose Lighthouse run is still owed (scanned, lighthouseDone false), with the page id its
 * lighthouse-page job names.
 */
export async function listPendingLighthousePages(
  db: DbClient,
  scanId: string,
): Promise<{ url: string; pageId: string }[]> {
  const pending = await db.scanUrl.findMany({
    where: { scanId, state: 'scanned', lighthouseDone: false },
    select: { url: true },
  })
  if (pending.length === 0) return []
  const results = await db.pageResult.findMany({
    where: { scanId, page: { url: { in: pending.map((row) => row.url) } } },
    select: { pageId: true, page: { select: { url: true } } },
  })
  return results.map((result) => ({ url: result.page.url, pageId: result.pageId }))
}

/** How many URLs the scan's discovery admitted so far (0: discovery has not admitted anything yet). */
export function countScanUrls(db: DbClient, scanId: string): Promise<number> {
  return db.scanUrl.count({ where: { scanId } })
}
