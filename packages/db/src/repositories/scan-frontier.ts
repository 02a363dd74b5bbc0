import { scanLimitPeriodStart } from '@canopy/contracts'
import type { PageDiscovery, Prisma, PrismaClient, ScanStopReason } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

/* A scan's frontier (ScanUrl) and its counters on Scan, written by the worker's scan jobs. */

export interface FrontierCandidate {
  url: string
  urlHash: string
  depth: number
  discoveredVia: PageDiscovery
}

type Tx = Prisma.TransactionClient

interface LockedScan {
  pageLimit: number
  pagesQueued: number
  stopReason: ScanStopReason | null
  siteId: string | null
  scanLimit: number | null
}

/**
 * Pages this scan may still admit under the site's monthly scan limit: the limit less the pages its other
 * scans queued this month have scanned, less this scan's admitted pages. Infinity for a limit of 0 (no cap)
 * or a scan of no site.
 */
async function scanLimitRoom(tx: Tx, scanId: string, scan: LockedScan): Promise<number> {
  if (!scan.siteId || !scan.scanLimit || scan.scanLimit <= 0) return Number.POSITIVE_INFINITY
  const others = await tx.scan.aggregate({
    where: { siteId: scan.siteId, id: { not: scanId }, queuedAt: { gte: scanLimitPeriodStart() } },
    _sum: { pagesScanned: true },
  })
  return scan.scanLimit - (others._sum.pagesScanned ?? 0) - scan.pagesQueued
}

/** Which limit left new URLs out: the tighter one (the monthly one when both are reached). */
function stopReasonFor(pageRoom: number, scanRoom: number): ScanStopReason {
  return scanRoom <= pageRoom ? 'scan_limit' : 'page_limit'
}

/**
 * Admits URLs into a scan's frontier, at most up to its page limit and the site's monthly scan limit. The
 * Scan row is locked first, so concurrent pages never overshoot either, and (scanId, urlHash) is the key, so
 * a URL is admitted once however many pages link to it or however often a job is retried. When a limit
 * leaves new URLs out, the scan records which one (stopReason, the first to stop it). Returns the newly
 * admitted URLs.
 *
 * This scan's admitted pages count against the monthly limit from the moment they are admitted, under the
 * lock, so its own pages running in parallel can never take it past the limit. Other scans of the site (a
 * page scan beside a full scan) count by the pages they have finished scanning: the most the site can go
 * past its limit is the pages those other scans have in flight at that moment.
 *
 * The lock is FOR NO KEY UPDATE, not FOR UPDATE: the calling transaction has usually inserted rows that
 * reference the scan already (page results), and each such foreign key holds FOR KEY SHARE on the Scan row.
 * Two page jobs upgrading those to FOR UPDATE wait for each other (PostgreSQL reported the deadlock);
 * FOR NO KEY UPDATE does not conflict with KEY SHARE and still admits one page's links at a time.
 */
export async function admitUrls(
  tx: Tx,
  scanId: string,
  candidates: FrontierCandidate[],
): Promise<FrontierCandidate[]> {
  if (candidates.length === 0) return []
  const [scan] = await tx.$queryRaw<LockedScan[]>`
    SELECT s."pageLimit", s."pagesQueued", s."stopReason", s."siteId", site."scanLimit"
    FROM "Scan" s LEFT JOIN "Site" site ON site.id = s."siteId"
    WHERE s.id = ${scanId} FOR NO KEY UPDATE OF s`
  if (!scan) throw new Error(`scan ${scanId} not found`)
  const unique = [...new Map(candidates.map((candidate) => [candidate.urlHash, candidate])).values()]
  const existing = new Set(
    (
      await tx.scanUrl.findMany({
        where: { scanId, urlHash: { in: unique.map((candidate) => candidate.urlHash) } },
        select: { urlHash: true },
      })
    ).map((row) => row.urlHash),
  )
  const pageRoom = Math.max(0, scan.pageLimit - scan.pagesQueued)
  const scanRoom = Math.max(0, await scanLimitRoom(tx, scanId, scan))
  const discovered = unique.filter((candidate) => !existing.has(candidate.urlHash))
  const fresh = discovered.slice(0, Math.min(pageRoom, scanRoom))
  if (fresh.length) {
    await tx.scanUrl.createMany({
      data: fresh.map((candidate) => ({ scanId, ...candidate })),
      skipDuplicates: true,
    })
  }
  const stopReason =
    discovered.length > fresh.length
      ? (scan.stopReason ?? stopReasonFor(pageRoom, scanRoom))
      : scan.stopReason
  if (fresh.length || stopReason !== scan.stopReason) {
    await tx.scan.update({
      where: { id: scanId },
      data: {
        pagesQueued: { increment: fresh.length },
        pagesDiscovered: { increment: fresh.length },
        stopReason,
      },
    })
  }
  return fresh
}

export interface ScanCounts {
  pagesQueued: number
  pagesScanned: number
  pagesFailed: number
  lighthouseQueued: number
  lighthouseDone: number
  state: string
}

/** Every admitted page finished and every Lighthouse run of the scan done: finalize may run. */
export function isReadyToFinalize(counts: ScanCounts): boolean {
  return (
    counts.state === 'running' &&
    counts.pagesScanned + counts.pagesFailed >= counts.pagesQueued &&
    counts.lighthouseDone >= counts.lighthouseQueued
  )
}

/**
 * Moves a frontier URL from queued to scanned or failed, counting it once: a retried job finds it no longer
 * queued and changes nothing. Returns whether this call made the move.
 */
export async function finishUrl(
  tx: Tx,
  scanId: string,
  urlHash: string,
  outcome: 'scanned' | 'failed',
  lighthouse: boolean,
): Promise<boolean> {
  const moved = await tx.scanUrl.updateMany({
    where: { scanId, urlHash, state: 'queued' },
    data: { state: outcome, finishedAt: new Date(), lighthouseDone: lighthouse ? false : null },
  })
  if (moved.count === 0) return false
  await tx.scan.update({
    where: { id: scanId },
    data: {
      ...(outcome === 'scanned' ? { pagesScanned: { increment: 1 } } : { pagesFailed: { increment: 1 } }),
      ...(lighthouse ? { lighthouseQueued: { increment: 1 } } : {}),
    },
  })
  return true
}

/**
 * A frontier URL that turned out not to be a page (error answer, redirect, file): it leaves the page
 * counts, so pagesQueued keeps meaning pages. Counted once, like finishUrl.
 */
export async function skipUrl(tx: Tx, scanId: string, urlHash: string): Promise<boolean> {
  const moved = await tx.scanUrl.updateMany({
    where: { scanId, urlHash, state: 'queued' },
    data: { state: 'skipped', finishedAt: new Date() },
  })
  if (moved.count === 0) return false
  await tx.scan.update({
    where: { id: scanId },
    data: { pagesQueued: { decrement: 1 }, pagesDiscovered: { decrement: 1 } },
  })
  return true
}

export async function readScanCounts(prisma: DbClient, scanId: string): Promise<ScanCounts | null> {
  return prisma.scan.findUnique({
    where: { id: scanId },
    select: {
      pagesQueued: true,
      pagesScanned: true,
      pagesFailed: true,
      lighthouseQueued: true,
      lighthouseDone: true,
      state: true,
    },
  })
}

/**
 * For the lighthouse-page job (and the sweeper giving a run up): its page's Lighthouse run is over (stored or
 * given up), counted once: only the update that flips the flag counts, so a retry or the final-failure hook
 * never counts it twice. The row is found by its key (scan, URL hash), not by its URL, which no index holds:
 * by URL, each call read every row of the scan's frontier. Returns the scan's counts afterwards, so the caller
 * can enqueue finalize-scan when they are complete.
 */
export async function markLighthouseDone(
  prisma: PrismaClient,
  scanId: string,
  urlHash: string,
): Promise<ScanCounts | null> {
  return prisma.$transaction(async (tx) => {
    const moved = await tx.scanUrl.updateMany({
      where: { scanId, urlHash, lighthouseDone: false },
      data: { lighthouseDone: true },
    })
    if (moved.count)
      await tx.scan.update({ where: { id: scanId }, data: { lighthouseDone: { increment: 1 } } })
    return readScanCounts(tx, scanId)
  })
}

/**
 * Moves a queued scan to running (a scan already under way or ended is left as it is). Whether its pages get
 * Lighthouse runs is settled now: the scan asked for them and this worker runs them.
 */
export async function startScan(prisma: DbClient, scanId: string, lighthouseEnabled: boolean): Promise<void> {
  await prisma.scan.updateMany({
    where: { id: scanId, state: 'queued' },
    data: { state: 'running', startedAt: new Date(), lighthouseEnabled },
  })
}

/**
 * The frontier URLs still queued (optionally only these hashes): the pages whose jobs must exist. Given
 * hashes, the rows are looked up by their key and the state checked here: with the state in the query the
 * planner may walk every queued row of the scan and filter the hashes (it did, 20 ms at 20k queued URLs, and
 * this runs after every page).
 */
export async function listQueuedScanUrls(db: DbClient, scanId: string, onlyHashes?: string[]) {
  const select = { url: true, urlHash: true, depth: true } as const
  if (!onlyHashes) return db.scanUrl.findMany({ where: { scanId, state: 'queued' }, select })
  const rows = await db.scanUrl.findMany({
    where: { scanId, urlHash: { in: onlyHashes } },
    select: { ...select, state: true },
  })
  return rows
    .filter((row) => row.state === 'queued')
    .map(({ url, urlHash, depth }) => ({ url, urlHash, depth }))
}

/** The frontier entry of one URL of the scan, or null when it was never admitted. */
export function findScanUrl(db: DbClient, scanId: string, urlHash: string) {
  return db.scanUrl.findUnique({ where: { scanId_urlHash: { scanId, urlHash } } })
}

/** How many of the scan's frontier URLs are in this state (e.g. skipped: loaded outside a section). */
export function countScanUrlsInState(
  db: DbClient,
  scanId: string,
  state: 'queued' | 'scanned' | 'failed' | 'skipped',
) {
  return db.scanUrl.count({ where: { scanId, state } })
}
