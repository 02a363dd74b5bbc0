import type { Audit, CategoryResult } from '@canopy/contracts'
import { keepsBrowserRedirect, type Prisma, type PrismaClient } from '@canopy/db'
import { DUPLICATE_CHECKS, scoreSeo } from '../audits/seo/seo-checks.js'
import { isInSection, type SectionConditionRule } from '../crawl/section-rules.js'
import { buildContentQuality, type ContentQualityInput } from '../scoring/content-quality.js'
import { replacePageIssues } from './store-page.js'

export interface LinkCheckOutcome {
  status: number | null
  error: string | null
  isBroken: boolean
  isUnverified: boolean
  redirectChain: unknown
  finalUrl: string | null
}

const mean = (values: (number | null | undefined)[]) => {
  const present = values.filter((value): value is number => typeof value === 'number')
  return present.length ? Math.round((present.reduce((a, b) => a + b, 0) / present.length) * 10) / 10 : null
}

interface StoredScores {
  accessibility: number | null
  seo: number | null
  contentQuality: number | null
  contentQualityInput: Omit<ContentQualityInput, 'brokenLinks'>
}

type ScanLink = { id: string; url: string; finalUrl: string | null; lastScanId: string | null }

/** Distinct link and image URLs found on the scan's pages: each is checked once per scan. */
export async function linksOfScan(prisma: PrismaClient, scanId: string): Promise<ScanLink[]> {
  return prisma.link.findMany({
    where: { occurrences: { some: { page: { results: { some: { scanId, status: 'succeeded' } } } } } },
    select: { id: true, url: true, finalUrl: true, lastScanId: true },
  })
}

export async function storeLinkChecks(
  prisma: PrismaClient,
  scanId: string,
  links: ScanLink[],
  checks: Map<string, LinkCheckOutcome>,
) {
  const now = new Date()
  for (const link of links) {
    const check = checks.get(link.url)
    if (!check) continue
    // A meta refresh or script move the browser recorded in this scan stays: a check without a browser sees a 200.
    const redirect = keepsBrowserRedirect(link, check, scanId)
      ? {}
      : { redirectChain: check.redirectChain as Prisma.InputJsonValue, finalUrl: check.finalUrl }
    await prisma.link.update({
      where: { id: link.id },
      data: {
        status: check.status,
        error: check.error,
        isBroken: check.isBroken,
        isUnverified: check.isUnverified,
        ...redirect,
        checkedAt: now,
        lastScanId: scanId,
      },
    })
  }
}

/**
 * Everything that needs all pages of a scan: broken links per page (content quality recomputed),
 * duplicate titles, descriptions and content (SEO recomputed), orphaned sitemap pages, sections, history.
 * Every step overwrites what an earlier attempt wrote, so a retried finalize changes nothing twice.
 */
export async function finalizeScanData(prisma: PrismaClient, scanId: string) {
  const scan = await prisma.scan.findUniqueOrThrow({ where: { id: scanId } })
  const siteId = scan.siteId
  if (!siteId) return
  // A section scan sees only the section's pages, a page scan one page: what needs the whole site (orphans,
  // other sections, the site's history point) stays as the last full scan left it, and duplicates are looked
  // for among the site's pages as last scanned.
  const sectionScan = scan.kind === 'section' && scan.sectionId ? scan.sectionId : null
  const pageScan = scan.kind === 'page'
  const partialScan = sectionScan !== null || pageScan
  const results = await prisma.pageResult.findMany({
    where: { scanId, status: 'succeeded' },
    include: { page: true },
  })
  const pageIds = results.map((result) => result.pageId)

  // Broken links per page, from the checked Link rows.
  const brokenOccurrences = await prisma.linkOccurrence.findMany({
    where: { pageId: { in: pageIds }, kind: 'anchor', link: { isBroken: true } },
    include: { link: true },
  })
  const brokenByPage = new Map<string, { url: string; status: number | null; error: string | null }[]>()
  for (const occurrence of brokenOccurrences) {
    const list = brokenByPage.get(occurrence.pageId) ?? []
    list.push({ url: occurrence.link.url, status: occurrence.link.status, error: occurrence.link.error })
    brokenByPage.set(occurrence.pageId, list)
  }

  // Duplicates by hash among this scan's pages (and, for a partial scan, the site's other scanned pages).
  const comparedPages = [
    ...results.map((result) => result.page),
    ...(partialScan
      ? await prisma.page.findMany({
          where: { siteId, id: { notIn: pageIds }, lastScanId: { not: null } },
        })
      : []),
  ]
  const groups = (key: 'titleHash' | 'descriptionHash' | 'contentHash') => {
    const byHash = new Map<string, string[]>()
    for (const page of comparedPages) {
      const hash = page[key]
      if (!hash) continue
      byHash.set(hash, [...(byHash.get(hash) ?? []), page.id])
    }
    return byHash
  }
  const duplicateOf = {
    'duplicate-title': groups('titleHash'),
    'duplicate-description': groups('descriptionHash'),
    'duplicate-content': groups('contentHash'),
  }
  const urlById = new Map(comparedPages.map((page) => [page.id, page.url]))

  // Orphans: sitemap pages that no page of this scan links to (a page linking to itself does not count).
  const sitemapUrls = await prisma.scanUrl.findMany({
    where: { scanId, discoveredVia: 'sitemap' },
    select: { url: true },
  })
  const linkedTo = new Set(
    (
      await prisma.linkOccurrence.findMany({
        where: { pageId: { in: pageIds }, kind: 'anchor', link: { isInternal: true } },
        select: { pageId: true, link: { select: { url: true } } },
      })
    )
      .filter((occurrence) => urlById.get(occurrence.pageId) !== occurrence.link.url)
      .map((occurrence) => occurrence.link.url),
  )
  const scannedUrls = results.map((result) => result.page.url)
  const sitemapSet = partialScan
    ? new Set(results.filter((result) => result.page.inSitemap).map((result) => result.page.url))
    : new Set(sitemapUrls.map((row) => row.url))
  const orphaned = partialScan
    ? results.filter((result) => result.page.isOrphaned).map((result) => result.page.url)
    : scannedUrls.filter((url) => sitemapSet.has(url) && !linkedTo.has(url))
  if (!partialScan) {
    await prisma.page.updateMany({
      where: { siteId, url: { in: scannedUrls } },
      data: { isOrphaned: false, inSitemap: false },
    })
    await prisma.page.updateMany({
      where: { siteId, url: { in: [...sitemapSet] } },
      data: { inSitemap: true },
    })
    await prisma.page.updateMany({ where: { siteId, url: { in: orphaned } }, data: { isOrphaned: true } })
  }

  const orphanedSet = new Set(orphaned)

  for (const result of results) {
    const page = result.page
    const stored = result.scores as unknown as StoredScores | null
    const brokenLinks = brokenByPage.get(page.id) ?? []
    const contentQuality: CategoryResult | null = stored
      ? buildContentQuality({ ...stored.contentQualityInput, brokenLinks })
      : null
    const duplicateAudits: Audit[] = []
    const flags = { isDuplicateTitle: false, isDuplicateDescription: false, isDuplicateContent: false }
    for (const [id, byHash] of Object.entries(duplicateOf) as [
      keyof typeof duplicateOf,
      Map<string, string[]>,
    ][]) {
      const hash =
        id === 'duplicate-title'
          ? page.titleHash
          : id === 'duplicate-description'
            ? page.descriptionHash
            : page.contentHash
      if (!hash) continue
      const others = (byHash.get(hash) ?? []).filter((other) => other !== page.id)
      if (id === 'duplicate-title') flags.isDuplicateTitle = others.length > 0
      if (id === 'duplicate-description') flags.isDuplicateDescription = others.length > 0
      if (id === 'duplicate-content') flags.isDuplicateContent = others.length > 0
      duplicateAudits.push({
        id,
        ...DUPLICATE_CHECKS[id],
        issueLevel: 'Error',
        score: others.length ? 0 : 1,
        wcag: [],
        nodeCount: others.length,
        details: others.length
          ? {
              type: 'table',
              headings: [{ key: 'url', valueType: 'url', label: 'Same as' }],
              items: others.map((other) => ({ url: urlById.get(other) })),
            }
          : null,
      })
    }
    if (sitemapSet.has(page.url) && page.url !== rootUrlOf(results)) {
      const isOrphan = orphanedSet.has(page.url)
      duplicateAudits.push({
        id: 'orphaned-page',
        ...DUPLICATE_CHECKS['orphaned-page'],
        issueLevel: 'Error',
        score: isOrphan ? 0 : 1,
        wcag: [],
        nodeCount: isOrphan ? 1 : 0,
        details: null,
      })
    }
    await prisma.$transaction(async (tx) => {
      // SEO: the page's own checks stay; the duplicate checks are replaced.
      const seoIssues = await tx.pageIssue.findMany({ where: { pageId: page.id, category: 'seo' } })
      const kept = seoIssues.filter((issue) => !(issue.issueId in DUPLICATE_CHECKS))
      const toAudit = (issue: (typeof seoIssues)[number]): Audit => ({
        id: issue.issueId,
        title: issue.title,
        description: issue.description,
        issueLevel: issue.issueLevel,
        score: issue.score,
        wcag: issue.wcagCriteria,
        nodeCount: issue.nodeCount,
        details: (issue.details as Audit['details']) ?? null,
      })
      const seo: CategoryResult = {
        score: null,
        audits: {
          failed: [
            ...kept.filter((issue) => issue.outcome === 'failed').map(toAudit),
            ...duplicateAudits.filter((audit) => audit.score === 0),
          ],
          manual: kept.filter((issue) => issue.outcome === 'manual').map(toAudit),
          passed: [
            ...kept.filter((issue) => issue.outcome === 'passed').map(toAudit),
            ...duplicateAudits.filter((audit) => audit.score === 1),
          ],
          notApplicable: kept.filter((issue) => issue.outcome === 'not_applicable').map(toAudit),
        },
      }
      seo.score = scoreSeo(seo)
      const ids = { siteId, pageId: page.id, scanId }
      await replacePageIssues(tx, ids, 'seo', seo)
      if (contentQuality) await replacePageIssues(tx, ids, 'content-quality', contentQuality)
      await tx.page.update({
        where: { id: page.id },
        data: {
          ...flags,
          seoScore: seo.score,
          numberOfSeoIssuesFailed: seo.audits.failed.length,
          brokenLinkCount: brokenLinks.length,
          ...(contentQuality ? { contentQualityScore: contentQuality.score } : {}),
        },
      })
      await tx.pageResult.update({
        where: { id: result.id },
        data: {
          scores: {
            ...(stored ?? {}),
            seo: seo.score,
            contentQuality: contentQuality?.score ?? null,
          } as Prisma.InputJsonValue,
        },
      })
    })
  }

  // Sections: membership from their rules over the pages this scan saw.
  const pages = await prisma.page.findMany({ where: { id: { in: pageIds } } })
  const sections = await prisma.section.findMany({
    where: { siteId, ...(sectionScan ? { id: sectionScan } : {}) },
    include: { conditions: { orderBy: { position: 'asc' } } },
  })
  const inSection = (section: (typeof sections)[number], page: PageRow) => {
    const rules: SectionConditionRule[] = section.conditions.map((condition) => ({ ...condition }))
    const metadata = (page.metadata ?? {}) as { metaTags?: Record<string, string> }
    return isInSection(rules, { url: page.url, author: page.author, metaTags: metadata.metaTags ?? {} })
  }
  if (pageScan) {
    await updateSectionsForPages(prisma, sections, pages, inSection)
    // No history point: a point stands for a whole site or section as one scan saw it.
    return { pages: results.length, orphaned: 0 }
  }
  const sectionPages = new Map<string, typeof pages>()
  for (const section of sections) {
    const members = pages.filter((page) => inSection(section, page))
    sectionPages.set(section.id, members)
    await prisma.$transaction([
      prisma.sectionPage.deleteMany({ where: { sectionId: section.id } }),
      prisma.sectionPage.createMany({
        data: members.map((page) => ({ sectionId: section.id, pageId: page.id })),
        skipDuplicates: true,
      }),
      prisma.section.update({
        where: { id: section.id },
        data: {
          pagesInSection: members.length,
          overallScore: overviewOf(members),
          hasFirstScanned: true,
          lastScannedAt: new Date(),
        },
      }),
    ])
  }

  // History: one point for the site and one per section, replaced on a retry.
  await prisma.historyPoint.deleteMany({ where: { scanId } })
  if (!sectionScan)
    await prisma.historyPoint.create({ data: await historyPoint(prisma, siteId, scanId, null, pages) })
  for (const section of sections) {
    await prisma.historyPoint.create({
      data: await historyPoint(prisma, siteId, scanId, section.id, sectionPages.get(section.id) ?? []),
    })
  }
  return { pages: results.length, orphaned: sectionScan ? 0 : orphaned.length }
}

/**
 * After a page scan: each scanned page joins or leaves each section as its rules now say, and every section's
 * page count and score are recomputed from all its members (the other pages keep their membership).
 */
async function updateSectionsForPages<Section extends { id: string }>(
  prisma: PrismaClient,
  sections: Section[],
  pages: PageRow[],
  inSection: (section: Section, page: PageRow) => boolean,
): Promise<void> {
  for (const section of sections) {
    const joining = pages.filter((page) => inSection(section, page)).map((page) => page.id)
    const leaving = pages.map((page) => page.id).filter((id) => !joining.includes(id))
    await prisma.$transaction(async (tx) => {
      await tx.sectionPage.deleteMany({ where: { sectionId: section.id, pageId: { in: leaving } } })
      await tx.sectionPage.createMany({
        data: joining.map((pageId) => ({ sectionId: section.id, pageId })),
        skipDuplicates: true,
      })
      const members = await tx.page.findMany({ where: { sections: { some: { sectionId: section.id } } } })
      await tx.section.update({
        where: { id: section.id },
        data: { pagesInSection: members.length, overallScore: overviewOf(members) },
      })
    })
  }
}

/** The scan's root page (depth 0) is never an orphan: it is where the site starts. */
function rootUrlOf(results: { page: { url: string; depth: number | null } }[]): string | undefined {
  return results.find((result) => result.page.depth === 0)?.page.url
}

type PageRow = Awaited<ReturnType<PrismaClient['page']['findMany']>>[number]

function categoryMeans(pages: PageRow[]) {
  return {
    accessibilityScore: mean(pages.map((page) => page.accessibilityScore)),
    seoScore: mean(pages.map((page) => page.seoScore)),
    performanceScore: mean(pages.map((page) => page.performanceScore)),
    contentQualityScore: mean(pages.map((page) => page.contentQualityScore)),
  }
}

function overviewOf(pages: PageRow[]): number | null {
  const means = categoryMeans(pages)
  return mean(Object.values(means))
}

async function historyPoint(
  prisma: PrismaClient,
  siteId: string,
  scanId: string,
  sectionId: string | null,
  pages: PageRow[],
): Promise<Prisma.HistoryPointUncheckedCreateInput> {
  const pageIds = pages.map((page) => page.id)
  const issueCounts = await prisma.pageIssue.groupBy({
    by: ['category', 'outcome'],
    where: { pageId: { in: pageIds }, outcome: { in: ['passed', 'failed'] } },
    _count: { _all: true },
  })
  const count = (category: string, outcome: string) =>
    issueCounts.find((row) => row.category === category && row.outcome === outcome)?._count._all ?? 0
  const documents = await prisma.document.groupBy({
    by: ['kind'],
    where: { siteId, occurrences: { some: { pageId: { in: pageIds } } } },
    _count: { _all: true },
  })
  const documentCount = (kind: string) => documents.find((row) => row.kind === kind)?._count._all ?? 0
  const brokenLinks = await prisma.link.count({
    where: { siteId, isBroken: true, occurrences: { some: { pageId: { in: pageIds }, kind: 'anchor' } } },
  })
  const misspellings = await prisma.misspellingOccurrence.aggregate({
    where: { pageId: { in: pageIds } },
    _sum: { count: true },
  })
  const means = categoryMeans(pages)
  const readabilityScore = mean(pages.map((page) => page.readabilityFlesch))
  return {
    siteId,
    sectionId,
    scanId,
    numberOfPages: pages.length,
    overviewScore: mean(Object.values(means)),
    ...means,
    readabilityScore,
    metrics: {
      latestScan: {
        numberOfBrokenLinks: brokenLinks,
        numberOfMisspellings: misspellings._sum.count ?? 0,
        numberOfPagesWithBrokenImages: pages.filter((page) => page.brokenImageCount > 0).length,
      },
      accessibilityMetricHistory: {
        issuesPassed: count('accessibility', 'passed'),
        issuesFailed: count('accessibility', 'failed'),
      },
      seoMetricHistory: { issuesPassed: count('seo', 'passed'), issuesFailed: count('seo', 'failed') },
      performanceMetricHistory: {
        issuesPassed: count('performance', 'passed'),
        issuesFailed: count('performance', 'failed'),
      },
      contentQualityMetricHistory: {
        misspellings: misspellings._sum.count ?? 0,
        brokenLinks,
        readability: readabilityScore,
      },
      inventoryHistory: {
        documentsFound: documents.reduce((sum, row) => sum + row._count._all, 0),
        pdfsFound: documentCount('pdf'),
        pagesFound: pages.length,
        docsFound: documentCount('doc'),
        archivesFound: documentCount('archive'),
        spreadsheetsFound: documentCount('spreadsheet'),
        powerpointsFound: documentCount('powerpoint'),
      },
    },
  }
}
