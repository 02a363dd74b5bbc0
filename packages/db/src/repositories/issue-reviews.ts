import type { IssueCategory, PageIssue, Prisma, ReviewDecision } from '../generated/prisma/client.js'
import { type DbClient, runInTransaction } from './db-client.js'
import { rebuildIssueSummaries } from './issue-rollups.js'

/**
 * Reviewers' decisions on results that need review, one per page, category and audit (IssueReview), and
 * their effect on the page's result (PageIssue.reviewDecision): confirmed, the result is stored as failed
 * and counts as failing; dismissed, it stays a result needing review that counts neither as failing nor as
 * to review. The worker applies the recorded decision again at every scan (page-issues.ts) while the
 * engines still say "needs review"; the issue's summaries are recounted at once here.
 */

export interface IssueReviewKey {
  siteId: string
  pageId: string
  category: IssueCategory
  issueId: string
}

const reviewInclude = {
  user: { select: { id: true, firstName: true, lastName: true } },
} satisfies Prisma.IssueReviewInclude

export type IssueReviewRow = Prisma.IssueReviewGetPayload<{ include: typeof reviewInclude }>

/** The page's latest result of the audit, or null when the page (of this site) has none. */
export function findReviewablePageIssue(db: DbClient, key: IssueReviewKey) {
  return db.pageIssue.findFirst({
    where: { siteId: key.siteId, pageId: key.pageId, category: key.category, issueId: key.issueId },
  })
}

/** The reviews of one page's audits (the page detail). */
export function listPageIssueReviews(db: DbClient, { siteId, pageId }: { siteId: string; pageId: string }) {
  return db.issueReview.findMany({ where: { siteId, pageId }, include: reviewInclude })
}

/** The reviews of one audit on these pages (the issue's pages list). */
export function listIssueReviewsOfPages(
  db: DbClient,
  { siteId, category, issueId, pageIds }: Omit<IssueReviewKey, 'pageId'> & { pageIds: string[] },
) {
  if (pageIds.length === 0) return Promise.resolve([])
  return db.issueReview.findMany({
    where: { siteId, category, issueId, pageId: { in: pageIds } },
    include: reviewInclude,
  })
}

type LifecycleChange = Pick<
  Prisma.PageIssueUncheckedUpdateInput,
  'failingSinceAt' | 'failingSinceScanId' | 'lastFailedAt' | 'lastFailedScanId' | 'fixedAt' | 'fixedInScanId'
>

/** A confirmed result starts failing now, in the scan that last saw it; the stretch a confirmation began ends with it. */
function lifecycleFor(row: PageIssue, failing: boolean, at: Date): LifecycleChange {
  const wasFailing = row.outcome === 'failed'
  if (failing && !wasFailing) {
    return {
      failingSinceAt: at,
      failingSinceScanId: row.scanId,
      lastFailedAt: at,
      lastFailedScanId: row.scanId,
      fixedAt: null,
      fixedInScanId: null,
    }
  }
  if (!failing && wasFailing) {
    return { failingSinceAt: null, failingSinceScanId: null, lastFailedAt: null, lastFailedScanId: null }
  }
  return {}
}

/** The page's result as the decision leaves it (a decision of null reopens it for review). */
function applyDecision(db: DbClient, row: PageIssue, decision: ReviewDecision | null, at: Date) {
  const failing = decision === 'confirmed'
  return db.pageIssue.update({
    where: { id: row.id },
    data: {
      outcome: failing ? 'failed' : 'manual',
      reviewDecision: decision,
      ...(failing ? {} : { elementSignatures: [] }),
      ...lifecycleFor(row, failing, at),
    },
  })
}

/**
 * Records (or changes) the decision on a result that needs review, applies it to the page's result and
 * recounts the audit's summaries, all or nothing. The caller checks the result is reviewable.
 */
export function saveIssueReview(
  db: DbClient,
  row: PageIssue,
  input: { decision: ReviewDecision; reason: string | null; userId: string },
): Promise<IssueReviewRow> {
  const at = new Date()
  const key = { pageId: row.pageId, category: row.category, issueId: row.issueId }
  const values = { ...input, decidedAt: at }
  return runInTransaction(db, async (tx) => {
    const review = await tx.issueReview.upsert({
      where: { pageId_category_issueId: key },
      create: { siteId: row.siteId, ...key, ...values },
      update: values,
      include: reviewInclude,
    })
    await applyDecision(tx, row, input.decision, at)
    await rebuildIssueSummaries(tx, { siteId: row.siteId, category: row.category, issueId: row.issueId })
    return review
  })
}

/**
 * Deletes the decision: a result it applied to needs review again. Returns whether there was one.
 * A decision recorded but no longer applying (the result now passes or fails by itself) just goes.
 */
export function deleteIssueReview(db: DbClient, key: IssueReviewKey): Promise<boolean> {
  return runInTransaction(db, async (tx) => {
    const { count } = await tx.issueReview.deleteMany({
      where: { siteId: key.siteId, pageId: key.pageId, category: key.category, issueId: key.issueId },
    })
    const row = await findReviewablePageIssue(tx, key)
    if (row?.reviewDecision) {
      await applyDecision(tx, row, null, new Date())
      await rebuildIssueSummaries(tx, { siteId: key.siteId, category: key.category, issueId: key.issueId })
    }
    return count > 0
  })
}
