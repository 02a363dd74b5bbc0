import {
  type Assignment,
  type AuditDetails,
  AuditDetailsSchema,
  type AuditIssue,
  type AuditPageData,
  assignableRoleName,
  BlockedRequestSchema,
  ConformanceSchema,
  DocumentKindSchema,
  ENGINE_IDS,
  type EngineId,
  extensionOf,
  guidanceFor,
  httpStatusOf,
  type IssueLifecycle,
  type PageDetail,
  type PageInventory,
  type PageMetadata,
  PerformanceMetricsSchema,
  READABILITY_LEVELS,
  type ReadabilityLevelSlug,
  type ScanRef,
} from '@canopy/contracts'
import type { IssueCategory, PageIssue, PageWithIssuesRow, ReadabilityLevel } from '@canopy/db'
import { presentAppliedReview } from './issue-review.js'

export function presentReadabilityLevel(level: ReadabilityLevel | null): ReadabilityLevelSlug | null {
  if (!level) return null
  // The enum spells the spec's slugs with '_' (Prisma enum values cannot hold '-').
  const slug = level.replaceAll('_', '-')
  return READABILITY_LEVELS.find((known) => known.slug === slug)?.slug ?? null
}

/** Lighthouse groups that are never listed: they hold no audit a site owner acts on. */
const UNLISTED_GROUPS = new Set(['hidden', 'metrics'])

export function presentDetails(details: unknown): AuditDetails | null {
  const parsed = AuditDetailsSchema.safeParse(details)
  return parsed.success ? parsed.data : null
}

/** What the page detail knows besides the page row: scans named by number, template problems, redirects. */
export interface PageDetailContext {
  hasScreenshot: boolean
  hasSnapshot: boolean
  scans: Map<string, { id: string; number: number | null; finishedAt: Date | null }>
  templates: { category: string; issueId: string; signature: string; selector: string; pageCount: number }[]
  redirectedFrom: string[]
}

type IssueContext = Pick<PageDetailContext, 'scans' | 'templates'> & {
  page: Pick<PageWithIssuesRow, 'lastScanId' | 'assignments' | 'tickets' | 'reviews'>
}

export function presentScanRef(
  scans: PageDetailContext['scans'],
  scanId: string | null,
  at: Date | null,
): ScanRef | null {
  if (!scanId) return null
  const scan = scans.get(scanId)
  return {
    id: scanId,
    number: scan?.number ?? null,
    finishedAt: (scan?.finishedAt ?? at)?.toISOString() ?? null,
  }
}

export function presentIssueLifecycle(
  issue: Pick<
    PageIssue,
    | 'failingSinceScanId'
    | 'failingSinceAt'
    | 'lastFailedScanId'
    | 'lastFailedAt'
    | 'fixedInScanId'
    | 'fixedAt'
    | 'outcome'
  >,
  scans: PageDetailContext['scans'],
  pageLastScanId: string | null,
): IssueLifecycle {
  return {
    failingSince: presentScanRef(scans, issue.failingSinceScanId, issue.failingSinceAt),
    lastFailed: presentScanRef(scans, issue.lastFailedScanId, issue.lastFailedAt),
    fixedIn: presentScanRef(scans, issue.fixedInScanId, issue.fixedAt),
    isNew:
      issue.outcome === 'failed' &&
      issue.failingSinceScanId !== null &&
      issue.failingSinceScanId === pageLastScanId,
  }
}

export function presentAssignment(assignment: PageWithIssuesRow['assignments'][number]): Assignment {
  const name = (user: { firstName: string; lastName: string } | null) =>
    user ? `${user.firstName} ${user.lastName}`.trim() : ''
  return {
    assignedToId: assignment.assignedToUserId ?? assignment.assignedToRole ?? '',
    assignedToName: assignment.assignedTo
      ? name(assignment.assignedTo)
      : assignableRoleName(assignment.assignedToRole ?? ''),
    assignedById: assignment.assignedById,
    assignedByName: name(assignment.assignedBy),
    comment: assignment.comment,
    dateTime: assignment.updatedAt.toISOString(),
  }
}

export function presentAuditIssue(issue: PageIssue, context?: IssueContext): AuditIssue {
  const details = presentDetails(issue.details)
  const signatures = new Set(issue.elementSignatures)
  const assignment = context?.page.assignments.find((row) => row.issueId === issue.issueId)
  const ticket = context?.page.tickets.find((row) => row.issueId === issue.issueId)
  return {
    issueId: issue.issueId,
    title: issue.title,
    description: issue.description,
    issueDescription: issue.description,
    issueDetails: details ? JSON.stringify(details) : null,
    details,
    issueLevel: issue.issueLevel,
    group: issue.auditGroup,
    score: issue.score,
    wcag: issue.wcagCriteria,
    nodeCount: issue.nodeCount,
    lifecycle: presentIssueLifecycle(issue, context?.scans ?? new Map(), context?.page.lastScanId ?? null),
    templates: (context?.templates ?? [])
      .filter((template) => template.issueId === issue.issueId && signatures.has(template.signature))
      .map(({ signature, selector, pageCount }) => ({ signature, selector, pageCount })),
    assignment: assignment ? presentAssignment(assignment) : null,
    linkedJiraIssue: ticket ? { ticketId: ticket.ticketId, ticketUrl: ticket.ticketUrl } : null,
    ...presentAccessibilityFacts(issue),
    review: presentAppliedReview(context?.page.reviews ?? [], issue),
    guidance: needsReview(issue) ? guidanceFor(issue.wcagCriteria) : null,
  }
}

/** A result the engines could not decide: still to review, or decided by a reviewer. */
function needsReview(issue: Pick<PageIssue, 'outcome' | 'reviewDecision'>): boolean {
  return issue.outcome === 'manual' || issue.reviewDecision !== null
}

/** Engine credit, ACT rules and conformance as stored; values the contracts no longer know are left out. */
export function presentAccessibilityFacts(
  issue: Pick<PageIssue, 'engines' | 'actRules' | 'conformance'>,
): Pick<AuditIssue, 'engines' | 'actRules' | 'conformance'> {
  const conformance = ConformanceSchema.safeParse(issue.conformance)
  return {
    engines: issue.engines.filter((engine): engine is EngineId =>
      (ENGINE_IDS as readonly string[]).includes(engine),
    ),
    actRules: issue.actRules,
    conformance: conformance.success ? conformance.data : null,
  }
}

function presentAuditPageData(
  score: number | null,
  issues: PageIssue[],
  context: IssueContext,
): AuditPageData {
  const listed = issues.filter((issue) => !issue.auditGroup || !UNLISTED_GROUPS.has(issue.auditGroup))
  const withOutcome = (outcome: PageIssue['outcome']) =>
    listed.filter((issue) => issue.outcome === outcome).map((issue) => presentAuditIssue(issue, context))
  return {
    score,
    issuesFailed: withOutcome('failed'),
    issuesManual: withOutcome('manual'),
    issuesPassed: withOutcome('passed'),
    issuesNotApplicable: withOutcome('not_applicable'),
  }
}

function readMetadata(value: unknown): {
  metaTags: Record<string, string>
  headings: PageMetadata['headings']
  finalUrl: string | null
} {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  const metaTags =
    typeof record.metaTags === 'object' && record.metaTags !== null
      ? Object.fromEntries(
          Object.entries(record.metaTags as Record<string, unknown>).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        )
      : {}
  const headings = Array.isArray(record.headings)
    ? record.headings.filter(
        (heading): heading is { level: number; text: string } =>
          typeof heading?.level === 'number' && typeof heading?.text === 'string',
      )
    : []
  return { metaTags, headings, finalUrl: typeof record.finalUrl === 'string' ? record.finalUrl : null }
}

function presentMetadata(page: PageWithIssuesRow): PageMetadata {
  const stored = readMetadata(page.metadata)
  return {
    canonicalUrl: page.canonicalUrl,
    metaDescription: page.metaDescription,
    author: page.author,
    finalUrl: stored.finalUrl,
    isIndexable: page.isIndexable,
    inSitemap: page.inSitemap,
    isOrphaned: page.isOrphaned,
    depth: page.depth,
    discoveredVia: page.discoveredVia,
    isDuplicateTitle: page.isDuplicateTitle,
    isDuplicateDescription: page.isDuplicateDescription,
    isDuplicateContent: page.isDuplicateContent,
    metaTags: Object.entries(stored.metaTags).map(([name, content]) => ({ name, content })),
    headings: stored.headings.map(({ level, text }) => ({ level, text })),
    blockedRequests: readBlockedRequests(page.results[0]?.blockedRequests),
  }
}

/** The stored list of refused requests; anything else in the column reads as none. */
function readBlockedRequests(value: unknown): PageMetadata['blockedRequests'] {
  if (!Array.isArray(value)) return []
  return value.flatMap((entry) => {
    const parsed = BlockedRequestSchema.safeParse(entry)
    return parsed.success ? [parsed.data] : []
  })
}

/** The documents the page links to and the contact details on it, as the single-page scan shows them. */
function presentInventory(page: PageWithIssuesRow): PageInventory {
  const linkByUrl = new Map(page.links.map((occurrence) => [occurrence.link.url, occurrence]))
  const documents = page.documents.flatMap(({ document }) => {
    const kind = DocumentKindSchema.safeParse(document.kind)
    if (!kind.success) return []
    const link = linkByUrl.get(document.url)
    return [
      {
        url: document.url,
        kind: kind.data,
        extension: extensionOf(document.url),
        linkText: link?.text?.trim() ?? '',
        httpStatus: httpStatusOf(link?.link.status),
        isBroken: link?.link.isBroken ?? false,
      },
    ]
  })
  const contacts = page.contacts.map(({ count, contact }) => ({
    kind: contact.kind,
    value: contact.value,
    valid: contact.valid,
    count,
  }))
  return { documents, contacts }
}

export function presentPageDetail(page: PageWithIssuesRow, context: PageDetailContext): PageDetail {
  const inCategory = (category: IssueCategory) => page.issues.filter((issue) => issue.category === category)
  const metrics = PerformanceMetricsSchema.safeParse(page.performanceMetrics)
  const issueContext: IssueContext = { page, scans: context.scans, templates: context.templates }
  return {
    sys: {
      id: page.id,
      version: {
        created: page.firstSeenAt.toISOString(),
        ...(page.lastScannedAt ? { modified: page.lastScannedAt.toISOString() } : {}),
      },
    },
    pageTitle: page.title,
    entryTitle: page.url,
    url: page.url,
    httpStatus: page.httpStatus,
    language: page.language,
    lastScannedAt: page.lastScannedAt?.toISOString() ?? null,
    accessibility: presentAuditPageData(page.accessibilityScore, inCategory('accessibility'), issueContext),
    seo: presentAuditPageData(page.seoScore, inCategory('seo'), issueContext),
    performance: presentAuditPageData(page.performanceScore, inCategory('performance'), issueContext),
    contentQuality: presentAuditPageData(
      page.contentQualityScore,
      inCategory('content_quality'),
      issueContext,
    ),
    performanceMetrics: metrics.success ? metrics.data : null,
    readability: { flesch: page.readabilityFlesch, level: presentReadabilityLevel(page.readabilityLevel) },
    brokenLinkCount: page.brokenLinkCount,
    brokenImageCount: page.brokenImageCount,
    misspellings: page.misspellingCount,
    hasScreenshot: context.hasScreenshot,
    hasSnapshot: context.hasSnapshot,
    lastScan: presentScanRef(context.scans, page.lastScanId, page.lastScannedAt),
    metadata: presentMetadata(page),
    inventory: presentInventory(page),
    redirectedFrom: context.redirectedFrom,
    sections: page.sections.map(({ section }) => ({
      sys: { id: section.id, slug: section.slug },
      title: section.title,
    })),
  }
}
