import type { Prisma } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

/**
 * The history points the worker rolls up at the end of each scan (one for the site, sectionId null, and
 * one per section), read for the history charts and the scan details.
 */
export interface HistoryScope {
  siteId: string
  /** null: the site's own points */
  sectionId: string | null
}

const historyPointInclude = {
  scan: { select: { kind: true, finishedAt: true } },
} satisfies Prisma.HistoryPointInclude

export type HistoryPointRow = Prisma.HistoryPointGetPayload<{ include: typeof historyPointInclude }>

/**
 * Points of completed full-site and section scans only: a one-page scan also runs the roll-up, and its
 * point (one page) would read as a collapse of the site in the charts.
 */
function historyWhere({ siteId, sectionId }: HistoryScope): Prisma.HistoryPointWhereInput {
  return { siteId, sectionId, scan: { state: 'completed', kind: { in: ['site', 'section'] } } }
}

/** The latest `take` points of the scope, oldest first. */
export async function listHistoryPoints(
  db: DbClient,
  scope: HistoryScope & { take: number },
): Promise<HistoryPointRow[]> {
  const rows = await db.historyPoint.findMany({
    where: historyWhere(scope),
    include: historyPointInclude,
    orderBy: [{ recordedAt: 'desc' }, { id: 'desc' }],
    take: scope.take,
  })
  return rows.reverse()
}

/** The first or the last point of the scope, or null before its first completed scan. */
export function findHistoryPointAtEnd(
  db: DbClient,
  scope: HistoryScope & { end: 'first' | 'last' },
): Promise<HistoryPointRow | null> {
  const direction = scope.end === 'first' ? 'asc' : 'desc'
  return db.historyPoint.findFirst({
    where: historyWhere(scope),
    include: historyPointInclude,
    orderBy: [{ recordedAt: direction }, { id: direction }],
  })
}

/** The site's last completed full scan with a history point: the scan its overview figures come from. */
export async function findLatestSiteScanId(db: DbClient, siteId: string): Promise<string | null> {
  const point = await findHistoryPointAtEnd(db, { siteId, sectionId: null, end: 'last' })
  return point?.scan.kind === 'site' ? point.scanId : null
}

/** The site settings the scan details show. */
export function findSiteScanLimit(db: DbClient, siteId: string) {
  return db.site.findUnique({ where: { id: siteId }, select: { maximumPageLimitPerScan: true } })
}
