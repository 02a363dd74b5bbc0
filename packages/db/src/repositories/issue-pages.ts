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
}

export type IssuePagesSortKey = 'entryTitle' | 'pageTitle' | 'nodeCount' | 'failingSince' | 'modified'

const ISSUE_PAGE_SORTS: Record<IssuePagesSortKey, SortColumn> = {
  entryTitle: { expression: Prisma.sql`p.url`, type: 'text', notNull: true },
  pageTitle: { expression: Prisma.sql`lower(p.title)`, type: 'text' },
  nodeCount: { expression: Prisma.sql`pi."nodeCount"`, type: 'integer', notNull: true },
  failingSince: { expression: Prisma.sql`pi."failingSinceAt"`, type: 'timestamp(3)' },
  modified: { expression: Prisma.sql`p."lastScannedAt"`, type: 'timestamp(3)' },
}

export function issuePagesSort(sortBy: IssuePagesSortKey, direction: SortDirection): SqlSort {
  return { ...ISSUE_PAGE_SORTS[sortBy], direction }
}

/**
 * Which pages a status shows: failing now (failed or needing review), failed, needing review, started
 * failing in the page's last scan, or stopped failing in it.
 */
const ISSUE_PAGE_STATUS_SQL: Record<IssueStatusFilter, Prisma.Sql> = {
  current: Prisma.sql`pi.outcome IN ('failed', 'manual')`,
  failed: Prisma.sql`pi.outcome = 'failed'`,
  manual: Prisma.sql`pi.outcome = 'manual'`,
  new: Prisma.sql`pi.outcome = 'failed' AND pi."failingSinceScanId" = p."lastScanId"`,
  fixed: Prisma.sql`pi.outcome NOT IN ('failed', 'manual') AND pi."fixedInScanId" = p."lastScanId"`,
}

const ISSUE_PAGE_COLUMNS = Prisma.sql`pi.id, pi."pageId", p.url, p.title, p."lastScanId", pi."issueId",
  pi."issueLevel"::text AS "issueLevel", pi.outcome::text AS outcome, pi."nodeCount",
  pi."failingSinceAt", pi."failingSinceScanId", pi."lastFailedAt", pi."lastFailedScanId",
  pi."fixedAt", pi."fixedInScanId"`

/** Conditions on the page issue alone: every filter but the page's search, section and last scan. */
function pageIssueConditions(filter: IssuePagesFilter): Prisma.Sql[] {
  const conditions = [
    Prisma.sql`pi."siteId" = ${filter.siteId}`,
    Prisma.sql`pi.category = CAST(${filter.category} AS "IssueCategory")`,
    Prisma.sql`pi."issueId" = ${filter.issueId}`,
  ]
  if (filter.template) {
    conditions.push(Prisma.sql`pi."elementSignatures" @> ARRAY[${filter.template}]::text[]`)
  }
  return conditions
}

/** Statuses decided by the page issue alone; new and fixed compare it with the page's last scan. */
const PAGE_ISSUE_ONLY_STATUSES = new Set<IssueStatusFilter>(['current', 'failed', 'manual'])

export function issuePagesList(filter: IssuePagesFilter): SqlList {
  const conditions = [
    ...pageIssueConditions(filter),
    // Stated for the page too, so the planner can walk the page's (siteId, url) index in list order.
    Prisma.sql`p."siteId" = ${filter.siteId}`,
    ISSUE_PAGE_STATUS_SQL[filter.status],
  ]
  if (filter.sectionId) {
    conditions.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "SectionPage" sp WHERE sp."pageId" = p.id AND sp."sectionId" = ${filter.sectionId})`,
    )
  }
  if (filter.search) {
    const pattern = toContainsPattern(filter.search)
    conditions.push(Prisma.sql`(p.url ILIKE ${pattern} OR p.title ILIKE ${pattern})`)
  }
  // Every page issue has its page: without a page condition the count needs no join.
  const pageIssueOnly = !filter.sectionId && !filter.search && PAGE_ISSUE_ONLY_STATUSES.has(filter.status)
  return {
    columns: ISSUE_PAGE_COLUMNS,
    // p."siteId" = pi."siteId" is implied, but stated it lets the planner walk the (siteId, url) index in
    // the default sort instead of sorting every page of the site (130 ms instead of 670 ms at 100k pages).
    from: Prisma.sql`FROM "PageIssue" pi JOIN "Page" p ON p.id = pi."pageId" AND p."siteId" = pi."siteId"
      WHERE ${Prisma.join(conditions, ' AND ')}`,
    id: Prisma.sql`pi.id`,
    countFrom: pageIssueOnly
      ? Prisma.sql`FROM "PageIssue" pi
        WHERE ${Prisma.join([...pageIssueConditions(filter), ISSUE_PAGE_STATUS_SQL[filter.status]], ' AND ')}`
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
