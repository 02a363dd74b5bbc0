import type { IssueStatusFilter } from '@canopy/contracts'
import { type IssueCategory, type IssueLevel, type IssueOutcome, Prisma } from '../generated/prisma/client.js'
import type { DbClient, SortDirection } from './db-client.js'
import { toContainsPattern } from './db-client.js'
import type { SortColumn, SqlList, SqlSort } from './keyset-list.js'

/** The pages one issue concerns: its PageIssue rows with their lifecycle, joined to the page. */
export interface IssuePagesFilter {
  siteId: string
  sectionId?: string
  category: IssueCategory
  issueId: string
  status: IssueStatusFilter
  /** only the pages on which this element signature fails the audit */
  template?: string
  search?: string
}

export interface IssuePageRow {
  id: string
  pageId: string
  url: string
  title: string | null
  lastScanId: string | null
  issueId: string
  issueLevel: IssueLevel
  outcome: IssueOutcome
  nodeCount: number
  failingSinceAt: Date | null
  failingSinceScanId: string | null
  lastFailedAt: Date | null
  lastFailedScanId: string | null
  fixedAt: Date | null
  fixedInScanId: string | null
  pageViewsLastMonth: number
  category: IssueCategory
  reviewDecision: string | null
}

export type IssuePagesSortKey =
  | 'entryTitle'
  | 'pageTitle'
  | 'nodeCount'
  | 'failingSince'
  | 'modified'
  | 'views'

const ISSUE_PAGE_SORTS: Record<IssuePagesSortKey, SortColumn> = {
  // the page issue's own copy of the URL: the issue's rows are read in its index order, not the site's pages
  entryTitle: { expression: Prisma.sql`pi."pageUrl"`, type: 'text', notNull: true },
  pageTitle: { expression: Prisma.sql`lower(p.title)`, type: 'text' },
  nodeCount: { expression: Prisma.sql`pi."nodeCount"`, type: 'integer', notNull: true },
  failingSince: { expression: Prisma.sql`pi."failingSinceAt"`, type: 'timestamp(3)' },
  modified: { expression: Prisma.sql`p."lastScannedAt"`, type: 'timestamp(3)' },
  views: { expression: Prisma.sql`p."pageViewsLastMonth"`, type: 'integer', notNull: true },
}

export function issuePagesSort(sortBy: IssuePagesSortKey, direction: SortDirection): SqlSort {
  return { ...ISSUE_PAGE_SORTS[sortBy], direction }
}

/**
 * Which pages a status shows: failing now (failed or needing review), failed, needing review, started
 * failing in the page's last scan, or stopped failing in it. A reviewer's decision takes a page out of
 * "needing review": confirmed it counts as failed, dismissed it is in neither (as the roll-up counts them). `issue` is the condition on the page issue
 * alone, `page` the one comparing it with its page's last scan.
 */
const ISSUE_PAGE_STATUS_SQL: Record<IssueStatusFilter, { issue: Prisma.Sql; page?: Prisma.Sql }> = {
  current: {
    issue: Prisma.sql`pi.outcome IN ('failed', 'manual') AND pi."reviewDecision" IS DISTINCT FROM 'dismissed'`,
  },
  failed: { issue: Prisma.sql`pi.outcome = 'failed'` },
  manual: { issue: Prisma.sql`pi.outcome = 'manual' AND pi."reviewDecision" IS NULL` },
  new: {
    issue: Prisma.sql`pi.outcome = 'failed'`,
    page: Prisma.sql`pi."failingSinceScanId" = p."lastScanId"`,
  },
  fixed: {
    issue: Prisma.sql`pi.outcome NOT IN ('failed', 'manual')`,
    page: Prisma.sql`pi."fixedInScanId" = p."lastScanId"`,
  },
}

const ISSUE_PAGE_COLUMNS = Prisma.sql`pi.id, pi."pageId", p.url, p.title, p."lastScanId", pi."issueId",
  pi."issueLevel"::text AS "issueLevel", pi.outcome::text AS outcome, pi."nodeCount",
  pi."failingSinceAt", pi."failingSinceScanId", pi."lastFailedAt", pi."lastFailedScanId",
  pi."fixedAt", pi."fixedInScanId", p."pageViewsLastMonth", pi.category::text AS category,
  pi."reviewDecision"::text AS "reviewDecision"`

/** Conditions on the page issue alone: every filter but the page's search, section and last scan. */
function pageIssueConditions(filter: IssuePagesFilter): Prisma.Sql[] {
  const conditions = [
    Prisma.sql`pi."siteId" = ${filter.siteId}`,
    Prisma.sql`pi.category = CAST(${filter.category} AS "IssueCategory")`,
    Prisma.sql`pi."issueId" = ${filter.issueId}`,
    ISSUE_PAGE_STATUS_SQL[filter.status].issue,
  ]
  if (filter.template) {
    conditions.push(Prisma.sql`pi."elementSignatures" @> ARRAY[${filter.template}]::text[]`)
  }
  return conditions
}

function pageConditions(filter: IssuePagesFilter): Prisma.Sql[] {
  // Stated for the page too, so the planner can walk the page's (siteId, url) index in list order.
  const conditions = [Prisma.sql`p."siteId" = ${filter.siteId}`]
  const lastScan = ISSUE_PAGE_STATUS_SQL[filter.status].page
  if (lastScan) conditions.push(lastScan)
  if (filter.sectionId) {
    conditions.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "SectionPage" sp WHERE sp."pageId" = p.id AND sp."sectionId" = ${filter.sectionId})`,
    )
  }
  if (filter.search) {
    const pattern = toContainsPattern(filter.search)
    conditions.push(Prisma.sql`(p.url ILIKE ${pattern} OR p.title ILIKE ${pattern})`)
  }
  return conditions
}

/**
 * Where the rows come from. A status compared with the page's last scan (new, fixed) matches few of the
 * issue's pages, often none: walking the site's pages in URL order until a page is full would then read
 * every page of the site (24 s at 100k pages). Those read the issue's own rows first (OFFSET 0 keeps the
 * planner from merging the subquery back) and look up only their pages. The other statuses walk the
 * pages in list order, which stops after a page of rows when the issue is common.
 */
function issuePagesSource(filter: IssuePagesFilter): Prisma.Sql {
  const issueRows = Prisma.join(pageIssueConditions(filter), ' AND ')
  const pageRows = Prisma.join(pageConditions(filter), ' AND ')
  // p."siteId" = pi."siteId" is implied, but stated it lets the planner walk the (siteId, url) index in
  // the default sort instead of sorting every page of the site (130 ms instead of 670 ms at 100k pages).
  const join = Prisma.sql`JOIN "Page" p ON p.id = pi."pageId" AND p."siteId" = pi."siteId"`
  if (ISSUE_PAGE_STATUS_SQL[filter.status].page) {
    return Prisma.sql`FROM (SELECT * FROM "PageIssue" pi WHERE ${issueRows} OFFSET 0) pi ${join}
      WHERE ${pageRows}`
  }
  return Prisma.sql`FROM "PageIssue" pi ${join} WHERE ${issueRows} AND ${pageRows}`
}

export function issuePagesList(filter: IssuePagesFilter): SqlList {
  const lastScan = ISSUE_PAGE_STATUS_SQL[filter.status].page
  // Every page issue has its page: without a page condition the count needs no join.
  const pageIssueOnly = !filter.sectionId && !filter.search && !lastScan
  return {
    columns: ISSUE_PAGE_COLUMNS,
    from: issuePagesSource(filter),
    id: Prisma.sql`pi.id`,
    countFrom: pageIssueOnly
      ? Prisma.sql`FROM "PageIssue" pi WHERE ${Prisma.join(pageIssueConditions(filter), ' AND ')}`
      : undefined,
  }
}

const userNameSelect = { id: true, firstName: true, lastName: true } satisfies Prisma.UserSelect

/** The assignments and linked tickets of one issue on these pages, in two queries. */
export async function findIssueAssignmentsAndTickets(
  db: DbClient,
  { siteId, issueId, pageIds }: { siteId: string; issueId: string; pageIds: string[] },
) {
  if (pageIds.length === 0) return { assignments: [], tickets: [] }
  const where = { siteId, issueId, pageId: { in: pageIds } }
  const [assignments, tickets] = await Promise.all([
    db.issueAssignment.findMany({
      where,
      include: { assignedTo: { select: userNameSelect }, assignedBy: { select: userNameSelect } },
    }),
    db.issueTicket.findMany({ where, select: { pageId: true, ticketId: true, ticketUrl: true } }),
  ])
  return { assignments, tickets }
}
