import {
  type ExportFormat,
  ISSUE_LIST_DEFAULT_SORT,
  ISSUE_PAGES_DEFAULT_SORT,
  type IssueDetail,
  type IssueListItem,
  type IssuePageItem,
  type IssuePagesQuery,
  type IssueQuery,
  type IssuesOverview,
  type IssuesOverviewQuery,
  type IssuesQuery,
  type IssueTemplate,
  type PagedList,
} from '@canopy/contracts'
import {
  countIssuesByLevel,
  countIssueTemplates,
  findIssueAssignmentsAndTickets,
  findIssueSummary,
  findIssueSummaryTitles,
  findScanRefs,
  type IssueCategory,
  type IssuePageRow,
  type IssueScope,
  type IssueSummaryRow,
  issueList,
  issueListSort,
  issuePagesList,
  issuePagesSort,
  iterateListBatches,
  listIssueReviewsOfPages,
  listIssueTemplates,
  type PrismaClient,
  sumIssueOverview,
} from '@canopy/db'
import { notFound } from '../http-errors.js'
import { type ListExport, mapBatches } from '../lib/list-export.js'
import {
  ISSUE_EXPORT_COLUMNS,
  ISSUE_PAGE_EXPORT_COLUMNS,
  presentIssueListItem,
  presentIssuePageItem,
  presentIssuesOverview,
  presentIssueTemplate,
  presentScanRefById,
} from '../presenters/issue-list.js'
import {
  chooseSort,
  EXPORT_BATCH_SIZE,
  findPresentedPage,
  resolveSectionScope,
  searchTerm,
  toDbCategory,
} from './list-scope.js'

/**
 * A site's issues from the roll-ups the worker rebuilds at each scan's end: the issue list, the dashboard
 * overview, one issue with its template problems, and the pages one issue concerns.
 */
export const ISSUE_NOT_FOUND_MESSAGE = 'No issue could be found with this name.'

async function issueScope(prisma: PrismaClient, siteId: string, sectionId: string | undefined) {
  return { siteId, sectionId: await resolveSectionScope(prisma, siteId, sectionId) }
}

type IssuesFilterQuery = Omit<IssuesQuery, 'page' | 'pageSize'>

async function issueListOf(prisma: PrismaClient, siteId: string, query: IssuesFilterQuery) {
  const { sortBy, sortDir } = chooseSort(query, ISSUE_LIST_DEFAULT_SORT)
  const scope = await issueScope(prisma, siteId, query.sectionId)
  const category = toDbCategory(query.category)
  const list = issueList({
    ...scope,
    category,
    status: query.status,
    level: query.level,
    search: searchTerm(query.search),
    conformance: query.conformance,
  })
  return { scope, category, list, sort: issueListSort(sortBy, sortDir) }
}

async function presentIssueRows(
  prisma: PrismaClient,
  scope: IssueScope & { category: IssueCategory },
  rows: IssueSummaryRow[],
): Promise<IssueListItem[]> {
  const templates = await countIssueTemplates(prisma, { ...scope, issueIds: rows.map((row) => row.issueId) })
  return rows.map((row) => presentIssueListItem(row, templates.get(row.issueId) ?? 0))
}

export async function listIssues(
  prisma: PrismaClient,
  siteId: string,
  query: IssuesQuery,
): Promise<PagedList<IssueListItem>> {
  const { scope, category, list, sort } = await issueListOf(prisma, siteId, query)
  return findPresentedPage(
    prisma,
    { list, sort },
    query,
    async (rows: IssueSummaryRow[]) => await presentIssueRows(prisma, { ...scope, category }, rows),
  )
}

export async function exportIssues(
  prisma: PrismaClient,
  access: { siteId: string; slug: string },
  query: IssuesFilterQuery & { format: ExportFormat },
): Promise<ListExport<IssueListItem>> {
  const { scope, category, list, sort } = await issueListOf(prisma, access.siteId, query)
  const batches = iterateListBatches<IssueSummaryRow>(prisma, list, sort, EXPORT_BATCH_SIZE)
  return {
    filename: `${access.slug}-issues-${query.category}-${query.status}`,
    columns: ISSUE_EXPORT_COLUMNS,
    batches: mapBatches(batches, (rows) => presentIssueRows(prisma, { ...scope, category }, rows)),
  }
}

/** Template rows named by their issues' titles and levels (one query for all of them). */
async function presentTemplates(
  prisma: PrismaClient,
  scope: IssueScope,
  rows: Awaited<ReturnType<typeof listIssueTemplates>>,
): Promise<IssueTemplate[]> {
  const titles = await findIssueSummaryTitles(prisma, {
    ...scope,
    keys: rows.map(({ category, issueId }) => ({ category, issueId })),
  })
  return rows.map((row) =>
    presentIssueTemplate(
      row,
      titles.find((title) => title.category === row.category && title.issueId === row.issueId),
    ),
  )
}

export async function getIssuesOverview(
  prisma: PrismaClient,
  siteId: string,
  query: IssuesOverviewQuery,
): Promise<IssuesOverview> {
  const scope = await issueScope(prisma, siteId, query.sectionId)
  const category = query.category ? toDbCategory(query.category) : undefined
  const [totals, byLevel, templateRows] = await Promise.all([
    sumIssueOverview(prisma, { ...scope, category }),
    countIssuesByLevel(prisma, { ...scope, category }),
    listIssueTemplates(prisma, { ...scope, category }),
  ])
  const [templates, scans] = await Promise.all([
    presentTemplates(prisma, scope, templateRows),
    findScanRefs(prisma, [totals.scanId]),
  ])
  return presentIssuesOverview({ totals, byLevel, templates, scans })
}

export async function getIssue(
  prisma: PrismaClient,
  siteId: string,
  issueName: string,
  query: IssueQuery,
): Promise<IssueDetail> {
  const scope = await issueScope(prisma, siteId, query.sectionId)
  const category = toDbCategory(query.category)
  const summary = await findIssueSummary(prisma, { ...scope, category, issueId: issueName })
  if (!summary) throw notFound(ISSUE_NOT_FOUND_MESSAGE)
  const [templateRows, scans] = await Promise.all([
    listIssueTemplates(prisma, { ...scope, category, issueId: issueName, take: 50 }),
    findScanRefs(prisma, [summary.scanId]),
  ])
  const templates = templateRows.map((row) => presentIssueTemplate(row, summary))
  return {
    ...presentIssueListItem(summary, templates.length),
    scan: presentScanRefById(scans, summary.scanId),
    templates,
  }
}

type IssuePagesFilterQuery = Omit<IssuePagesQuery, 'page' | 'pageSize'>

async function issuePagesOf(
  prisma: PrismaClient,
  siteId: string,
  issueName: string,
  query: IssuePagesFilterQuery,
) {
  const { sortBy, sortDir } = chooseSort(query, ISSUE_PAGES_DEFAULT_SORT)
  const scope = await issueScope(prisma, siteId, query.sectionId)
  const list = issuePagesList({
    ...scope,
    category: toDbCategory(query.category),
    issueId: issueName,
    status: query.status,
    template: query.template,
    search: searchTerm(query.search),
  })
  return { list, sort: issuePagesSort(sortBy, sortDir) }
}

/** Rows → items with their lifecycle scans, assignments, tickets and reviews, in four queries for the batch. */
async function presentIssuePageRows(
  prisma: PrismaClient,
  { siteId, issueId, category }: { siteId: string; issueId: string; category: IssueCategory },
  rows: IssuePageRow[],
): Promise<IssuePageItem[]> {
  const pageIds = rows.map((row) => row.pageId)
  const scanIds = rows.flatMap((row) => [row.failingSinceScanId, row.lastFailedScanId, row.fixedInScanId])
  const [scans, { assignments, tickets }, reviews] = await Promise.all([
    findScanRefs(prisma, scanIds),
    findIssueAssignmentsAndTickets(prisma, { siteId, issueId, pageIds }),
    listIssueReviewsOfPages(prisma, { siteId, category, issueId, pageIds }),
  ])
  return rows.map((row) => presentIssuePageItem(row, { scans, assignments, tickets, reviews }))
}

export async function listIssuePages(
  prisma: PrismaClient,
  siteId: string,
  issueName: string,
  query: IssuePagesQuery,
): Promise<PagedList<IssuePageItem>> {
  const { list, sort } = await issuePagesOf(prisma, siteId, issueName, query)
  const issue = { siteId, issueId: issueName, category: toDbCategory(query.category) }
  return findPresentedPage(prisma, { list, sort }, query, (rows: IssuePageRow[]) =>
    presentIssuePageRows(prisma, issue, rows),
  )
}

export async function exportIssuePages(
  prisma: PrismaClient,
  access: { siteId: string; slug: string },
  issueName: string,
  query: IssuePagesFilterQuery & { format: ExportFormat },
): Promise<ListExport<IssuePageItem>> {
  const { list, sort } = await issuePagesOf(prisma, access.siteId, issueName, query)
  const batches = iterateListBatches<IssuePageRow>(prisma, list, sort, EXPORT_BATCH_SIZE)
  return {
    filename: `${access.slug}-${issueName}-pages-${query.status}`,
    columns: ISSUE_PAGE_EXPORT_COLUMNS,
    batches: mapBatches(batches, (rows) =>
      presentIssuePageRows(
        prisma,
        { siteId: access.siteId, issueId: issueName, category: toDbCategory(query.category) },
        rows,
      ),
    ),
  }
}
