import { type AssignedIssue, type Assignee, avatarUrl } from '@canopy/contracts'
import type { IssueAssignmentRow, PageIssue } from '@canopy/db'
import { toWireCategory } from '../services/list-scope.js'
import { presentAssignment, presentDetails } from './scan-page.js'

function presentPerson(user: { id: string; firstName: string; lastName: string }): Assignee {
  return { id: user.id, firstName: user.firstName, lastName: user.lastName, avatarUrl: avatarUrl(user.id) }
}

/** An assignment with the issue as the page's last scan left it (the assignment's own id when gone). */
export function presentAssignedIssue(row: IssueAssignmentRow, issue: PageIssue | undefined): AssignedIssue {
  const details = issue ? presentDetails(issue.details) : null
  return {
    issueId: row.issueId,
    pageId: row.pageId,
    pageTitle: row.page.title,
    pageUrl: row.page.url,
    title: issue?.title ?? row.issueId,
    category: toWireCategory(row.category),
    issueDescription: issue?.description ?? '',
    issueDetails: details ? JSON.stringify(details) : null,
    issueLevel: issue?.issueLevel ?? 'Error',
    assignee: row.assignedTo ? presentPerson(row.assignedTo) : null,
    assigner: presentPerson(row.assignedBy),
    createdAt: row.createdAt.toISOString(),
    assignment: presentAssignment(row),
  }
}

/** The rows of a page of assignments, each with its issue. */
export function presentAssignedIssues(rows: IssueAssignmentRow[], issues: PageIssue[]): AssignedIssue[] {
  const key = (pageId: string, issueId: string) => `${pageId} ${issueId}`
  const byKey = new Map(issues.map((issue) => [key(issue.pageId, issue.issueId), issue]))
  return rows.map((row) => presentAssignedIssue(row, byKey.get(key(row.pageId, row.issueId))))
}
