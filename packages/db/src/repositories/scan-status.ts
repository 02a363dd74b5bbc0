import type { Prisma, Scan } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

/**
 * What a site's dashboard says about scanning: the scans under way, the last one that finished, and where
 * a queued scan stands. Single-page scans are not the site's scans: they have a queue of their own.
 */
const SITE_SCAN_KINDS = ['site', 'section', 'page'] as const

/** The site's scans still queued or running: running first, then in the order they will run. */
export function listSiteActiveScans(db: DbClient, siteId: string): Promise<Scan[]> {
  return db.scan.findMany({
    where: { siteId, kind: { in: [...SITE_SCAN_KINDS] }, state: { in: ['queued', 'running'] } },
    orderBy: [{ state: 'desc' }, { queuedAt: 'asc' }, { id: 'asc' }],
  })
}

/** The site's last scan that finished (completed or failed). */
export function findLastFinishedSiteScan(db: DbClient, siteId: string): Promise<Scan | null> {
  return db.scan.findFirst({
    where: { siteId, kind: { in: [...SITE_SCAN_KINDS] }, state: { in: ['completed', 'failed'] } },
    orderBy: [{ finishedAt: { sort: 'desc', nulls: 'last' } }, { queuedAt: 'desc' }],
  })
}

/** Queued scans of any site that run before this queued one (the scans queue serves the oldest first). */
export function countScansQueuedBefore(db: DbClient, scan: Pick<Scan, 'id' | 'queuedAt'>) {
  const before: Prisma.ScanWhereInput = {
    OR: [{ queuedAt: { lt: scan.queuedAt } }, { queuedAt: scan.queuedAt, id: { lt: scan.id } }],
  }
  return db.scan.count({
    where: { state: 'queued', kind: { in: [...SITE_SCAN_KINDS] }, ...before },
  })
}

/** Sites without any site, section or page scan yet, a batch at a time (their first scan is due). */
export function listSitesNeverScanned(db: DbClient, { afterId, take }: { afterId?: string; take: number }) {
  return db.site.findMany({
    where: {
      ...(afterId ? { id: { gt: afterId } } : {}),
      scans: { none: { kind: { in: [...SITE_SCAN_KINDS] } } },
    },
    orderBy: { id: 'asc' },
    take,
    select: { id: true, maximumPageLimitPerScan: true },
  })
}
