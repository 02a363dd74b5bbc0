import {
  type Audit,
  type CategoryResult,
  DUPLICATE_CHECK_OF_KIND,
  type DuplicateCheckId,
  MAX_LISTED_DUPLICATES,
} from '@canopy/contracts'
import {
  type DbClient,
  type DuplicateGroupInput,
  listBrokenAnchors,
  listInternalAnchors,
  listOtherScannedPages,
  listSeoIssuesStoredByScan,
  listSitemapUrlsOfScan,
  markSitemapAndOrphans,
  markUnreachedPagesOrphaned,
  type Page,
  type PrismaClient,
  runInTransaction,
  type SucceededResultRow,
  updateFinalizedPage,
  updatePageResultScores,
} from '@canopy/db'
import { findNearDuplicatePairs, groupNearDuplicates } from '../audits/seo/near-duplicates.js'
import { DUPLICATE_CHECKS, scoreSeo } from '../audits/seo/seo-checks.js'
import { buildContentQuality, type ContentQualityInput } from '../scoring/content-quality.js'
import { storeCategoryIssues } from './store-page.js'

/** The scan being finalized, as the page steps need it. */
export interface FinalizeScope {
  scanId: string
  siteId: string
  /** a section or page scan: only some of the site's pages were scanned */
  partialScan: boolean
  /** the scan queued as many pages as it may: pages it did not reach may still be linked */
  reachedPageLimit: boolean
}

interface StoredScores {
  accessibility: number | null
  seo: number | null
  contentQuality: number | null
  contentQualityInput: Omit<ContentQualityInput, 'brokenLinks'>
}

type BrokenLink = { url: string; status: number | null; error: string | null }
type CrossPageCheckId = keyof typeof DUPLICATE_CHECKS
const HASH_OF_CHECK = {
  'duplicate-title': 'titleHash',
  'duplicate-description': 'descriptionHash',
} as const satisfies Partial<Record<CrossPageCheckId, keyof Page>>

/** What the checks across pages found, shared by every page's recomputation. */
export interface CrossPageFacts {
  brokenByPage: Map<string, BrokenLink[]>
  /** per duplicate check: page id → ids of the pages in its group (itself included); absent when unique */
  duplicatesByCheck: Map<DuplicateCheckId, Map<string, string[]>>
  /** the groups of every duplicate check, as the SEO duplicate-content screens list them */
  duplicateGroups: DuplicateGroupInput[]
  urlById: Map<string, string>
  sitemapUrls: Set<string>
  orphanedUrls: Set<string>
  rootUrl: string | undefined
}

export async function brokenLinksByPage(db: DbClient, pageIds: string[]): Promise<Map<string, BrokenLink[]>> {
  const byPage = new Map<string, BrokenLink[]>()
  for (const { pageId, link } of await listBrokenAnchors(db, pageIds)) {
    byPage.set(pageId, [...(byPage.get(pageId) ?? []), link])
  }
  return byPage
}

/** Pages compared for duplicates: this scan's, and for a partial scan the site's other scanned pages. */
async function comparedPages(db: DbClient, scope: FinalizeScope, results: SucceededResultRow[]) {
  const pages = results.map((result) => result.page)
  if (!scope.partialScan) return pages
  return [
    ...pages,
    ...(await listOtherScannedPages(
      db,
      scope.siteId,
      pages.map((page) => page.id),
    )),
  ]
}

/** Groups of pages with the same hash of a title or description (normalised), in the pages' order. */
function groupByHash(pages: Page[], key: 'titleHash' | 'descriptionHash' | 'contentHash') {
  const byHash = new Map<string, string[]>()
  for (const page of pages) {
    const hash = page[key]
    if (!hash) continue
    const group = byHash.get(hash)
    if (group) group.push(page.id)
    else byHash.set(hash, [page.id])
  }
  return [...byHash.values()].filter((ids) => ids.length > 1)
}

/**
 * Groups of pages whose main text is the same (same hash) or nearly the same (their shingle signatures
 * agree enough), with the lowest similarity among each group's pairs.
 */
function groupContent(pages: Page[]) {
  const exactPairs = groupByHash(pages, 'contentHash').flatMap((ids) =>
    ids.slice(1).map((id) => ({ first: ids[0] as string, second: id, similarity: 1 })),
  )
  const nearPairs = findNearDuplicatePairs(
    pages.map((page) => ({ id: page.id, signature: page.contentSignature })),
  )
  return groupNearDuplicates(
    pages.map((page) => page.id),
    [...exactPairs, ...nearPairs],
  )
}

const VALUE_LENGTH = 500

/** Every duplicate group of the compared pages, named by what the pages share. */
function findDuplicateGroups(pages: Page[]): DuplicateGroupInput[] {
  const byId = new Map(pages.map((page) => [page.id, page]))
  const first = (ids: string[]) => byId.get(ids[0] as string) as Page
  const named = (value: string | null) => (value ?? '').replace(/\s+/g, ' ').trim().slice(0, VALUE_LENGTH)
  return [
    ...groupByHash(pages, HASH_OF_CHECK['duplicate-title']).map((pageIds) => ({
      kind: 'title' as const,
      value: named(first(pageIds).title),
      pageIds,
      similarity: 1,
    })),
    ...groupByHash(pages, HASH_OF_CHECK['duplicate-description']).map((pageIds) => ({
      kind: 'description' as const,
      value: named(first(pageIds).metaDescription),
      pageIds,
      similarity: 1,
    })),
    ...groupContent(pages).map((group) => ({
      kind: 'content' as const,
      value: named(first(group.pageIds).contentExcerpt ?? first(group.pageIds).title),
      pageIds: group.pageIds,
      similarity: group.similarity,
    })),
  ]
}

/** Per check, each grouped page's group. */
function duplicatesByCheckOf(groups: DuplicateGroupInput[]) {
  const byCheck = new Map<DuplicateCheckId, Map<string, string[]>>(
    Object.values(DUPLICATE_CHECK_OF_KIND).map((check) => [check, new Map()]),
  )
  for (const group of groups) {
    const byPage = byCheck.get(DUPLICATE_CHECK_OF_KIND[group.kind]) as Map<string, string[]>
    for (const id of group.pageIds) byPage.set(id, group.pageIds)
  }
  return byCheck
}

/**
 * Orphans: sitemap pages that no page of this scan links to (a page linking to itself does not count), and
 * pages seen before that a full scan within its page limit no longer reached.
 * A partial scan keeps what the last full scan found; a full scan records it on the pages.
 */
async function findOrphans(
  db: DbClient,
  scope: FinalizeScope,
  results: SucceededResultRow[],
  urlById: Map<string, string>,
): Promise<{ sitemapUrls: Set<string>; orphanedUrls: Set<string> }> {
  if (scope.partialScan) {
    const sitemapUrls = results.filter((result) => result.page.inSitemap).map((result) => result.page.url)
    const orphanedUrls = results.filter((result) => result.page.isOrphaned).map((result) => result.page.url)
    return { sitemapUrls: new Set(sitemapUrls), orphanedUrls: new Set(orphanedUrls) }
  }
  const pageIds = results.map((result) => result.pageId)
  const linkedTo = new Set(
    (await listInternalAnchors(db, pageIds))
      .filter((anchor) => urlById.get(anchor.pageId) !== anchor.url)
      .map((anchor) => anchor.url),
  )
  const sitemapUrls = new Set(await listSitemapUrlsOfScan(db, scope.scanId))
  const scannedUrls = results.map((result) => result.page.url)
  const orphanedUrls = scannedUrls.filter((url) => sitemapUrls.has(url) && !linkedTo.has(url))
  await markSitemapAndOrphans(db, scope.siteId, {
    scannedUrls,
    sitemapUrls: [...sitemapUrls],
    orphanedUrls,
  })
  if (!scope.reachedPageLimit) await markUnreachedPagesOrphaned(db, scope)
  return { sitemapUrls, orphanedUrls: new Set(orphanedUrls) }
}

export async function gatherCrossPageFacts(
  db: DbClient,
  scope: FinalizeScope,
  results: SucceededResultRow[],
): Promise<CrossPageFacts> {
  const pages = await comparedPages(db, scope, results)
  const urlById = new Map(pages.map((page) => [page.id, page.url]))
  const duplicateGroups = findDuplicateGroups(pages)
  return {
    brokenByPage: await brokenLinksByPage(
      db,
      results.map((result) => result.pageId),
    ),
    duplicatesByCheck: duplicatesByCheckOf(duplicateGroups),
    duplicateGroups,
    urlById,
    rootUrl: results.find((result) => result.page.depth === 0)?.page.url,
    ...(await findOrphans(db, scope, results, urlById)),
  }
}

function crossPageAudit(
  id: CrossPageCheckId,
  others: { count: number; listed: string[] },
  urlById: Map<string, string>,
): Audit {
  return {
    id,
    ...DUPLICATE_CHECKS[id],
    issueLevel: 'Error',
    score: others.count ? 0 : 1,
    wcag: [],
    nodeCount: others.count,
    details: others.count
      ? {
          type: 'table',
          headings: [{ key: 'url', valueType: 'url', label: 'Same as' }],
          items: others.listed.map((other) => ({ url: urlById.get(other) })),
        }
      : null,
  }
}

/**
 * The pages of `pageId`'s group other than itself: how many, and the first MAX_LISTED_DUPLICATES of them. The
 * group is the page's own (it holds the page), so the count is read off its length: searching a group for the
 * page cost each of its pages a pass over the group (20 s of a 20,000-page finalize).
 */
export function othersIn(group: string[], pageId: string): { count: number; listed: string[] } {
  const listed = group
    .slice(0, MAX_LISTED_DUPLICATES + 1)
    .filter((other) => other !== pageId)
    .slice(0, MAX_LISTED_DUPLICATES)
  return { count: Math.max(group.length - 1, 0), listed }
}

/** The duplicate checks and, for a sitemap page other than the root, the orphan check of one page. */
function crossPageAuditsOf(page: Page, facts: CrossPageFacts): Audit[] {
  const audits: Audit[] = []
  const comparable: Record<DuplicateCheckId, boolean> = {
    'duplicate-title': page.titleHash !== null,
    'duplicate-description': page.descriptionHash !== null,
    'duplicate-content': page.contentHash !== null || page.contentSignature.length > 0,
  }
  for (const [id, applies] of Object.entries(comparable) as [DuplicateCheckId, boolean][]) {
    if (!applies) continue
    const others = othersIn(facts.duplicatesByCheck.get(id)?.get(page.id) ?? [], page.id)
    audits.push(crossPageAudit(id, others, facts.urlById))
  }
  if (facts.sitemapUrls.has(page.url) && page.url !== facts.rootUrl) {
    const isOrphan = facts.orphanedUrls.has(page.url)
    audits.push({
      ...crossPageAudit('orphaned-page', { count: 0, listed: [] }, facts.urlById),
      score: isOrphan ? 0 : 1,
      nodeCount: isOrphan ? 1 : 0,
    })
  }
  return audits
}

type StoredIssue = Awaited<ReturnType<typeof listSeoIssuesStoredByScan>>[number]

function storedIssueAsAudit(issue: StoredIssue): Audit {
  return {
    id: issue.issueId,
    title: issue.title,
    description: issue.description,
    issueLevel: issue.issueLevel,
    score: issue.score,
    wcag: issue.wcagCriteria,
    nodeCount: issue.nodeCount,
    details: (issue.details as Audit['details']) ?? null,
  }
}

/** The page's own SEO checks as the page job stored them, with the checks across pages added. */
function recomputeSeo(stored: StoredIssue[], crossPage: Audit[]): CategoryResult {
  const own = stored.filter((issue) => !(issue.issueId in DUPLICATE_CHECKS))
  const withOutcome = (outcome: StoredIssue['outcome']) =>
    own.filter((issue) => issue.outcome === outcome).map(storedIssueAsAudit)
  const seo: CategoryResult = {
    score: null,
    audits: {
      failed: [...withOutcome('failed'), ...crossPage.filter((audit) => audit.score === 0)],
      manual: withOutcome('manual'),
      passed: [...withOutcome('passed'), ...crossPage.filter((audit) => audit.score === 1)],
      notApplicable: withOutcome('not_applicable'),
    },
  }
  seo.score = scoreSeo(seo)
  return seo
}

function duplicateFlags(crossPage: Audit[]) {
  const failing = (id: CrossPageCheckId) => crossPage.some((audit) => audit.id === id && audit.score === 0)
  return {
    isDuplicateTitle: failing('duplicate-title'),
    isDuplicateDescription: failing('duplicate-description'),
    isDuplicateContent: failing('duplicate-content'),
  }
}

/**
 * One page once the checks across pages are known: SEO recomputed with the duplicate and orphan checks,
 * content quality with the page's broken links; issues, page and result updated in one transaction.
 */
export async function finalizePage(
  prisma: PrismaClient,
  scope: FinalizeScope,
  result: SucceededResultRow,
  facts: CrossPageFacts,
): Promise<void> {
  const page = result.page
  const stored = result.scores as unknown as StoredScores | null
  const brokenLinks = facts.brokenByPage.get(page.id) ?? []
  const contentQuality = stored ? buildContentQuality({ ...stored.contentQualityInput, brokenLinks }) : null
  const crossPage = crossPageAuditsOf(page, facts)
  await runInTransaction(prisma, async (tx) => {
    const seo = recomputeSeo(
      await listSeoIssuesStoredByScan(tx, { pageId: page.id, scanId: scope.scanId }),
      crossPage,
    )
    const ids = { siteId: scope.siteId, pageId: page.id, scanId: scope.scanId }
    await storeCategoryIssues(tx, ids, 'seo', seo)
    if (contentQuality) await storeCategoryIssues(tx, ids, 'content-quality', contentQuality)
    await updateFinalizedPage(tx, page.id, {
      ...duplicateFlags(crossPage),
      seoScore: seo.score,
      numberOfSeoIssuesFailed: seo.audits.failed.length,
      brokenLinkCount: brokenLinks.length,
      ...(contentQuality ? { contentQualityScore: contentQuality.score } : {}),
    })
    await updatePageResultScores(tx, result.id, {
      ...(stored ?? {}),
      seo: seo.score,
      contentQuality: contentQuality?.score ?? null,
    })
  })
}
