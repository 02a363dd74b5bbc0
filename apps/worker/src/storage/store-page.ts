import type { Audit, CategoryResult, IssueCategory } from '@canopy/contracts'
import {
  type DbClient,
  type DocumentKind,
  type MergePageIssuesOptions,
  mergePageIssues,
  type PageDiscovery,
  type PageIssueInput,
  type Prisma,
  type ReadabilityLevel,
} from '@canopy/db'
import { DUPLICATE_CHECKS } from '../audits/seo/seo-checks.js'
import type { PageAudit } from '../pipeline/audit-page.js'
import { elementSignaturesOf } from './element-signatures.js'

type Tx = Prisma.TransactionClient

const DB_CATEGORY = {
  accessibility: 'accessibility',
  seo: 'seo',
  performance: 'performance',
  'content-quality': 'content_quality',
} as const satisfies Record<IssueCategory, string>

const DB_OUTCOME = {
  failed: 'failed',
  manual: 'manual',
  passed: 'passed',
  notApplicable: 'not_applicable',
} as const satisfies Record<keyof CategoryResult['audits'], PageIssueInput['outcome']>

/** 'very-difficult-to-read' → 'very_difficult_to_read' (the Prisma enum spells the spec's slugs with '_'). */
export function toReadabilityLevel(slug: string | null): ReadabilityLevel | null {
  return slug ? (slug.replace(/-/g, '_') as ReadabilityLevel) : null
}

/** One category's audits as the rows mergePageIssues stores, failing elements signed. */
export function toPageIssueInputs(result: CategoryResult): PageIssueInput[] {
  return (Object.keys(DB_OUTCOME) as (keyof typeof DB_OUTCOME)[]).flatMap((group) =>
    result.audits[group].map((audit: Audit) => ({
      issueId: audit.id,
      title: audit.title,
      description: audit.description,
      issueLevel: audit.issueLevel,
      outcome: DB_OUTCOME[group],
      wcagCriteria: audit.wcag,
      auditGroup: audit.group ?? null,
      score: audit.score,
      nodeCount: audit.nodeCount,
      details: audit.details ?? null,
      elementSignatures: group === 'failed' ? elementSignaturesOf(audit) : [],
    })),
  )
}

/**
 * One category's audits on a page, merged with what the page had (mergePageIssues keeps each audit's
 * failing stretch and marks the ones no longer failing as fixed in this scan).
 */
export async function storeCategoryIssues(
  tx: DbClient,
  ids: { siteId: string; pageId: string; scanId: string },
  category: IssueCategory,
  result: CategoryResult,
  options: MergePageIssuesOptions = {},
) {
  await mergePageIssues(tx, { ...ids, category: DB_CATEGORY[category] }, toPageIssueInputs(result), options)
}

export interface StoredPageContext {
  scanId: string
  siteId: string
  url: string
  depth: number
  discoveredVia: PageDiscovery
  rootUrl: string
}

function isInternal(url: string, rootUrl: string) {
  try {
    return new URL(url).origin === new URL(rootUrl).origin
  } catch {
    // an invalid URL (kept as written so the checker reports it) belongs to no site
    return false
  }
}

/** Page, PageResult, issues, links, misspellings, contacts and documents of one audited page, by natural keys. */
export async function storePageAudit(tx: Tx, context: StoredPageContext, audit: PageAudit): Promise<string> {
  const { scanId, siteId } = context
  const failedCount = (result: CategoryResult) => result.audits.failed.length
  const pageData = {
    canonicalUrl: audit.canonicalUrl,
    title: audit.title,
    metaDescription: audit.metaDescription,
    language: audit.language,
    author: audit.author,
    httpStatus: audit.httpStatus,
    isIndexable: audit.isIndexable,
    contentHash: audit.contentHash,
    titleHash: audit.titleHash,
    descriptionHash: audit.descriptionHash,
    accessibilityScore: audit.accessibility.score,
    seoScore: audit.seo.score,
    contentQualityScore: audit.contentQuality.score,
    readabilityFlesch: audit.readability.flesch,
    readabilityLevel: toReadabilityLevel(audit.readability.level),
    brokenImageCount: audit.brokenImages.length,
    misspellingCount: audit.misspellings.reduce((sum, item) => sum + item.count, 0),
    numberOfAccessibilityIssuesFailed: failedCount(audit.accessibility),
    numberOfSeoIssuesFailed: failedCount(audit.seo),
    metadata: {
      metaTags: audit.metaTags,
      headings: audit.headings,
      finalUrl: audit.finalUrl,
    } as Prisma.InputJsonValue,
    screenshotPath: audit.screenshotPath,
    snapshotPath: audit.snapshotPath,
    depth: context.depth,
    lastScannedAt: new Date(),
    lastScanId: scanId,
  }
  const page = await tx.page.upsert({
    where: { siteId_url: { siteId, url: context.url } },
    create: { siteId, url: context.url, discoveredVia: context.discoveredVia, ...pageData },
    update: pageData,
    select: { id: true },
  })
  const pageId = page.id
  const scores = {
    accessibility: audit.accessibility.score,
    seo: audit.seo.score,
    contentQuality: audit.contentQuality.score,
    // finalize recomputes content quality once links are checked: it needs these inputs again
    contentQualityInput: {
      flesch: audit.readability.flesch,
      brokenImages: audit.brokenImages,
      misspellings: audit.misspellings,
      invalidContacts: [
        ...audit.contacts.emails
          .filter((item) => !item.valid)
          .map((item) => ({ kind: 'email', value: item.value })),
        ...audit.contacts.telephones
          .filter((item) => !item.valid)
          .map((item) => ({ kind: 'telephone', value: item.value })),
      ],
    },
  }
  await tx.pageResult.upsert({
    where: { scanId_pageId: { scanId, pageId } },
    create: {
      scanId,
      pageId,
      status: 'succeeded',
      httpStatus: audit.httpStatus,
      loadTimeMs: audit.loadTimeMs,
      scores,
    },
    update: {
      status: 'succeeded',
      error: null,
      httpStatus: audit.httpStatus,
      loadTimeMs: audit.loadTimeMs,
      scores,
      scannedAt: new Date(),
    },
  })
  const ids = { siteId, pageId, scanId }
  await storeCategoryIssues(tx, ids, 'accessibility', audit.accessibility)
  // The duplicate and orphan checks need every page of the scan: finalize stores them.
  await storeCategoryIssues(tx, ids, 'seo', audit.seo, { untouchedIssueIds: Object.keys(DUPLICATE_CHECKS) })
  await storeCategoryIssues(tx, ids, 'content-quality', audit.contentQuality)

  // Links and images: one Link per site and URL, one occurrence per page, kind and URL.
  await tx.linkOccurrence.deleteMany({ where: { pageId } })
  if (audit.links.length) {
    await tx.link.createMany({
      data: [...new Set(audit.links.map((link) => link.url))].map((url) => ({
        siteId,
        url,
        isInternal: isInternal(url, context.rootUrl),
      })),
      skipDuplicates: true,
    })
    const linkIds = new Map(
      (
        await tx.link.findMany({
          where: { siteId, url: { in: audit.links.map((link) => link.url) } },
          select: { id: true, url: true },
        })
      ).map((link) => [link.url, link.id]),
    )
    await tx.linkOccurrence.createMany({
      data: audit.links.flatMap((link) => {
        const linkId = linkIds.get(link.url)
        return linkId ? [{ linkId, pageId, kind: link.kind, text: link.text.slice(0, 500) || null }] : []
      }),
      skipDuplicates: true,
    })
  }

  await tx.misspellingOccurrence.deleteMany({ where: { pageId } })
  if (audit.misspellings.length) {
    const language = audit.readability.language ?? audit.language ?? 'und'
    await tx.misspelling.createMany({
      data: audit.misspellings.map((item) => ({ siteId, word: item.word, language })),
      skipDuplicates: true,
    })
    const byWord = new Map(
      (
        await tx.misspelling.findMany({
          where: { siteId, language, word: { in: audit.misspellings.map((item) => item.word) } },
        })
      ).map((row) => [row.word, row.id]),
    )
    await tx.misspellingOccurrence.createMany({
      data: audit.misspellings.flatMap((item) => {
        const misspellingId = byWord.get(item.word)
        return misspellingId ? [{ misspellingId, pageId, count: item.count }] : []
      }),
      skipDuplicates: true,
    })
  }

  await tx.contactOccurrence.deleteMany({ where: { pageId } })
  const contacts = [
    ...audit.contacts.emails.map((item) => ({ kind: 'email' as const, ...item })),
    ...audit.contacts.telephones.map((item) => ({ kind: 'telephone' as const, ...item })),
  ]
  if (contacts.length) {
    await tx.contact.createMany({
      data: contacts.map((item) => ({ siteId, kind: item.kind, value: item.value, valid: item.valid })),
      skipDuplicates: true,
    })
    const rows = await tx.contact.findMany({
      where: { siteId, value: { in: contacts.map((item) => item.value) } },
    })
    const byKey = new Map(rows.map((row) => [`${row.kind} ${row.value}`, row.id]))
    await tx.contactOccurrence.createMany({
      data: contacts.flatMap((item) => {
        const contactId = byKey.get(`${item.kind} ${item.value}`)
        return contactId ? [{ contactId, pageId, count: item.count }] : []
      }),
      skipDuplicates: true,
    })
  }

  await tx.documentOccurrence.deleteMany({ where: { pageId } })
  if (audit.documents.length) {
    await tx.document.createMany({
      data: audit.documents.map((document) => ({
        siteId,
        url: document.url,
        kind: document.kind as DocumentKind,
      })),
      skipDuplicates: true,
    })
    const rows = await tx.document.findMany({
      where: { siteId, url: { in: audit.documents.map((document) => document.url) } },
    })
    await tx.documentOccurrence.createMany({
      data: rows.map((row) => ({ documentId: row.id, pageId })),
      skipDuplicates: true,
    })
  }
  return pageId
}

/** A page that could not be loaded or audited: a failed PageResult, the page kept (for its URL and status). */
export async function storePageFailure(
  tx: Tx,
  context: StoredPageContext,
  failure: { error: string; httpStatus: number | null },
): Promise<string> {
  const page = await tx.page.upsert({
    where: { siteId_url: { siteId: context.siteId, url: context.url } },
    create: {
      siteId: context.siteId,
      url: context.url,
      discoveredVia: context.discoveredVia,
      depth: context.depth,
      httpStatus: failure.httpStatus,
      lastScannedAt: new Date(),
      lastScanId: context.scanId,
    },
    update: { httpStatus: failure.httpStatus, lastScannedAt: new Date(), lastScanId: context.scanId },
    select: { id: true },
  })
  const data = {
    status: 'failed' as const,
    error: failure.error.slice(0, 2000),
    httpStatus: failure.httpStatus,
  }
  await tx.pageResult.upsert({
    where: { scanId_pageId: { scanId: context.scanId, pageId: page.id } },
    create: { scanId: context.scanId, pageId: page.id, ...data },
    update: { ...data, scannedAt: new Date() },
  })
  return page.id
}
