import type { Prisma } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

/** The worker's reads and writes of one page of a scan beyond its audits (see scan-finalize.ts for the end). */

/** The page a Lighthouse run measures, or null when it was deleted (its site removed) while the job waited. */
export function findPageSite(db: DbClient, pageId: string) {
  return db.page.findUnique({ where: { id: pageId }, select: { id: true, siteId: true } })
}

export function updatePagePerformance(
  db: DbClient,
  pageId: string,
  data: { performanceScore: number | null; performanceMetrics: unknown; failedCount: number },
) {
  return db.page.update({
    where: { id: pageId },
    data: {
      performanceScore: data.performanceScore,
      performanceMetrics: data.performanceMetrics as Prisma.InputJsonValue,
      numberOfPerformanceIssuesFailed: data.failedCount,
    },
  })
}

/** The scan with its site, as the scan jobs start from it. */
export function findScanWithSite(db: DbClient, scanId: string) {
  return db.scan.findUnique({ where: { id: scanId }, include: { site: true } })
}

/** What a scheduled scan of the site needs: its page limit per scan and its monthly scan limit. */
export function findSiteScanSettings(db: DbClient, siteId: string) {
  return db.site.findUnique({
    where: { id: siteId },
    select: { id: true, maximumPageLimitPerScan: true, scanLimit: true },
  })
}

/** A section's rules in their order. */
export function listSectionRules(db: DbClient, sectionId: string) {
  return db.sectionCondition.findMany({
    where: { sectionId },
    orderBy: { position: 'asc' },
    select: { matchType: true, source: true, operator: true, name: true, value: true },
  })
}

/** A single-page scan's job took it: running from now (a retry keeps it running). */
export function markSinglePageScanRunning(db: DbClient, scanId: string) {
  return db.scan.updateMany({
    where: { id: scanId, state: { in: ['queued', 'running'] } },
    data: { state: 'running', startedAt: new Date() },
  })
}

/** A single-page scan's answer, stored on the scan (shaped as the contracts' SinglePageScanResult). */
export function completeSinglePageScan(db: DbClient, scanId: string, result: unknown) {
  return db.scan.update({
    where: { id: scanId },
    data: {
      state: 'completed',
      finishedAt: new Date(),
      pagesQueued: 1,
      pagesScanned: 1,
      result: result as Prisma.InputJsonValue,
    },
  })
}
