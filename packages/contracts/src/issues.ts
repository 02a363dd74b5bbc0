import { z } from 'zod'
import { IssueCategorySchema, IssueLevelSchema } from './audits.js'
import { SectionScopeQuerySchema, sortKeySchema } from './lists.js'
import { ListQuerySchema, SysSchema } from './paging.js'
import { ConformanceFilterSchema, IssueReviewSchema } from './reviews.js'
import { ConformanceSchema, EngineIdSchema } from './wcag.js'

/**
 * A site's issues: one row per audit (axe rule, Lighthouse audit or our own check) with the pages it fails
 * on, its lifecycle (first seen, new and fixed in the last scan) and the template problems behind it. The
 * worker rolls them up when a scan finalizes; `scan` names that scan.
 */

/** The scan a count refers to, by its number on the site ("fixed in scan 12"). */
export const ScanRefSchema = z.object({
  id: z.string(),
  number: z.number().int().nullable(),
  /** ISO 8601 */
  finishedAt: z.string().nullable(),
})
export type ScanRef = z.infer<typeof ScanRefSchema>

/**
 * Which issues a list shows: failing now (default: failed or needing review), failed only, needing a
 * manual check, started failing in the last scan, or stopped failing in it.
 */
export const ISSUE_STATUS_FILTERS = ['current', 'failed', 'manual', 'new', 'fixed'] as const
export const IssueStatusFilterSchema = z.enum(ISSUE_STATUS_FILTERS, {
  error: `Choose a status: ${ISSUE_STATUS_FILTERS.join(', ')}.`,
})
export type IssueStatusFilter = z.infer<typeof IssueStatusFilterSchema>

/** ?category= takes the spec's names; absent means accessibility. */
const CategoryQuerySchema = IssueCategorySchema.default('accessibility')

// ─── GET /api/v1/sites/:slug/issues ─────────────────────────────────────────

export const ISSUE_LIST_SORT_KEYS = [
  'title',
  'issueLevel',
  'totalCount',
  'pagesNew',
  'pagesFixed',
  'nodesFailed',
  'firstSeen',
] as const
/** Most frequent first: the issue list answers "what hurts most pages". */
export const ISSUE_LIST_DEFAULT_SORT = { sortBy: 'totalCount', sortDir: 'desc' } as const

export const IssuesQuerySchema = ListQuerySchema.extend({
  ...SectionScopeQuerySchema.shape,
  category: CategoryQuerySchema,
  sortBy: sortKeySchema(ISSUE_LIST_SORT_KEYS).optional(),
  level: IssueLevelSchema.optional(),
  status: IssueStatusFilterSchema.default('current'),
  /** accessibility: failures of the site's WCAG target, advice, or both */
  conformance: ConformanceFilterSchema.default('all'),
})
export type IssuesQuery = z.infer<typeof IssuesQuerySchema>

export const IssueListItemSchema = z.object({
  /** the audit id, also the :issueName of the issue's pages */
  id: z.string(),
  category: IssueCategorySchema,
  title: z.string(),
  /** markdown, as the audit describes itself */
  description: z.string(),
  issueLevel: IssueLevelSchema,
  /** WCAG success criteria, e.g. ['1.1.1'] */
  wcag: z.array(z.string()),
  /** the spec's Issue.results.totalCount: pages it fails on now */
  results: z.object({ totalCount: z.number().int() }),
  /** pages where it needs a manual check now */
  pagesManual: z.number().int(),
  /** failing elements over all pages */
  nodesFailed: z.number().int(),
  /** pages where it started failing in the last scan */
  pagesNew: z.number().int(),
  /** pages where it stopped failing in the last scan */
  pagesFixed: z.number().int(),
  /** when it was first seen failing on a page it still fails on, ISO 8601 */
  firstSeen: z.string().nullable(),
  /** template problems behind it: elements failing alike on several pages */
  templateCount: z.number().int(),
  /** accessibility: a failure of the site's WCAG target or advice; null for the other categories */
  conformance: ConformanceSchema.nullable(),
  /** accessibility: the engines that found it on any page */
  engines: z.array(EngineIdSchema),
  /** pages where a reviewer has decided it (confirmed or dismissed) */
  pagesReviewed: z.number().int(),
})
export type IssueListItem = z.infer<typeof IssueListItemSchema>

// ─── GET /api/v1/sites/:slug/issues/overview ────────────────────────────────

/** ?category= absent: every category together (the site dashboard). */
export const IssuesOverviewQuerySchema = SectionScopeQuerySchema.extend({
  category: IssueCategorySchema.optional(),
})
export type IssuesOverviewQuery = z.infer<typeof IssuesOverviewQuerySchema>

export const IssueTemplateSchema = z.object({
  /** the audit id */
  issueId: z.string(),
  category: IssueCategorySchema,
  title: z.string(),
  issueLevel: IssueLevelSchema,
  /** the element signature; ?template= on the issue's pages lists the pages that share it */
  signature: z.string(),
  selector: z.string(),
  /** the element's markup, shortened */
  snippet: z.string(),
  /** pages on which this element fails the audit */
  pageCount: z.number().int(),
  /** pages on which it is the audit's only failing element: "fix once, clears N pages" */
  clearsPages: z.number().int(),
})
export type IssueTemplate = z.infer<typeof IssueTemplateSchema>

export const IssueLevelCountSchema = z.object({
  level: IssueLevelSchema,
  /** distinct audits failing at this level */
  issues: z.number().int(),
  /** failing (page, audit) pairs at this level */
  occurrences: z.number().int(),
})

/**
 * The numbers an area's dashboard shows about its issues: by level, new and fixed since the previous scan,
 * and the biggest template problems. `scan` is null before the first roll-up (no completed scan).
 */
export const IssuesOverviewSchema = z.object({
  scan: ScanRefSchema.nullable(),
  /**
   * distinct audits failing now; for accessibility, failures of the site's target only (advice is counted in
   * issuesAdvice), as are occurrencesFailed and byLevel. A reviewer's confirmation counts as failing; a
   * decided result no longer counts in issuesManual.
   */
  issuesFailed: z.number().int(),
  /** distinct audits needing a manual check now */
  issuesManual: z.number().int(),
  /** failing (page, audit) pairs now */
  occurrencesFailed: z.number().int(),
  /** A, AA, AAA, Error and Manual, in that order, zero counts included */
  byLevel: z.array(IssueLevelCountSchema),
  /** audits that started failing on at least one page in the last scan, and those pairs */
  issuesNew: z.number().int(),
  occurrencesNew: z.number().int(),
  /** audits that stopped failing on at least one page in the last scan, and those pairs */
  issuesFixed: z.number().int(),
  occurrencesFixed: z.number().int(),
  /** the largest template problems, most pages first (at most 10) */
  templates: z.array(IssueTemplateSchema),
  /** accessibility: distinct audits failing now that are advice (best practice or above the site's target) */
  issuesAdvice: z.number().int(),
  /** results needing review: (page, audit) pairs still to decide, and those decided */
  reviews: z.object({ toReview: z.number().int(), reviewed: z.number().int() }),
})
export type IssuesOverview = z.infer<typeof IssuesOverviewSchema>

// ─── GET /api/v1/sites/:slug/issues/:issueName ─────────────────────────────

export const IssueNameParamsSchema = z.object({
  issueName: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,200}$/, { error: 'Enter an issue name: letters, digits, ., :, - or _.' }),
})

export const IssueQuerySchema = SectionScopeQuerySchema.extend({ category: CategoryQuerySchema })
export type IssueQuery = z.infer<typeof IssueQuerySchema>

/** One issue of the site with its template problems; 404 when no page of the scope has it. */
export const IssueDetailSchema = IssueListItemSchema.extend({
  scan: ScanRefSchema.nullable(),
  templates: z.array(IssueTemplateSchema),
})
export type IssueDetail = z.infer<typeof IssueDetailSchema>

// ─── GET /api/v1/sites/:slug/issues/:issueName/pages ───────────────────────

export const ISSUE_PAGES_SORT_KEYS = [
  'entryTitle',
  'pageTitle',
  'nodeCount',
  'failingSince',
  'modified',
  'views',
] as const
export const ISSUE_PAGES_DEFAULT_SORT = { sortBy: 'entryTitle', sortDir: 'asc' } as const

export const IssuePagesQuerySchema = ListQuerySchema.extend({
  ...SectionScopeQuerySchema.shape,
  category: CategoryQuerySchema,
  sortBy: sortKeySchema(ISSUE_PAGES_SORT_KEYS).optional(),
  status: IssueStatusFilterSchema.default('current'),
  /** only the pages sharing this template problem (an IssueTemplate signature) */
  template: z
    .string()
    .regex(/^[a-f0-9]{8,64}$/, { error: 'Not a template signature.' })
    .optional(),
})
export type IssuePagesQuery = z.infer<typeof IssuePagesQuerySchema>

/** Who an issue is assigned to, by whom, and the comment. */
export const AssignmentSchema = z.object({
  assignedToId: z.string(),
  assignedToName: z.string(),
  assignedById: z.string(),
  assignedByName: z.string(),
  comment: z.string().nullable(),
  /** ISO 8601 */
  dateTime: z.string(),
})
export type Assignment = z.infer<typeof AssignmentSchema>

export const LinkedTicketSchema = z.object({ ticketId: z.string(), ticketUrl: z.string() })
export type LinkedTicket = z.infer<typeof LinkedTicketSchema>

/** Where an issue stands on one page. */
export const IssueLifecycleSchema = z.object({
  /** the current (or last) failing stretch began here */
  failingSince: ScanRefSchema.nullable(),
  lastFailed: ScanRefSchema.nullable(),
  /** the scan in which it stopped failing; null while it fails */
  fixedIn: ScanRefSchema.nullable(),
  /** it started failing in the page's last scan */
  isNew: z.boolean(),
})
export type IssueLifecycle = z.infer<typeof IssueLifecycleSchema>

export const IssuePageItemSchema = z.object({
  /** the page's id (the spec's sys.id) */
  sys: SysSchema,
  pageTitle: z.string().nullable(),
  /** the page's URL */
  entryTitle: z.string(),
  issueId: z.string(),
  issueLevel: IssueLevelSchema,
  /** failed, manual (needs review) or fixed */
  status: z.enum(['failed', 'manual', 'fixed']),
  nodeCount: z.number().int(),
  lifecycle: IssueLifecycleSchema,
  assignment: AssignmentSchema.nullable(),
  linkedJiraIssue: LinkedTicketSchema.nullable(),
  /** the page's views in the last 30 days from the site's web analytics (0 when it is not connected) */
  views: z.number().int().nonnegative(),
  /** a reviewer's decision on this page, for a result that needs review; null while undecided */
  review: IssueReviewSchema.nullable(),
})
export type IssuePageItem = z.infer<typeof IssuePageItemSchema>
