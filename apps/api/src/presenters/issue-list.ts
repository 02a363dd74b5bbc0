import type { IssueListItem, IssuePageItem, IssuesOverview, IssueTemplate, ScanRef } from '@canopy/contracts'
import type {
  IssueAssignment,
  IssueLevel,
  IssueOverviewTotals,
  IssuePageRow,
  IssueReviewRow,
  IssueSummaryRow,
  IssueTemplate as IssueTemplateRow,
} from '@canopy/db'
import type { ExportColumn } from '../lib/list-export.js'
import { toWireCategory } from '../services/list-scope.js'
import { presentAppliedReview } from './issue-review.js'
import {
  type PageDetailContext,
  presentAccessibilityFacts,
  presentAssignment,
  presentIssueLifecycle,
} from './scan-page.js'

type ScanRefs = PageDetailContext['scans']

export function presentIssueListItem(row: IssueSummaryRow, templateCount: number): IssueListItem {
  return {
    id: row.issueId,
    category: toWireCategory(row.category),
    title: row.title,
    description: row.description,
    issueLevel: row.issueLevel,
    wcag: row.wcagCriteria,
    results: { totalCount: row.pagesFailed },
    pagesManual: row.pagesManual,
    nodesFailed: row.nodesFailed,
    pagesNew: row.pagesNew,
    pagesFixed: row.pagesFixed,
    firstSeen: row.firstSeenAt?.toISOString() ?? null,
    templateCount,
    ...presentSummaryAccessibility(row),
    pagesReviewed: row.pagesReviewed,
  }
}

/** A roll-up row's conformance and engine credit, as the page detail presents a page's. */
function presentSummaryAccessibility(
  row: Pick<IssueSummaryRow, 'conformance' | 'engines'>,
): Pick<IssueListItem, 'conformance' | 'engines'> {
  const { conformance, engines } = presentAccessibilityFacts({ ...row, actRules: [] })
  return { conformance, engines }
}

export const ISSUE_EXPORT_COLUMNS: ExportColumn<IssueListItem>[] = [
  { header: 'id', value: (item) => item.id },
  { header: 'category', value: (item) => item.category },
  { header: 'title', value: (item) => item.title },
  { header: 'issueLevel', value: (item) => item.issueLevel },
  { header: 'wcag', value: (item) => item.wcag.join(' ') },
  { header: 'totalCount', value: (item) => item.results.totalCount },
  { header: 'pagesManual', value: (item) => item.pagesManual },
  { header: 'nodesFailed', value: (item) => item.nodesFailed },
  { header: 'pagesNew', value: (item) => item.pagesNew },
  { header: 'pagesFixed', value: (item) => item.pagesFixed },
  { header: 'firstSeen', value: (item) => item.firstSeen },
  { header: 'templateCount', value: (item) => item.templateCount },
  { header: 'conformance', value: (item) => item.conformance },
  { header: 'engines', value: (item) => item.engines.join(' ') },
  { header: 'pagesReviewed', value: (item) => item.pagesReviewed },
]

/** A template problem, named by the issue it belongs to (its title and level from the roll-up). */
export function presentIssueTemplate(
  row: IssueTemplateRow,
  issue: { title: string; issueLevel: IssueLevel } | undefined,
): IssueTemplate {
  return {
    issueId: row.issueId,
    category: toWireCategory(row.category),
    title: issue?.title ?? row.issueId,
    issueLevel: issue?.issueLevel ?? 'Error',
    signature: row.signature,
    selector: row.selector,
    snippet: row.snippet,
    pageCount: row.pageCount,
    clearsPages: row.clearsPages,
  }
}

export function presentScanRefById(scans: ScanRefs, scanId: string | null): ScanRef | null {
  if (!scanId) return null
  const scan = scans.get(scanId)
  return { id: scanId, number: scan?.number ?? null, finishedAt: scan?.finishedAt?.toISOString() ?? null }
}

const LEVELS: IssueLevel[] = ['A', 'AA', 'AAA', 'Error', 'Manual']

export function presentIssuesOverview({
  totals,
  byLevel,
  templates,
  scans,
}: {
  totals: IssueOverviewTotals
  byLevel: { level: IssueLevel; issues: number; occurrences: number }[]
  templates: IssueTemplate[]
  scans: ScanRefs
}): IssuesOverview {
  const { scanId, toReview, reviewed, ...counts } = totals
  return {
    scan: presentScanRefById(scans, scanId),
    ...counts,
    reviews: { toReview, reviewed },
    byLevel: LEVELS.map((level) => {
      const found = byLevel.find((row) => row.level === level)
      return { level, issues: found?.issues ?? 0, occurrences: found?.occurrences ?? 0 }
    }),
    templates,
  }
}

type AssignmentRow = Parameters<typeof presentAssignment>[0] & Pick<IssueAssignment, 'pageId'>

export interface IssuePagesContext {
  scans: ScanRefs
  assignments: AssignmentRow[]
  tickets: { pageId: string; ticketId: string; ticketUrl: string }[]
  reviews: IssueReviewRow[]
}

function presentIssuePageStatus(outcome: IssuePageRow['outcome']): IssuePageItem['status'] {
  if (outcome === 'failed') return 'failed'
  if (outcome === 'manual') return 'manual'
  return 'fixed'
}

export function presentIssuePageItem(row: IssuePageRow, context: IssuePagesContext): IssuePageItem {
  const assignment = context.assignments.find((candidate) => candidate.pageId === row.pageId)
  const ticket = context.tickets.find((candidate) => candidate.pageId === row.pageId)
  return {
    sys: { id: row.pageId },
    pageTitle: row.title,
    entryTitle: row.url,
    issueId: row.issueId,
    issueLevel: row.issueLevel,
    status: presentIssuePageStatus(row.outcome),
    nodeCount: row.nodeCount,
    lifecycle: presentIssueLifecycle(row, context.scans, row.lastScanId),
    assignment: assignment ? presentAssignment(assignment) : null,
    linkedJiraIssue: ticket ? { ticketId: ticket.ticketId, ticketUrl: ticket.ticketUrl } : null,
    views: row.pageViewsLastMonth,
    review: presentAppliedReview(context.reviews, row),
  }
}

export const ISSUE_PAGE_EXPORT_COLUMNS: ExportColumn<IssuePageItem>[] = [
  { header: 'pageId', value: (item) => item.sys.id },
  { header: 'pageTitle', value: (item) => item.pageTitle },
  { header: 'entryTitle', value: (item) => item.entryTitle },
  { header: 'issueId', value: (item) => item.issueId },
  { header: 'issueLevel', value: (item) => item.issueLevel },
  { header: 'status', value: (item) => item.status },
  { header: 'nodeCount', value: (item) => item.nodeCount },
  { header: 'failingSince', value: (item) => item.lifecycle.failingSince?.finishedAt },
  { header: 'failingSinceScan', value: (item) => item.lifecycle.failingSince?.number },
  { header: 'lastFailed', value: (item) => item.lifecycle.lastFailed?.finishedAt },
  { header: 'fixedInScan', value: (item) => item.lifecycle.fixedIn?.number },
  { header: 'isNew', value: (item) => item.lifecycle.isNew },
  { header: 'assignedTo', value: (item) => item.assignment?.assignedToName },
  { header: 'ticketUrl', value: (item) => item.linkedJiraIssue?.ticketUrl },
  { header: 'views', value: (item) => item.views },
  { header: 'review', value: (item) => item.review?.decision },
]
