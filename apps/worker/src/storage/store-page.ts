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
  replacePageContacts,
  replacePageDocuments,
  replacePageLinks,
  replacePageMisspellings,
  upsertPageResult,
  upsertScannedPage,
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

/** One category's audits as the rows mergePageIssues stores, failing elements (and those needing review) signed. */
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
      // a result needing review counts as failed once a reviewer confirms it: its elements are signed too
      elementSignatures: group === 'failed' || group === 'manual' ? elementSignaturesOf(audit) : [],
      conformance: audit.conformance ?? null,
      engines: audit.engines ?? [],
      actRules: audit.actRules ?? [],
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

/** What the page row keeps of the audit (scores, hashes for duplicates, metadata, artifacts). */
function pageFieldsOf(context: StoredPageContext, audit: PageAudit) {
  const failedCount = (result: CategoryResult) => result.audits.failed.length
  return {
    canonicalUrl: audit.canonicalUrl,
    title: audit.title,
    metaDescription: audit.metaDescription,
    language: audit.language,
    author: audit.author,
    httpStatus: audit.httpStatus,
    isIndexable: audit.isIndexable,
    contentHash: audit.contentHash,
    contentSignature: audit.contentSignature,
    contentExcerpt: audit.contentExcerpt,
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
    lastScanId: context.scanId,
  }
}

function contactsOf(audit: PageAudit) {
  return [
    ...audit.contacts.emails.map((item) => ({ kind: 'email' as const, ...item })),
    ...audit.contacts.telephones.map((item) => ({ kind: 'telephone' as const, ...item })),
  ]
}

/** The scores of the result, with what finalize needs to recompute content quality once links are checked. */
function resultScoresOf(audit: PageAudit) {
  return {
    accessibility: audit.accessibility.score,
    seo: audit.seo.score,
    contentQuality: audit.contentQuality.score,
    contentQualityInput: {
      flesch: audit.readability.flesch,
      brokenImages: audit.brokenImages,
      misspellings: audit.misspellings,
      invalidContacts: contactsOf(audit)
        .filter((item) => !item.valid)
        .map((item) => ({ kind: item.kind, value: item.value })),
    },
  }
}

async function storeAuditIssues(
  tx: Tx,
  ids: { siteId: string; pageId: string; scanId: string },
  audit: PageAudit,
) {
  await storeCategoryIssues(tx, ids, 'accessibility', audit.accessibility)
  // The duplicate and orphan checks need every page of the scan: finalize stores them.
  await storeCategoryIssues(tx, ids, 'seo', audit.seo, { untouchedIssueIds: Object.keys(DUPLICATE_CHECKS) })
  await storeCategoryIssues(tx, ids, 'content-quality', audit.contentQuality)
}

/** What the page links to, misspells, lists as contacts and offers as documents, each replaced as a whole. */
async function storePageFindings(tx: Tx, context: StoredPageContext, pageId: string, audit: PageAudit) {
  const owner = { siteId: context.siteId, pageId }
  await replacePageLinks(
    tx,
    owner,
    audit.links.map((link) => ({ ...link, isInternal: isInternal(link.url, context.rootUrl) })),
  )
  const language = audit.readability.language ?? audit.language ?? 'und'
  await replacePageMisspellings(tx, { ...owner, language }, audit.misspellings)
  await replacePageContacts(tx, owner, contactsOf(audit))
  await replacePageDocuments(
    tx,
    owner,
    audit.documents.map((document) => ({
      url: document.url,
      kind: document.kind as DocumentKind,
      mediaType: document.mediaType ?? null,
      size: document.size ?? null,
    })),
  )
}

/** Page, PageResult, issues, links, misspellings, contacts and documents of one audited page, by natural keys. */
export async function storePageAudit(tx: Tx, context: StoredPageContext, audit: PageAudit): Promise<string> {
  const { scanId, siteId } = context
  const pageId = await upsertScannedPage(
    tx,
    { siteId, url: context.url, discoveredVia: context.discoveredVia },
    pageFieldsOf(context, audit),
  )
  await upsertPageResult(
    tx,
    { scanId, pageId },
    {
      status: 'succeeded',
      error: null,
      httpStatus: audit.httpStatus,
      loadTimeMs: audit.loadTimeMs,
      scores: resultScoresOf(audit),
      blockedRequests: audit.blockedRequests,
    },
  )
  await storeAuditIssues(tx, { siteId, pageId, scanId }, audit)
  await storePageFindings(tx, context, pageId, audit)
  return pageId
}

/** A page that could not be loaded or audited: a failed PageResult, the page kept (for its URL and status). */
export async function storePageFailure(
  tx: Tx,
  context: StoredPageContext,
  failure: { error: string; httpStatus: number | null },
): Promise<string> {
  const pageId = await upsertScannedPage(
    tx,
    { siteId: context.siteId, url: context.url, discoveredVia: context.discoveredVia },
    {
      depth: context.depth,
      httpStatus: failure.httpStatus,
      lastScannedAt: new Date(),
      lastScanId: context.scanId,
    },
  )
  await upsertPageResult(
    tx,
    { scanId: context.scanId, pageId },
    { status: 'failed', error: failure.error.slice(0, 2000), httpStatus: failure.httpStatus },
  )
  return pageId
}
