import { z } from 'zod'
import { AuditDetailsSchema, IssueLevelSchema, PerformanceMetricsSchema } from './audits.js'
import { SysSchema } from './paging.js'

/**
 * GET /api/v1/sites/:slug/page?pageId=: one page of a site with the latest outcome of every audit, per
 * category, as the spec's Audit page data (accessibility.md §3, entities.md). `issueDetails` is the
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
})
export type AuditIssue = z.infer<typeof AuditIssueSchema>

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
})
export type PageDetail = z.infer<typeof PageDetailSchema>

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
