import type { Page, Prisma } from '../generated/prisma/client.js'
import { type DbClient, runInTransaction } from './db-client.js'

/**
 * What the worker's finalize-scan job reads and writes once every page of a scan is done: link checks,
 * duplicates and orphans across the scan's pages, section membership and the history points.
 */

/** Pages audited by the scan, with their page rows. */
export function listSucceededResults(db: DbClient, scanId: string) {
  return db.pageResult.findMany({ where: { scanId, status: 'succeeded' }, include: { page: true } })
}
export type SucceededResultRow = Awaited<ReturnType<typeof listSucceededResults>>[number]

/** A link the scan's pages point to, with the redirect last recorded for it and the scan that recorded it. */
export interface ScanLinkRow {
  id: string
  url: string
  finalUrl: string | null
  lastScanId: string | null
}

/** Distinct link and image URLs found on the scan's pages: each is checked once per scan. */
export function listLinksOfScan(db: DbClient, scanId: string): Promise<ScanLinkRow[]> {
  return db.link.findMany({
    where: { occurrences: { some: { page: { results: { some: { scanId, status: 'succeeded' } } } } } },
    select: { id: true, url: true, finalUrl: true, lastScanId: true },
  })
}

export interface LinkCheckRow {
  id: string
  status: number | null
  error: string | null
  isBroken: boolean
  isUnverified: boolean
  /** absent with finalUrl: the redirect already recorded for the link stays */
  redirectChain?: unknown
  finalUrl?: string | null
}

export async function storeLinkCheckRows(db: DbClient, scanId: string, checks: LinkCheckRow[]) {
  const checkedAt = new Date()
  for (const { id, redirectChain, ...check } of checks) {
    const chain = redirectChain === undefined ? {} : { redirectChain: redirectChain as Prisma.InputJsonValue }
    await db.link.update({
      where: { id },
      data: { ...check, ...chain, checkedAt, lastScanId: scanId },
    })
  }
}

/** Broken anchors of these pages, with the checked link. */
export function listBrokenAnchors(db: DbClient, pageIds: string[]) {
  return db.linkOccurrence.findMany({
    where: { pageId: { in: pageIds }, kind: 'anchor', link: { isBroken: true } },
    select: { pageId: true, link: { select: { url: true, status: true, error: true } } },
  })
}

/** The site's other pages some scan has seen (duplicates of a partial scan are looked for among them). */
export function listOtherScannedPages(db: DbClient, siteId: string, exceptIds: string[]): Promise<Page[]> {
  return db.page.findMany({ where: { siteId, id: { notIn: exceptIds }, lastScanId: { not: null } } })
}

export async function listSitemapUrlsOfScan(db: DbClient, scanId: string): Promise<string[]> {
  const rows = await db.scanUrl.findMany({
    where: { scanId, discoveredVia: 'sitemap' },
    select: { url: true },
  })
  return rows.map((row) => row.url)
}

/** Internal anchors of these pages: which page links to which URL. */
export async function listInternalAnchors(db: DbClient, pageIds: string[]) {
  const rows = await db.linkOccurrence.findMany({
    where: { pageId: { in: pageIds }, kind: 'anchor', link: { isInternal: true } },
    select: { pageId: true, link: { select: { url: true } } },
  })
  return rows.map((row) => ({ pageId: row.pageId, url: row.link.url }))
}

/**
 * After a full scan: which of its pages the sitemap lists, and which of those no page links to. The scanned
 * pages' flags are set in one statement from three arrays (URL, in the sitemap, orphaned), and sitemap URLs the
 * scan did not audit (failed pages) are marked listed: a list of URLs per flag, each sent as an `IN (…)` of every
 * page, outlasted a transaction's 5 s on a scan of 20,000 pages.
 */
export function markSitemapAndOrphans(
  db: DbClient,
  siteId: string,
  {
    scannedUrls,
    sitemapUrls,
    orphanedUrls,
  }: { scannedUrls: string[]; sitemapUrls: string[]; orphanedUrls: string[] },
) {
  const listed = new Set(sitemapUrls)
  const orphaned = new Set(orphanedUrls)
  const scanned = new Set(scannedUrls)
  const listedOnly = sitemapUrls.filter((url) => !scanned.has(url))
  return runInTransaction(
    db,
    async (tx) => {
      await tx.$executeRaw`
        UPDATE "Page" p SET "inSitemap" = f.listed, "isOrphaned" = f.orphaned
        FROM unnest(
          ${scannedUrls}::text[],
          ${scannedUrls.map((url) => listed.has(url))}::boolean[],
          ${scannedUrls.map((url) => orphaned.has(url))}::boolean[]
        ) AS f(url, listed, orphaned)
        WHERE p."siteId" = ${siteId} AND p.url = f.url`
      if (listedOnly.length > 0)
        await tx.$executeRaw`
          UPDATE "Page" SET "inSitemap" = true WHERE "siteId" = ${siteId} AND url = ANY(${listedOnly}::text[])`
    },
    { timeoutMs: 60_000 },
  )
}

/** The SEO outcomes the page job stored in this scan (finalize adds the checks across pages to them). */
export function listSeoIssuesStoredByScan(
  db: DbClient,
  { pageId, scanId }: { pageId: string; scanId: string },
) {
  return db.pageIssue.findMany({ where: { pageId, scanId, category: 'seo' } })
}

export function updateFinalizedPage(db: DbClient, pageId: string, data: Prisma.PageUpdateInput) {
  return db.page.update({ where: { id: pageId }, data })
}

export function updatePageResultScores(db: DbClient, resultId: string, scores: unknown) {
  return db.pageResult.update({
    where: { id: resultId },
    data: { scores: scores as Prisma.InputJsonValue },
  })
}

export function listPagesByIds(db: DbClient, pageIds: string[]): Promise<Page[]> {
  return db.page.findMany({ where: { id: { in: pageIds } } })
}

/** The site's sections (or the one of a section scan) with their rules in order. */
export function listSectionsWithRules(db: DbClient, siteId: string, onlySectionId: string | null) {
  return db.section.findMany({
    where: { siteId, ...(onlySectionId ? { id: onlySectionId } : {}) },
    include: { conditions: { orderBy: { position: 'asc' } } },
  })
}
export type SectionWithRulesRow = Awaited<ReturnType<typeof listSectionsWithRules>>[number]

/** After a full or section scan: the section's members are exactly these pages. */
export function replaceSectionMembers(
  db: DbClient,
  sectionId: string,
  pageIds: string[],
  summary: { overallScore: number | null },
) {
  return runInTransaction(db, async (tx) => {
    await tx.sectionPage.deleteMany({ where: { sectionId } })
    await tx.sectionPage.createMany({
      data: pageIds.map((pageId) => ({ sectionId, pageId })),
      skipDuplicates: true,
    })
    await tx.section.update({
      where: { id: sectionId },
      data: {
        pagesInSection: pageIds.length,
        overallScore: summary.overallScore,
        hasFirstScanned: true,
        lastScannedAt: new Date(),
      },
    })
  })
}

/**
 * After a page scan: the scanned pages join or leave the section; the other members stay. Returns the
 * members afterwards, for the section's score.
 */
export function updateSectionMembers(
  db: DbClient,
  sectionId: string,
  { joining, leaving }: { joining: string[]; leaving: string[] },
): Promise<Page[]> {
  return runInTransaction(db, async (tx) => {
    await tx.sectionPage.deleteMany({ where: { sectionId, pageId: { in: leaving } } })
    await tx.sectionPage.createMany({
      data: joining.map((pageId) => ({ sectionId, pageId })),
      skipDuplicates: true,
    })
    return tx.page.findMany({ where: { sections: { some: { sectionId } } } })
  })
}

export function updateSectionSummary(
  db: DbClient,
  sectionId: string,
  data: { pagesInSection: number; overallScore: number | null },
) {
  return db.section.update({ where: { id: sectionId }, data })
}

/**
 * What a history point counts over a set of pages besides their scores. Its issue counts are of the site's
 * target: accessibility advice (best practices, criteria above the target) is neither failed nor passed, as in
 * the score; rows stored before conformance was recorded (null) count as they did.
 */
export async function countHistoryFacts(db: DbClient, siteId: string, pageIds: string[]) {
  const [issues, documents, brokenLinks, misspellings] = await Promise.all([
    db.pageIssue.groupBy({
      by: ['category', 'outcome', 'conformance'],
      where: { pageId: { in: pageIds }, outcome: { in: ['passed', 'failed'] } },
      _count: { _all: true },
    }),
    db.document.groupBy({
      by: ['kind'],
      where: { siteId, occurrences: { some: { pageId: { in: pageIds } } } },
      _count: { _all: true },
    }),
    db.link.count({
      where: { siteId, isBroken: true, occurrences: { some: { pageId: { in: pageIds }, kind: 'anchor' } } },
    }),
    db.misspellingOccurrence.aggregate({ where: { pageId: { in: pageIds } }, _sum: { count: true } }),
  ])
  return {
    issueCount: (category: string, outcome: string) =>
      issues
        .filter((row) => row.category === category && row.outcome === outcome && row.conformance !== 'advice')
        .reduce((sum, row) => sum + row._count._all, 0),
    /** documents of a kind; without one, every document kind but media (which the inventory counts apart) */
    documentCount: (kind?: string) =>
      documents
        .filter((row) => (kind === undefined ? row.kind !== 'media' : row.kind === kind))
        .reduce((sum, row) => sum + row._count._all, 0),
    brokenLinks,
    misspellings: misspellings._sum.count ?? 0,
  }
}

/** The scan's history points, replaced on a retry. */
export function replaceHistoryPoints(
  db: DbClient,
  scanId: string,
  points: Prisma.HistoryPointUncheckedCreateInput[],
) {
  return runInTransaction(db, async (tx) => {
    await tx.historyPoint.deleteMany({ where: { scanId } })
    if (points.length) await tx.historyPoint.createMany({ data: points })
  })
}

/** Documents the scan's audited pages link to. */
export function listDocumentsOfScan(
  db: DbClient,
  scanId: string,
  { measuredSince }: { measuredSince?: Date } = {},
) {
  return db.document.findMany({
    where: {
      occurrences: { some: { page: { results: { some: { scanId, status: 'succeeded' } } } } },
      // Media a page of this scan loaded were measured by the browser (page-store): not asked for again.
      ...(measuredSince
        ? { OR: [{ kind: { not: 'media' } }, { checkedAt: null }, { checkedAt: { lt: measuredSince } }] }
        : {}),
    },
    select: { id: true, url: true, kind: true },
  })
}

/** What reading or measuring a document found (nothing when it could not be read: only checkedAt moves). */
export function updateDocumentAnalysis(
  db: DbClient,
  documentId: string,
  data: Prisma.DocumentUpdateInput = {},
) {
  return db.document.update({ where: { id: documentId }, data: { ...data, checkedAt: new Date() } })
}

/** The scan with its site and section, and the shallowest page that failed: why a scan audited nothing. */
export async function findEmptyScanFacts(db: DbClient, scanId: string) {
  const [scan, firstFailure] = await Promise.all([
    db.scan.findUniqueOrThrow({ where: { id: scanId }, include: { site: true, section: true } }),
    db.pageResult.findFirst({
      where: { scanId, status: 'failed' },
      include: { page: { select: { url: true, depth: true } } },
      orderBy: { page: { depth: 'asc' } },
    }),
  ])
  return { scan, firstFailure }
}

/** The scan completed; a full scan also makes the site's scores whole (its first full scan is done). */
export async function markScanCompleted(
  db: DbClient,
  scanId: string,
  { pagesOrphaned }: { pagesOrphaned: number },
) {
  return runInTransaction(db, async (tx) => {
    const scan = await tx.scan.update({
      where: { id: scanId },
      data: { state: 'completed', finishedAt: new Date(), pagesOrphaned },
    })
    if (scan.siteId && scan.kind === 'site')
      await tx.site.update({ where: { id: scan.siteId }, data: { firstScanCompleted: true } })
    return scan
  })
}

/**
 * Pages seen by earlier scans that a full scan did not reach: no page it crawled links to them any more
 * (and they are not in the sitemap, or the scan would have visited them), so they are orphaned too.
 * Only pages that answered last time count (a page gone with an error is not an orphan to fix).
 */
export function markUnreachedPagesOrphaned(
  db: DbClient,
  { siteId, scanId }: { siteId: string; scanId: string },
) {
  return db.page.updateMany({
    where: {
      siteId,
      lastScanId: { not: scanId },
      lastScannedAt: { not: null },
      OR: [{ httpStatus: null }, { httpStatus: { lt: 400 } }],
    },
    data: { isOrphaned: true },
  })
}
