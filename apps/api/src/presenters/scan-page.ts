import {
  type AuditDetails,
  AuditDetailsSchema,
  type AuditIssue,
  type AuditPageData,
  type PageDetail,
  PerformanceMetricsSchema,
  READABILITY_LEVELS,
  type ReadabilityLevelSlug,
} from '@canopy/contracts'
import type { IssueCategory, PageIssue, PageWithIssuesRow, ReadabilityLevel } from '@canopy/db'

export function presentReadabilityLevel(level: ReadabilityLevel | null): ReadabilityLevelSlug | null {
  if (!level) return null
  // The enum spells the spec's slugs with '_' (Prisma enum values cannot hold '-').
  const slug = level.replaceAll('_', '-')
  return READABILITY_LEVELS.find((known) => known.slug === slug)?.slug ?? null
}

/** Lighthouse groups that are never listed (accessibility.md §3). */
const UNLISTED_GROUPS = new Set(['hidden', 'metrics'])

function presentDetails(details: unknown): AuditDetails | null {
  const parsed = AuditDetailsSchema.safeParse(details)
  return parsed.success ? parsed.data : null
}

export function presentAuditIssue(issue: PageIssue): AuditIssue {
  const details = presentDetails(issue.details)
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
  }
}

function presentAuditPageData(score: number | null, issues: PageIssue[]): AuditPageData {
  const listed = issues.filter((issue) => !issue.auditGroup || !UNLISTED_GROUPS.has(issue.auditGroup))
  const withOutcome = (outcome: PageIssue['outcome']) =>
    listed.filter((issue) => issue.outcome === outcome).map(presentAuditIssue)
  return {
    score,
    issuesFailed: withOutcome('failed'),
    issuesManual: withOutcome('manual'),
    issuesPassed: withOutcome('passed'),
    issuesNotApplicable: withOutcome('not_applicable'),
  }
}

export function presentPageDetail(
  page: PageWithIssuesRow,
  files: { hasScreenshot: boolean; hasSnapshot: boolean },
): PageDetail {
  const inCategory = (category: IssueCategory) => page.issues.filter((issue) => issue.category === category)
  const metrics = PerformanceMetricsSchema.safeParse(page.performanceMetrics)
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
    accessibility: presentAuditPageData(page.accessibilityScore, inCategory('accessibility')),
    seo: presentAuditPageData(page.seoScore, inCategory('seo')),
    performance: presentAuditPageData(page.performanceScore, inCategory('performance')),
    contentQuality: presentAuditPageData(page.contentQualityScore, inCategory('content_quality')),
    performanceMetrics: metrics.success ? metrics.data : null,
    readability: { flesch: page.readabilityFlesch, level: presentReadabilityLevel(page.readabilityLevel) },
    brokenLinkCount: page.brokenLinkCount,
    brokenImageCount: page.brokenImageCount,
    misspellings: page.misspellingCount,
    hasScreenshot: files.hasScreenshot,
    hasSnapshot: files.hasSnapshot,
  }
}
