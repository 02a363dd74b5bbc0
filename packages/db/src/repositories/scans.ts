import type {
  Prisma,
  PrismaClient,
  Scan,
  ScanKind,
  ScanStopReason,
  ScanTrigger,
} from '../generated/prisma/client.js'
import { type DbClient, runInTransaction } from './db-client.js'
import { siteVisibleToUserWhere } from './site-access.js'

/**
 * The API's side of scans: creating the Scan row a job will work on and reading what the worker wrote.
 * (The worker's own writes live in scan-*.ts.)
 */
export interface CreateScanInput {
  siteId: string | null
  sectionId?: string | null
  kind: ScanKind
  trigger?: ScanTrigger
  requestedById: string | null
  individualUrl?: string | null
  individualPageTitle?: string | null
  pageLimit: number
}

/** Site, section and page scans are numbered per site; a single-page scan is not one of the site's scans. */
function isNumbered(input: CreateScanInput): input is CreateScanInput & { siteId: string } {
  return input.siteId !== null && input.kind !== 'single_page'
}

/**
 * Every numbered scan of a site is created under this per-site transaction lock, so max + 1 is read and
 * used by one creator at a time and @@unique(siteId, number) never sees two scans with one number.
 */
async function lockSiteScans(tx: Prisma.TransactionClient, siteId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`scan-start:${siteId}`}))`
}

async function nextScanNumber(tx: Prisma.TransactionClient, siteId: string): Promise<number> {
  const last = await tx.scan.aggregate({ where: { siteId }, _max: { number: true } })
  return (last._max.number ?? 0) + 1
}

/** A scan recorded as not run, with why (a scheduled scan once the month's scan limit is used). */
export interface ScanNotRun {
  error: string
  stopReason: ScanStopReason
}

async function insertScan(tx: Prisma.TransactionClient, input: CreateScanInput, notRun?: ScanNotRun) {
  const number = isNumbered(input) ? await nextScanNumber(tx, input.siteId) : null
  const outcome = notRun
    ? { state: 'failed' as const, ...notRun, finishedAt: new Date() }
    : { state: 'queued' as const }
  return tx.scan.create({ data: { ...input, number, ...outcome } })
}

/** Creates a queued scan; a scan of a site gets the site's next number. */
export function createScan(db: DbClient, input: CreateScanInput) {
  return runInTransaction(db, async (tx) => {
    if (isNumbered(input)) await lockSiteScans(tx, input.siteId)
    return insertScan(tx, input)
  })
}

const ACTIVE_STATES = ['queued', 'running'] as const

/**
 * Creates the scan unless one matching `blockingWhere` is queued or running for the site. The check and
 * the insert run under the per-site lock, so two clicks at once (or a click and a scheduled tick) cannot
 * both start a scan, and the new scan takes the site's next number. With `notRun` the scan is recorded as
 * ended at once with that reason, and no job is owed it.
 */
export async function createScanUnlessActive(
  db: PrismaClient,
  input: CreateScanInput & { siteId: string },
  blockingWhere: Prisma.ScanWhereInput,
  notRun?: ScanNotRun,
) {
  return db.$transaction(async (tx) => {
    await lockSiteScans(tx, input.siteId)
    const active = await tx.scan.findFirst({
      where: { siteId: input.siteId, state: { in: [...ACTIVE_STATES] }, ...blockingWhere },
      orderBy: { queuedAt: 'desc' },
    })
    if (active) return { scan: active, created: false as const }
    return { scan: await insertScan(tx, input, notRun), created: true as const }
  })
}

/**
 * The one way a scan ends as failed, with the reason a site owner reads (cut to 2000 characters): only a
 * queued or running scan is ended, so a scan that completed or failed meanwhile keeps its outcome. Returns
 * whether this call ended it, and the scan as it is now (null when it is gone).
 */
export async function markScanFailed(
  db: DbClient,
  scanId: string,
  error: string,
  counts: { pagesQueued?: number; pagesFailed?: number } = {},
): Promise<{ ended: boolean; scan: Scan | null }> {
  const ended = await db.scan.updateMany({
    where: { id: scanId, state: { in: [...ACTIVE_STATES] } },
    data: { state: 'failed', error: error.slice(0, 2000), finishedAt: new Date(), ...counts },
  })
  return { ended: ended.count > 0, scan: await db.scan.findUnique({ where: { id: scanId } }) }
}

export function findScanById(db: DbClient, scanId: string) {
  return db.scan.findUnique({ where: { id: scanId } })
}

/** A scan of this site, or null (a scan of another site is "not found" here). */
export function findSiteScan(db: DbClient, { siteId, scanId }: { siteId: string; scanId: string }) {
  return db.scan.findFirst({ where: { id: scanId, siteId } })
}

/** A scan the user may follow: one they asked for, or one of a site they may see. */
export function findScanVisibleToUser(db: DbClient, { scanId, userId }: { scanId: string; userId: string }) {
  return db.scan.findFirst({
    where: { id: scanId, OR: [{ requestedById: userId }, { site: siteVisibleToUserWhere(userId) }] },
  })
}

const activeScanInclude = {
  site: { select: { id: true, slug: true, siteName: true, rootUri: true } },
} satisfies Prisma.ScanInclude

export type ActiveScanRow = Prisma.ScanGetPayload<{ include: typeof activeScanInclude }>

/**
 * Scans still queued or running that the user follows, newest first: site, section and page scans of the
 * sites the user may see, and the single-page scans the user asked for (with or without a site).
 */
export function listActiveScansForUser(db: DbClient, userId: string): Promise<ActiveScanRow[]> {
  return db.scan.findMany({
    where: {
      state: { in: [...ACTIVE_STATES] },
      OR: [
        { kind: { in: ['site', 'section', 'page'] }, site: siteVisibleToUserWhere(userId) },
        { kind: 'single_page', requestedById: userId },
      ],
    },
    include: activeScanInclude,
    orderBy: [{ queuedAt: 'desc' }, { id: 'asc' }],
  })
}

/**
 * Where each queued scan stands in its queue (1: next): site, section and page scans of every site share
 * one queue, single-page scans have their own. Both are served oldest first.
 */
export async function findQueuePositions(db: DbClient): Promise<Map<string, number>> {
  const rows = await db.scan.findMany({
    where: { state: 'queued' },
    orderBy: [{ queuedAt: 'asc' }, { id: 'asc' }],
    select: { id: true, kind: true },
  })
  const positions = new Map<string, number>()
  const counters = { site: 0, single: 0 }
  for (const row of rows) {
    const queue = row.kind === 'single_page' ? 'single' : 'site'
    counters[queue] += 1
    positions.set(row.id, counters[queue])
  }
  return positions
}

/** Titles of known pages, by site and URL (an individual scan names its page by title when it can). */
export async function findPageTitles(
  db: DbClient,
  pages: { siteId: string; url: string }[],
): Promise<Map<string, string | null>> {
  if (pages.length === 0) return new Map()
  const rows = await db.page.findMany({
    where: { OR: pages.map(({ siteId, url }) => ({ siteId, url })) },
    select: { siteId: true, url: true, title: true },
  })
  return new Map(rows.map((row) => [`${row.siteId} ${row.url}`, row.title]))
}

/** Single-page scans the user asked for that are still queued or running. */
export function countActiveSinglePageScans(db: DbClient, userId: string) {
  return db.scan.count({
    where: { requestedById: userId, kind: 'single_page', state: { in: [...ACTIVE_STATES] } },
  })
}

/** How long the last `take` single-page scans ran, newest first (for the queue estimate). */
export async function listRecentSinglePageScanDurations(db: DbClient, take: number): Promise<number[]> {
  const rows = await db.scan.findMany({
    where: { kind: 'single_page', state: 'completed', startedAt: { not: null }, finishedAt: { not: null } },
    orderBy: { finishedAt: 'desc' },
    take,
    select: { startedAt: true, finishedAt: true },
  })
  return rows.flatMap(({ startedAt, finishedAt }) =>
    startedAt && finishedAt ? [finishedAt.getTime() - startedAt.getTime()] : [],
  )
}

/** Every site's id and schedule, a batch at a time (for syncing the job schedulers at start). */
export function listSiteSchedules(db: DbClient, { afterId, take }: { afterId?: string; take: number }) {
  return db.site.findMany({
    where: afterId ? { id: { gt: afterId } } : {},
    orderBy: { id: 'asc' },
    take,
    select: { id: true, scanSchedule: true, timeZone: true },
  })
}

export function findSiteIds(db: DbClient, ids: string[]) {
  return db.site.findMany({ where: { id: { in: ids } }, select: { id: true } })
}

/** The scan's state and counts a progress report carries, so whoever relays it reads nothing. */
export function findScanProgressSnapshot(db: DbClient, scanId: string) {
  return db.scan.findUnique({
    where: { id: scanId },
    select: {
      siteId: true,
      requestedById: true,
      kind: true,
      state: true,
      pagesQueued: true,
      pagesScanned: true,
      pagesFailed: true,
    },
  })
}
