import { z } from 'zod'
import { IssueCategorySchema } from './audits.js'
import { ReviewDecisionSchema } from './wcag.js'

/**
 * A reviewer's decision on an accessibility result that needs review, on one page:
 * PUT /api/v1/sites/:slug/pages/:pageId/issues/:issueId/review records it (site administrators and members
 * who may see the page), DELETE reopens it. It stands across scans while the result still needs review:
 * confirmed counts as failed, dismissed no longer counts as to review.
 */
export const REVIEW_MESSAGES = {
  reasonRequired: 'Give a reason for dismissing it.',
  notReviewable: 'Only a result that needs review can be confirmed or dismissed.',
  saved: 'Your decision has been saved.',
  reopened: 'The result is back to review.',
} as const

export const IssueReviewBodySchema = z
  .object({
    decision: ReviewDecisionSchema,
    reason: z.string().trim().max(1000, { error: 'Keep the reason under 1,000 characters.' }).optional(),
  })
  .refine((body) => body.decision !== 'dismissed' || Boolean(body.reason), {
    path: ['reason'],
    message: REVIEW_MESSAGES.reasonRequired,
  })
export type IssueReviewBody = z.infer<typeof IssueReviewBodySchema>

export const IssueReviewParamsSchema = z.object({
  pageId: z.string().min(1).max(100),
  issueId: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,200}$/, { error: 'Enter an issue id: letters, digits, ., :, - or _.' }),
})

/** ?category= of the review routes: the spec's category names; absent means accessibility. */
export const IssueReviewQuerySchema = z.object({ category: IssueCategorySchema.default('accessibility') })
export type IssueReviewQuery = z.infer<typeof IssueReviewQuerySchema>

export const IssueReviewSchema = z.object({
  decision: ReviewDecisionSchema,
  reason: z.string().nullable(),
  /** ISO 8601 */
  decidedAt: z.string(),
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
})
export type IssueReview = z.infer<typeof IssueReviewSchema>

/** ?conformance= on the accessibility issue lists: failures of the site's target, advice, or both. */
export const CONFORMANCE_FILTERS = ['all', 'failure', 'advice'] as const
export const ConformanceFilterSchema = z.enum(CONFORMANCE_FILTERS, {
  error: `Choose: ${CONFORMANCE_FILTERS.join(', ')}.`,
})
export type ConformanceFilter = z.infer<typeof ConformanceFilterSchema>
