import { z } from 'zod'
import { READABILITY_LEVELS } from './audits.js'
import { SectionScopeQuerySchema, sortKeySchema } from './lists.js'
import { ListQuerySchema, SysSchema } from './paging.js'

/**
 * The content quality area's own reads: the readability aggregate, the broken links with the pages that
 * link to each, and one link or misspelling by its id (the header of their detail screens).
 */

// ─── GET /api/v1/sites/:slug/content-quality/readability ───────────────────────────────────────────────

export const ReadabilityQuerySchema = SectionScopeQuerySchema
export type ReadabilityQuery = z.infer<typeof ReadabilityQuerySchema>

export const ReadabilityLevelCountSchema = z.object({
  /** the level's slug (READABILITY_LEVELS), the :readability of its pages list */
  slug: z.enum(READABILITY_LEVELS.map((level) => level.slug) as [string, ...string[]]),
  /** the level's name as the spec writes it */
  friendlyText: z.string(),
  /** pages at this level */
  occurrences: z.number().int(),
})
export type ReadabilityLevelCount = z.infer<typeof ReadabilityLevelCountSchema>

/**
 * The readability of a site or section: the mean Flesch reading ease of its pages that have a score (above
 * 0), capped at 0-100 and null when no page has one, and the pages per level, every level hardest first.
 */
export const ReadabilityResponseSchema = z.object({
  score: z.number().nullable(),
  aggregated: z.array(ReadabilityLevelCountSchema),
})
export type ReadabilityResponse = z.infer<typeof ReadabilityResponseSchema>

/** A readability score at or below this prompts a rewrite suggestion. */
export const READABILITY_REWRITE_THRESHOLD = 60

// ─── GET /api/v1/sites/:slug/content-quality/broken-links ──────────────────────────────────────────────

/** ?view=: internal or external links only; absent shows both. */
export const BROKEN_LINK_VIEWS = ['internal', 'external'] as const
export type BrokenLinkView = (typeof BROKEN_LINK_VIEWS)[number]

/**
 * ?verification=: links that failed their check (broken) or links the check could not verify (a bot wall's
 * 401/403/429/999, a timeout, robots.txt asking bots not to look); absent shows both.
 */
export const BROKEN_LINK_VERIFICATIONS = ['broken', 'unverified'] as const
export type BrokenLinkVerification = (typeof BROKEN_LINK_VERIFICATIONS)[number]

export const BROKEN_LINK_SORT_KEYS = [
  'entryTitle',
  'status',
  'totalCount',
  'created',
  'numberOfPageViewsInThePastMonth',
] as const
export type BrokenLinkSortKey = (typeof BROKEN_LINK_SORT_KEYS)[number]

/** Most linked first (constants.json sorting.defaults). */
export const BROKEN_LINK_DEFAULT_SORT = { sortBy: 'totalCount', sortDir: 'desc' } as const

export const BrokenLinksQuerySchema = ListQuerySchema.extend({
  ...SectionScopeQuerySchema.shape,
  sortBy: sortKeySchema(BROKEN_LINK_SORT_KEYS).optional(),
  view: z.enum(BROKEN_LINK_VIEWS, { error: 'Choose a view: internal or external.' }).optional(),
  verification: z
    .enum(BROKEN_LINK_VERIFICATIONS, { error: 'Choose a verification: broken or unverified.' })
    .optional(),
})
export type BrokenLinksQuery = z.infer<typeof BrokenLinksQuerySchema>

export const BrokenLinkItemSchema = z.object({
  /** id; version.created = when the link was first seen */
  sys: SysSchema,
  /** the link's URL */
  entryTitle: z.string(),
  /** HTTP status of the final answer; 9xx when no answer came (refused), 0 for an invalid URL */
  status: z.number().int().nullable(),
  /** the failure's kind when there was no answer: CertificateError, HttpTimeout, ... */
  error: z.string().nullable(),
  isInternal: z.boolean(),
  /** the check could not tell (bot wall, timeout, robots.txt): shown as "could not verify", not broken */
  isUnverified: z.boolean(),
  /** pages that link to it (in the section, when scoped) */
  totalCount: z.number().int(),
  /** page views in the past month of the pages that link to it */
  numberOfPageViewsInThePastMonth: z.number().int(),
})
export type BrokenLinkItem = z.infer<typeof BrokenLinkItemSchema>

// ─── GET /api/v1/sites/:slug/content-quality/pages-affected-by-a-link/:linkId ──────────────────────────

/** A link's or misspelling's id as the API gives it: 1 to 100 letters, digits, - or _. */
const ResourceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'Enter an ID: 1 to 100 letters, digits, - or _.' })

export const LinkParamsSchema = z.object({ linkId: ResourceIdSchema })

export const AFFECTED_PAGE_SORT_KEYS = ['entryTitle', 'pageTitle', 'modified'] as const
export const AFFECTED_PAGE_DEFAULT_SORT = { sortBy: 'entryTitle', sortDir: 'asc' } as const

export const PagesAffectedQuerySchema = ListQuerySchema.extend({
  ...SectionScopeQuerySchema.shape,
  sortBy: sortKeySchema(AFFECTED_PAGE_SORT_KEYS).optional(),
})
export type PagesAffectedQuery = z.infer<typeof PagesAffectedQuerySchema>

export const AffectedPageItemSchema = z.object({
  /** the page's id; version.modified = its last scan */
  sys: SysSchema,
  pageTitle: z.string().nullable(),
  /** the page's URL */
  entryTitle: z.string(),
  /** times the page links to it */
  occurrences: z.number().int(),
})
export type AffectedPageItem = z.infer<typeof AffectedPageItemSchema>

// ─── GET /api/v1/sites/:slug/content-quality/resources/:resourceId ─────────────────────────────────────

export const ResourceParamsSchema = z.object({ resourceId: ResourceIdSchema })

/** A link as its detail screens head it: the broken-link fields and what the check found. */
export const LinkResourceSchema = BrokenLinkItemSchema.extend({
  kind: z.literal('link'),
  isBroken: z.boolean(),
  /** the Web Risk threat type when the link is malicious */
  riskType: z.string().nullable(),
  /** where its redirects ended, when it redirected */
  finalUrl: z.string().nullable(),
  /** when it was last checked, ISO 8601 */
  checkedAt: z.string().nullable(),
})
export type LinkResource = z.infer<typeof LinkResourceSchema>

export const MisspellingResourceSchema = z.object({
  kind: z.literal('misspelling'),
  sys: SysSchema,
  /** the word */
  entryTitle: z.string(),
  language: z.string(),
  /** pages it is found on */
  totalCount: z.number().int(),
})
export type MisspellingResource = z.infer<typeof MisspellingResourceSchema>

/** The link or the misspelling with this id (the spec's resources/{linkOrMisspellingId}). */
export const ContentQualityResourceSchema = z.discriminatedUnion('kind', [
  LinkResourceSchema,
  MisspellingResourceSchema,
])
export type ContentQualityResource = z.infer<typeof ContentQualityResourceSchema>
