import type { ConformanceFilter, IssueStatusFilter } from '@canopy/contracts'
import { type IssueCategory, type IssueLevel, Prisma } from '../generated/prisma/client.js'
import type { DbClient, SortDirection } from './db-client.js'
import { toContainsPattern } from './db-client.js'
import type { SortColumn, SqlList, SqlSort } from './keyset-list.js'

/**
 * The issues of a site or of one section, read from the roll-ups the worker rebuilds when a scan finalizes
 * (IssueSummary, IssueTemplate), and the pages one issue concerns (PageIssue with its lifecycle).
 */

/** The site itself, or one of its sections: the roll-ups key the site's own rows with scopeId ''. */
export interface IssueScope {
  siteId: string
  /** a section of the site; absent for the whole site */
  sectionId?: string
}

function scopeIdOf(scope: IssueScope): string {
  return scope.sectionId ?? ''
}

export interface IssueListFilter extends IssueScope {
  category: IssueCategory
  status: IssueStatusFilter
  level?: IssueLevel
  search?: string
  /** failures of the site's target, advice, or both (absent: both) */
  conformance?: ConformanceFilter
}

export interface IssueSummaryRow {
  id: string
  category: IssueCategory
  issueId: string
  title: string
  description: string
  issueLevel: IssueLevel
  wcagCriteria: string[]
  pagesFailed: number
  pagesManual: number
  nodesFailed: number
  pagesNew: number
  pagesFixed: number
  firstSeenAt: Date | null
  scanId: string
  conformance: string | null
  engines: string[]
  pagesReviewed: number
}

export type IssueListSortKey =
  | 'title'
  | 'issueLevel'
  | 'totalCount'
  | 'pagesNew'
  | 'pagesFixed'
  | 'nodesFailed'
  | 'firstSeen'

const ISSUE_SORTS: Record<IssueListSortKey, SortColumn> = {
  title: { expression: Prisma.sql`lower(s.title)`, type: 'text' },
  // As text the levels sort A, AA, AAA, Error, Manual: their order of severity in the spec.
  issueLevel: { expression: Prisma.sql`s."issueLevel"::text`, type: 'text', notNull: true },
  totalCount: { expression: Prisma.sql`s."pagesFailed"`, type: 'integer', notNull: true },
  pagesNew: { expression: Prisma.sql`s."pagesNew"`, type: 'integer', notNull: true },
  pagesFixed: { expression: Prisma.sql`s."pagesFixed"`, type: 'integer', notNull: true },
  nodesFailed: { expression: Prisma.sql`s."nodesFailed"`, type: 'integer', notNull: true },
  firstSeen: { expression: Prisma.sql`s."firstSeenAt"`, type: 'timestamp(3)' },
}

export function issueListSort(sortBy: IssueListSortKey, direction: SortDirection): SqlSort {
  return { ...ISSUE_SORTS[sortBy], direction }
}

/** Which roll-up rows a status shows: failing now means failed or needing review on some page. */
const ISSUE_STATUS_SQL: Record<IssueStatusFilter, Prisma.Sql> = {
  current: Prisma.sql`(s."pagesFailed" > 0 OR s."pagesManual" > 0)`,
  failed: Prisma.sql`s."pagesFailed" > 0`,
  manual: Prisma.sql`s."pagesManual" > 0`,
  new: Prisma.sql`s."pagesNew" > 0`,
  fixed: Prisma.sql`s."pagesFixed" > 0`,
}

/**
 * Which roll-up rows a conformance filter shows. Rows rolled up before conformance was recorded (null) were
 * all counted as failures: they stay failures, not advice.
 */
const IS_ADVICE = Prisma.sql`s.conformance = 'advice'`
const IS_NOT_ADVICE = Prisma.sql`s.conformance IS DISTINCT FROM 'advice'`
const CONFORMANCE_SQL: Record<ConformanceFilter, Prisma.Sql | null> = {
  all: null,
  failure: IS_NOT_ADVICE,
  advice: IS_ADVICE,
}

const ISSUE_COLUMNS = Prisma.sql`s.id, s.category::text AS category, s."issueId", s.title, s.description,
  s."issueLevel"::text AS "issueLevel", s."wcagCriteria", s."pagesFailed", s."pagesManual", s."nodesFailed",
  s."pagesNew", s."pagesFixed", s."firstSeenAt", s."scanId", s.conformance, s.engines, s."pagesReviewed"`

export function issueList(filter: IssueListFilter): SqlList {
  const conditions = [
    Prisma.sql`s."siteId" = ${filter.siteId}`,
    Prisma.sql`s."scopeId" = ${scopeIdOf(filter)}`,
    Prisma.sql`s.category = CAST(${filter.category} AS "IssueCategory")`,
    ISSUE_STATUS_SQL[filter.status],
  ]
  const conformance = CONFORMANCE_SQL[filter.conformance ?? 'all']
  if (conformance) conditions.push(conformance)
  if (filter.level) conditions.push(Prisma.sql`s."issueLevel" = CAST(${filter.level} AS "IssueLevel")`)
  if (filter.search) {
    const pattern = toContainsPattern(filter.search)
    conditions.push(Prisma.sql`(s.title ILIKE ${pattern} OR s."issueId" ILIKE ${pattern})`)
  }
  return {
    columns: ISSUE_COLUMNS,
    from: Prisma.sql`FROM "IssueSummary" s WHERE ${Prisma.join(conditions, ' AND ')}`,
    id: Prisma.sql`s.id`,
  }
}

/** How many template problems stand behind each of these issues. */
export async function countIssueTemplates(
  db: DbClient,
  scope: IssueScope & { category: IssueCategory; issueIds: string[] },
): Promise<Map<string, number>> {
  if (scope.issueIds.length === 0) return new Map()
  const rows = await db.issueTemplate.groupBy({
    by: ['issueId'],
    where: {
      siteId: scope.siteId,
      scopeId: scopeIdOf(scope),
      category: scope.category,
      issueId: { in: scope.issueIds },
    },
    _count: { _all: true },
  })
  return new Map(rows.map((row) => [row.issueId, row._count._all]))
}

/** One issue's roll-up in the scope, or null when no scan has seen it there. */
export function findIssueSummary(
  db: DbClient,
  scope: IssueScope & { category: IssueCategory; issueId: string },
) {
  return db.issueSummary.findUnique({
    where: {
      siteId_scopeId_category_issueId: {
        siteId: scope.siteId,
        scopeId: scopeIdOf(scope),
        category: scope.category,
        issueId: scope.issueId,
      },
    },
  })
}

const TEMPLATE_LIMIT = 10

/** The largest template problems of the scope (of one category, of one issue), most pages first. */
export function listIssueTemplates(
  db: DbClient,
  scope: IssueScope & { category?: IssueCategory; issueId?: string; take?: number },
) {
  return db.issueTemplate.findMany({
    where: {
      siteId: scope.siteId,
      scopeId: scopeIdOf(scope),
      ...(scope.category ? { category: scope.category } : {}),
      ...(scope.issueId ? { issueId: scope.issueId } : {}),
    },
    orderBy: [{ pageCount: 'desc' }, { clearsPages: 'desc' }, { id: 'asc' }],
    take: scope.take ?? TEMPLATE_LIMIT,
  })
}

/** Titles and levels of these issues in the scope, to name the template problems. */
export function findIssueSummaryTitles(
  db: DbClient,
  scope: IssueScope & { keys: { category: IssueCategory; issueId: string }[] },
) {
  if (scope.keys.length === 0) return Promise.resolve([])
  return db.issueSummary.findMany({
    where: {
      siteId: scope.siteId,
      scopeId: scopeIdOf(scope),
      OR: scope.keys.map(({ category, issueId }) => ({ category, issueId })),
    },
    select: { category: true, issueId: true, title: true, issueLevel: true },
  })
}

export interface IssueOverviewTotals {
  /** failures of the target: advice apart (rows without conformance count as failures) */
  issuesFailed: number
  issuesManual: number
  /** audits failing now as advice only */
  issuesAdvice: number
  /** (page, audit) pairs needing review without a reviewer's decision, and with one */
  toReview: number
  reviewed: number
  occurrencesFailed: number
  issuesNew: number
  occurrencesNew: number
  issuesFixed: number
  occurrencesFixed: number
  /** the latest scan that built a roll-up row of the scope, null before the first */
  scanId: string | null
}

function overviewWhere(scope: IssueScope & { category?: IssueCategory }): Prisma.Sql {
  const category = scope.category
    ? Prisma.sql`AND s.category = CAST(${scope.category} AS "IssueCategory")`
    : Prisma.empty
  return Prisma.sql`WHERE s."siteId" = ${scope.siteId} AND s."scopeId" = ${scopeIdOf(scope)} ${category}`
}

/** The dashboard's issue numbers of the scope, in one pass over its roll-up rows. */
export async function sumIssueOverview(
  db: DbClient,
  scope: IssueScope & { category?: IssueCategory },
): Promise<IssueOverviewTotals> {
  const [row] = await db.$queryRaw<IssueOverviewTotals[]>`
    SELECT
      count(*) FILTER (WHERE s."pagesFailed" > 0 AND ${IS_NOT_ADVICE})::int AS "issuesFailed",
      count(*) FILTER (WHERE s."pagesManual" > 0)::int AS "issuesManual",
      count(*) FILTER (WHERE s."pagesFailed" > 0 AND ${IS_ADVICE})::int AS "issuesAdvice",
      coalesce(sum(s."pagesManual"), 0)::int AS "toReview",
      coalesce(sum(s."pagesReviewed"), 0)::int AS "reviewed",
      coalesce(sum(s."pagesFailed") FILTER (WHERE ${IS_NOT_ADVICE}), 0)::int AS "occurrencesFailed",
      count(*) FILTER (WHERE s."pagesNew" > 0)::int AS "issuesNew",
      coalesce(sum(s."pagesNew"), 0)::int AS "occurrencesNew",
      count(*) FILTER (WHERE s."pagesFixed" > 0)::int AS "issuesFixed",
      coalesce(sum(s."pagesFixed"), 0)::int AS "occurrencesFixed",
      (array_agg(s."scanId" ORDER BY s."updatedAt" DESC))[1] AS "scanId"
    FROM "IssueSummary" s ${overviewWhere(scope)}`
  return (
    row ?? {
      issuesFailed: 0,
      issuesManual: 0,
      issuesAdvice: 0,
      toReview: 0,
      reviewed: 0,
      occurrencesFailed: 0,
      issuesNew: 0,
      occurrencesNew: 0,
      issuesFixed: 0,
      occurrencesFixed: 0,
      scanId: null,
    }
  )
}

/**
 * Issues failing now (failed or needing review) per level, and their (page, audit) pairs: a Manual-level
 * audit is by nature one that needs review. Advice (best practices, criteria above the site's target) is
 * counted apart (issuesAdvice), not per level.
 */
export function countIssuesByLevel(db: DbClient, scope: IssueScope & { category?: IssueCategory }) {
  return db.$queryRaw<{ level: IssueLevel; issues: number; occurrences: number }[]>`
    SELECT s."issueLevel"::text AS level,
      count(*) FILTER (WHERE s."pagesFailed" + s."pagesManual" > 0)::int AS issues,
      coalesce(sum(s."pagesFailed" + s."pagesManual"), 0)::int AS occurrences
    FROM "IssueSummary" s ${overviewWhere(scope)} AND ${IS_NOT_ADVICE}
    GROUP BY s."issueLevel"`
}
