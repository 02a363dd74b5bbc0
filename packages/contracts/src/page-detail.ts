import { z } from 'zod'
import { AuditDetailsSchema, IssueLevelSchema, PerformanceMetricsSchema } from './audits.js'
import { AssignmentSchema, IssueLifecycleSchema, LinkedTicketSchema, ScanRefSchema } from './issues.js'
import { SysSchema } from './paging.js'
import { IssueReviewSchema } from './reviews.js'
import { BlockedRequestSchema, PageInventorySchema } from './scans.js'
import { ConformanceSchema, EngineIdSchema, ReviewGuidanceSchema } from './wcag.js'

/**
 * GET /api/v1/sites/:slug/page?pageId=: one page of a site with the latest outcome of every audit, per
 * category, in the audit page data shape the renderer draws. `issueDetails` is the
 * spec's JSON string; `details` is the same object, for the audit renderer that draws single-page scans.
 */
export const AuditIssueSchema = z.object({
  issueId: z.string(),
  title: z.string(),
  description: z.string(),
  issueDescription: z.string(),
  issueDetails: z.string().nullable(),
  details: AuditDetailsSchema.nullable(),
  issueLevel: IssueLevelSchema,
  /** Lighthouse group; 'hidden' and 'metrics' are never listed */
  group: z.string().nullable(),
  /** 0-1 as Lighthouse gives it; null for manual or informative audits */
  score: z.number().nullable(),
  wcag: z.array(z.string()),
  nodeCount: z.number().int(),
  /** where it stands on this page over the scans */
  lifecycle: IssueLifecycleSchema,
  /** the template problems it is part of: the same element failing it on other pages too */
  templates: z.array(z.object({ signature: z.string(), selector: z.string(), pageCount: z.number().int() })),
  assignment: AssignmentSchema.nullable(),
  linkedJiraIssue: LinkedTicketSchema.nullable(),
  /** accessibility: the engines that found it (empty for the other categories) */
  engines: z.array(EngineIdSchema),
  /** accessibility: the W3C ACT rules it implements */
  actRules: z.array(z.string()),
  /** accessibility: a failure of the site's WCAG target or advice; null for the other categories */
  conformance: ConformanceSchema.nullable(),
  /** a reviewer's decision on a result that needs review, on this page; null while undecided */
  review: IssueReviewSchema.nullable(),
  /** what a person needs to decide a result that needs review; null on other results */
  guidance: ReviewGuidanceSchema.nullable(),
})
export type AuditIssue = z.infer<typeof AuditIssueSchema>

/**
 * One category's results on the page. A result needing review that a reviewer confirmed is in issuesFailed
 * (with its `review`); one they dismissed stays in issuesManual with `review.decision` 'dismissed' (the
 * screen shows it apart from those still to review); issuesManual items with `review` null are to review.
 * `review` is set only while the decision applies (the engines still cannot decide); `guidance` is set on
 * every result that needs review, decided or not.
 */
export const AuditPageDataSchema = z.object({
  /** 0-100, null when the category was not measured */
  score: z.number().nullable(),
  issuesFailed: z.array(AuditIssueSchema),
  issuesManual: z.array(AuditIssueSchema),
  issuesPassed: z.array(AuditIssueSchema),
  issuesNotApplicable: z.array(AuditIssueSchema),
})
export type AuditPageData = z.infer<typeof AuditPageDataSchema>

export const PageQuerySchema = z.object({ pageId: z.string().min(1).max(100) })

export const PageMetadataSchema = z.object({
  canonicalUrl: z.string().nullable(),
  metaDescription: z.string().nullable(),
  author: z.string().nullable(),
  /** the address the page ended at when loaded */
  finalUrl: z.string().nullable(),
  isIndexable: z.boolean(),
  inSitemap: z.boolean(),
  isOrphaned: z.boolean(),
  /** link depth from the root in the scan that last saw it */
  depth: z.number().int().nullable(),
  discoveredVia: z.enum(['root', 'sitemap', 'link', 'manual']),
  isDuplicateTitle: z.boolean(),
  isDuplicateDescription: z.boolean(),
  isDuplicateContent: z.boolean(),
  metaTags: z.array(z.object({ name: z.string(), content: z.string() })),
  headings: z.array(z.object({ level: z.number().int(), text: z.string() })),
  /** requests of the page's latest load the scanner's network guard refused (blocked by the network policy) */
  blockedRequests: z.array(BlockedRequestSchema),
})
export type PageMetadata = z.infer<typeof PageMetadataSchema>

export const PageDetailSchema = z.object({
  sys: SysSchema,
  pageTitle: z.string().nullable(),
  /** the page's URL, as the spec's lists name it */
  entryTitle: z.string(),
  url: z.string(),
  httpStatus: z.number().int().nullable(),
  language: z.string().nullable(),
  lastScannedAt: z.string().nullable(),
  accessibility: AuditPageDataSchema,
  seo: AuditPageDataSchema,
  performance: AuditPageDataSchema,
  contentQuality: AuditPageDataSchema,
  performanceMetrics: PerformanceMetricsSchema.nullable(),
  readability: z.object({ flesch: z.number().nullable(), level: z.string().nullable() }),
  brokenLinkCount: z.number().int(),
  brokenImageCount: z.number().int(),
  misspellings: z.number().int(),
  hasScreenshot: z.boolean(),
  hasSnapshot: z.boolean(),
  /** the scan that last audited the page */
  lastScan: ScanRefSchema.nullable(),
  /** the metadata tab */
  metadata: PageMetadataSchema,
  /** the inventory tab: documents it links to and contact details on it */
  inventory: PageInventorySchema,
  /** addresses that redirect here (HTTP redirects and meta refreshes inside the site) */
  redirectedFrom: z.array(z.string()),
  /** the sections the page belongs to */
  sections: z.array(z.object({ sys: SysSchema, title: z.string() })),
})
export type PageDetail = z.infer<typeof PageDetailSchema>

/** The tabs of pages/:pageId/:tabId ; accessibility is the default. */
export const PAGE_TABS = [
  'overview',
  'accessibility',
  'seo',
  'performance',
  'inventory',
  'content-quality',
  'metadata',
] as const
export type PageTab = (typeof PAGE_TABS)[number]
export const DEFAULT_PAGE_TAB: PageTab = 'accessibility'

/** GET /api/v1/sites/:slug/content-quality/misspellings/page/:pageId: the misspelt words of one page. */
export const PageMisspellingSchema = z.object({
  /** the misspelling's id */
  sys: SysSchema,
  /** the word */
  entryTitle: z.string(),
  language: z.string(),
  /** occurrences on this page */
  totalCount: z.number().int(),
})
export type PageMisspelling = z.infer<typeof PageMisspellingSchema>
export const PageMisspellingsResponseSchema = z.array(PageMisspellingSchema)

/** GET /api/v1/sites/:slug/product-snapshot: the page by its URL or by its id (guid), one of the two. */
export const ProductSnapshotQuerySchema = z
  .object({
    url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
    guid: z.string().min(1).max(100).optional(),
  })
  .refine((query) => Boolean(query.url) !== Boolean(query.guid), {
    message: 'Give either url or guid.',
    path: ['url'],
  })
