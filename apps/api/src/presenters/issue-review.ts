import type { IssueReview } from '@canopy/contracts'
import type { IssueReviewRow } from '@canopy/db'

export function presentIssueReview(row: IssueReviewRow): IssueReview {
  return {
    decision: row.decision,
    reason: row.reason,
    decidedAt: row.decidedAt.toISOString(),
    decidedBy: row.user
      ? { id: row.user.id, name: `${row.user.firstName} ${row.user.lastName}`.trim() }
      : null,
  }
}

/** The decision on one audit of a page, when one applies to the page's result (PageIssue.reviewDecision). */
export function presentAppliedReview(
  reviews: readonly IssueReviewRow[],
  issue: Pick<IssueReviewRow, 'pageId' | 'category' | 'issueId'> & { reviewDecision: string | null },
): IssueReview | null {
  if (!issue.reviewDecision) return null
  const row = reviews.find(
    (review) =>
      review.pageId === issue.pageId &&
      review.category === issue.category &&
      review.issueId === issue.issueId,
  )
  return row ? presentIssueReview(row) : null
}
