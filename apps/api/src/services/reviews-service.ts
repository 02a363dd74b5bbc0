import {
  type IssueCategory,
  type IssueReview,
  type IssueReviewBody,
  REVIEW_MESSAGES,
} from '@canopy/contracts'
import {
  deleteIssueReview,
  findReviewablePageIssue,
  findSitePageFiles,
  type IssueReviewKey,
  type PrismaClient,
  saveIssueReview,
} from '@canopy/db'
import { conflict, notFound } from '../http-errors.js'
import { presentIssueReview } from '../presenters/issue-review.js'
import { ISSUE_NOT_FOUND_MESSAGE } from './issues-service.js'
import { toDbCategory } from './list-scope.js'
import { PAGE_NOT_FOUND_MESSAGE } from './scan-artifacts-service.js'

/**
 * Reviewers' decisions on results that need review: confirm one as failed, or dismiss it with a reason.
 * Only a result the engines could not decide ('manual'), or one already decided, takes a decision; it
 * stands across scans while the engines still cannot decide (page-issues.ts applies it at every scan).
 */

export interface ReviewTarget {
  siteId: string
  pageId: string
  issueId: string
  category: IssueCategory
}

async function assertSitePage(prisma: PrismaClient, { siteId, pageId }: ReviewTarget): Promise<void> {
  if (!(await findSitePageFiles(prisma, { siteId, pageId }))) throw notFound(PAGE_NOT_FOUND_MESSAGE)
}

const reviewKey = (target: ReviewTarget): IssueReviewKey => ({
  siteId: target.siteId,
  pageId: target.pageId,
  issueId: target.issueId,
  category: toDbCategory(target.category),
})

export async function decideIssueReview(
  prisma: PrismaClient,
  target: ReviewTarget & { userId: string },
  body: IssueReviewBody,
): Promise<IssueReview> {
  await assertSitePage(prisma, target)
  const row = await findReviewablePageIssue(prisma, reviewKey(target))
  if (!row) throw notFound(ISSUE_NOT_FOUND_MESSAGE)
  if (row.outcome !== 'manual' && !row.reviewDecision)
    throw conflict('decision', REVIEW_MESSAGES.notReviewable)
  const review = await saveIssueReview(prisma, row, {
    decision: body.decision,
    reason: body.reason || null,
    userId: target.userId,
  })
  return presentIssueReview(review)
}

/**
 * Deletes the decision and reopens the result for review; answers the same whether or not one was recorded
 * (a decision on a result the page no longer has can be deleted too).
 */
export async function reopenIssueReview(prisma: PrismaClient, target: ReviewTarget): Promise<void> {
  await assertSitePage(prisma, target)
  await deleteIssueReview(prisma, reviewKey(target))
}
