import { z } from 'zod'
import { SectionScopeQuerySchema, sortKeySchema } from './lists.js'
import { ListQuerySchema, SysSchema } from './paging.js'

/**
 * The SEO screens' own endpoints (the pages list is GET /pages?type=seo, the issues GET /issues?category=seo):
 * GET /api/v1/sites/:slug/seo/duplicate-content lists groups of pages that share a title, a meta description
 * or (nearly) the same main text; /seo/duplicate-content/:dupeId the pages of one group; /seo/orphaned-pages
 * the pages no page links to; /seo/health a summary of every SEO check.
 */

export const DUPLICATE_KINDS = ['title', 'description', 'content'] as const
export const DuplicateKindSchema = z.enum(DUPLICATE_KINDS, {
  error: `Choose a type: ${DUPLICATE_KINDS.join(', ')}.`,
})
export type DuplicateKind = z.infer<typeof DuplicateKindSchema>

/** The page's SEO check that fails when it shares that kind of text with other pages of the scan. */
export const DUPLICATE_CHECK_OF_KIND = {
  title: 'duplicate-title',
  description: 'duplicate-description',
  content: 'duplicate-content',
} as const satisfies Record<DuplicateKind, string>
export type DuplicateCheckId = (typeof DUPLICATE_CHECK_OF_KIND)[DuplicateKind]

/**
 * A page's duplicate check lists at most this many of the pages it shares its title, description or text
 * with; its count is all of them, and the duplicate groups list every page. Listing all on every page would
 * store a group's size squared (a description shared by 5,000 pages: 25 million rows of details).
 */
export const MAX_LISTED_DUPLICATES = 20

/** entryTitle is the shared value; totalCount the group's pages. */
export const DUPLICATE_CONTENT_SORT_KEYS = [
  'entryTitle',
  'kind',
  'totalCount',
  'similarity',
  'created',
] as const
export type DuplicateContentSortKey = (typeof DUPLICATE_CONTENT_SORT_KEYS)[number]
/** The largest groups first. */
export const DUPLICATE_CONTENT_DEFAULT_SORT = { sortBy: 'totalCount', sortDir: 'desc' } as const

export const DuplicateContentQuerySchema = ListQuerySchema.extend({
  ...SectionScopeQuerySchema.shape,
  sortBy: sortKeySchema(DUPLICATE_CONTENT_SORT_KEYS).optional(),
  /** one kind of duplicate; absent: every kind */
  type: DuplicateKindSchema.optional(),
})
export type DuplicateContentQuery = z.infer<typeof DuplicateContentQuerySchema>

export const DuplicateGroupItemSchema = z.object({
  /** id is the dupeId; version.created = when the scan that found it finished */
  sys: SysSchema,
  kind: DuplicateKindSchema,
  /** the shared title or description; for content, the start of the first page's main text */
  entryTitle: z.string(),
  /** pages in the group */
  totalCount: z.number().int(),
  /** 0-100: how much of the main text the least alike pair shares (100 for the same text, titles and descriptions) */
  similarity: z.number().int(),
})
export type DuplicateGroupItem = z.infer<typeof DuplicateGroupItemSchema>

export const DupeIdParamsSchema = z.object({
  dupeId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'Enter a duplicate ID: 1 to 100 letters, digits, - or _.' }),
})

/** The sort keys of the lists of pages on the SEO screens. */
export const SEO_PAGE_SORT_KEYS = ['entryTitle', 'pageTitle', 'modified', 'created', 'seoScore'] as const
export type SeoPageSortKey = (typeof SEO_PAGE_SORT_KEYS)[number]
export const SEO_PAGE_DEFAULT_SORT = { sortBy: 'entryTitle', sortDir: 'asc' } as const

export const SeoPagesQuerySchema = ListQuerySchema.extend({
  ...SectionScopeQuerySchema.shape,
  sortBy: sortKeySchema(SEO_PAGE_SORT_KEYS).optional(),
})
export type SeoPagesQuery = z.infer<typeof SeoPagesQuerySchema>

/** A page of a duplicate group or of the orphaned pages. */
export const SeoPageItemSchema = z.object({
  /** id; version.created = first seen, version.modified = last scanned */
  sys: SysSchema,
  pageTitle: z.string().nullable(),
  /** the page's URL */
  entryTitle: z.string(),
  metaDescription: z.string().nullable(),
  /** the start of the page's main text */
  contentExcerpt: z.string().nullable(),
  httpStatus: z.number().int().nullable(),
  inSitemap: z.boolean(),
  seoScore: z.number().nullable(),
})
export type SeoPageItem = z.infer<typeof SeoPageItemSchema>

export const DuplicateGroupDetailSchema = DuplicateGroupItemSchema.extend({
  /** pages of the group within the section, when scoped */
  pagesInScope: z.number().int(),
})
export type DuplicateGroupDetail = z.infer<typeof DuplicateGroupDetailSchema>

export const SeoHealthQuerySchema = SectionScopeQuerySchema
export type SeoHealthQuery = z.infer<typeof SeoHealthQuerySchema>

export const SeoHealthCheckSchema = z.object({
  issueId: z.string(),
  title: z.string(),
  description: z.string(),
  pagesFailed: z.number().int(),
  /** pages it was decided on (failed or passed) */
  pagesChecked: z.number().int(),
  /** 0-100 of the pages checked that pass; null when it was decided on no page */
  passRate: z.number().nullable(),
})
export type SeoHealthCheck = z.infer<typeof SeoHealthCheckSchema>

export const SeoHealthSchema = z.object({
  /** the average SEO score of the scored pages, 0-100; null before any page was scored */
  score: z.number().nullable(),
  pages: z.object({
    scanned: z.number().int(),
    indexable: z.number().int(),
    notIndexable: z.number().int(),
    inSitemap: z.number().int(),
    orphaned: z.number().int(),
  }),
  /** duplicate groups by kind */
  duplicates: z.object({ title: z.number().int(), description: z.number().int(), content: z.number().int() }),
  /** every SEO check, most failing first */
  checks: z.array(SeoHealthCheckSchema),
})
export type SeoHealth = z.infer<typeof SeoHealthSchema>
