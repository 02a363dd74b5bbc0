import { z } from 'zod'
import { PerformanceMetricSchema, READABILITY_LEVELS } from './audits.js'
import { SectionScopeQuerySchema, sortKeySchema } from './lists.js'
import { ListQuerySchema, SysSchema } from './paging.js'

/**
 * GET /api/v1/sites/:slug/pages?type=: the pages of a site (or a section) as one area sees them. Every
 * area's list shares one item shape; each screen shows the columns of its area.
 */
export const PAGE_LIST_TYPES = [
  'accessibility',
  'seo',
  'performance',
  'contentQuality',
  'readability',
] as const
export const PageListTypeSchema = z.enum(PAGE_LIST_TYPES, {
  error: `Choose a type: ${PAGE_LIST_TYPES.join(', ')}.`,
})
export type PageListType = z.infer<typeof PageListTypeSchema>

/**
 * Sort keys: the spec's names (entryTitle is the URL, modified the last scan, created the first sighting,
 * metric paths like firstContentfulPaint.value) and each column's field.
 */
export const PAGE_LIST_SORT_KEYS = [
  'entryTitle',
  'pageTitle',
  'modified',
  'created',
  'accessibilityScore',
  'seoScore',
  'performanceScore',
  'contentQualityScore',
  'numberOfAccessibilityIssuesFailed',
  'numberOfSeoIssuesFailed',
  'numberOfPerformanceIssuesFailed',
  'brokenLinkCount',
  'brokenImageCount',
  'misspellings',
  'readability.flesch',
  'contentQualityReadabilityFlesch',
  'firstContentfulPaint.value',
  'speedIndex.value',
  'totalBlockingTime.value',
  'largestContentfulPaint.value',
  'cumulativeLayoutShift.value',
  'views',
] as const
export type PageListSortKey = (typeof PAGE_LIST_SORT_KEYS)[number]

export const READABILITY_LEVEL_SLUGS = READABILITY_LEVELS.map((level) => level.slug) as [
  (typeof READABILITY_LEVELS)[number]['slug'],
  ...(typeof READABILITY_LEVELS)[number]['slug'][],
]

/** The default sort of most lists (constants.json sorting.defaults.mostLists). */
export const PAGE_LIST_DEFAULT_SORT = { sortBy: 'entryTitle', sortDir: 'asc' } as const

export const PagesQuerySchema = ListQuerySchema.extend({
  ...SectionScopeQuerySchema.shape,
  type: PageListTypeSchema.default('accessibility'),
  sortBy: sortKeySchema(PAGE_LIST_SORT_KEYS).optional(),
  /** performance: standard or advanced columns (a display choice; the rows are the same) */
  view: z.enum(['standard', 'advanced'], { error: 'Choose a view: standard or advanced.' }).optional(),
  /** type=readability: only the pages at this level */
  readability: z
    .enum(READABILITY_LEVEL_SLUGS, { error: 'Choose a readability level by its slug.' })
    .optional(),
})
export type PagesQuery = z.infer<typeof PagesQuerySchema>

/** Failing accessibility audits of a page by WCAG level. */
export const FailuresByLevelSchema = z.object({
  A: z.number().int(),
  AA: z.number().int(),
  AAA: z.number().int(),
})
export type FailuresByLevel = z.infer<typeof FailuresByLevelSchema>

export const PageListItemSchema = z.object({
  /** id; version.created = first seen, version.modified = last scanned */
  sys: SysSchema,
  pageTitle: z.string().nullable(),
  /** the page's URL */
  entryTitle: z.string(),
  httpStatus: z.number().int().nullable(),
  /** 0-100, null when not measured */
  accessibilityScore: z.number().nullable(),
  seoScore: z.number().nullable(),
  performanceScore: z.number().nullable(),
  contentQualityScore: z.number().nullable(),
  numberOfAccessibilityIssuesFailed: z.number().int(),
  numberOfSeoIssuesFailed: z.number().int(),
  numberOfPerformanceIssuesFailed: z.number().int(),
  /** type=accessibility only (null otherwise): failing audits by level */
  accessibilityFailuresByLevel: FailuresByLevelSchema.nullable(),
  brokenLinkCount: z.number().int(),
  brokenImageCount: z.number().int(),
  /** misspelt words on the page, every occurrence counted */
  misspellings: z.number().int(),
  /** Flesch reading ease; flesch <= 0 or null means no score. level is a READABILITY_LEVELS slug */
  readability: z.object({ flesch: z.number().nullable(), level: z.string().nullable() }),
  firstContentfulPaint: PerformanceMetricSchema.nullable(),
  speedIndex: PerformanceMetricSchema.nullable(),
  totalBlockingTime: PerformanceMetricSchema.nullable(),
  largestContentfulPaint: PerformanceMetricSchema.nullable(),
  cumulativeLayoutShift: PerformanceMetricSchema.nullable(),
  /** page views in the last 30 days from the site's web analytics (0 when it is not connected) */
  views: z.number().int().nonnegative(),
})
export type PageListItem = z.infer<typeof PageListItemSchema>

/** GET /api/v1/sites/:slug/worst-pages?type=&sectionId=&limit=: the lowest-scoring pages of an area. */
export const WorstPagesQuerySchema = SectionScopeQuerySchema.extend({
  type: PageListTypeSchema.default('accessibility'),
  limit: z.coerce.number().int().min(1).max(25).default(5),
})
export type WorstPagesQuery = z.infer<typeof WorstPagesQuerySchema>
export const WorstPagesResponseSchema = z.array(PageListItemSchema)
