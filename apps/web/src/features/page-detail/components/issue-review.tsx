import type { AuditIssue, IssueReview, ReviewDecision, ReviewGuidance } from '@canopy/contracts'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { ACCESSIBILITY_UI } from '@/config/accessibility-messages'
import { readFieldErrors } from '@/lib/field-errors'
import { formatDateTime } from '@/lib/format-values'
import { useReopenIssue, useReviewIssue } from '../api/review-issue'
import styles from './page-detail.module.css'

const TEXT = ACCESSIBILITY_UI.review
const REASON_MAX = 1000

/** What to check, how, the WCAG techniques and the Understanding page: what a reviewer needs to decide. */
function ReviewGuidanceView({ guidance }: { guidance: ReviewGuidance | null }) {
  if (!guidance) return <p>{TEXT.noGuidance}</p>
  return (
    <dl className={styles.guidance}>
      <dt>{TEXT.toDecide}</dt>
      <dd>{guidance.check}</dd>
      <dt>{TEXT.how}</dt>
      <dd>{guidance.how}</dd>
      {guidance.techniques.length > 0 ? (
        <>
          <dt>{TEXT.techniques}</dt>
          <dd>
            <ul className={styles.techniques}>
              {guidance.techniques.map((technique) => (
                <li key={technique.id}>
                  <a href={technique.url} target="_blank" rel="noreferrer noopener">
                    {technique.id}: {technique.title}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </dd>
        </>
      ) : null}
      {guidance.understandingUrl ? (
        <dd>
          <a href={guidance.understandingUrl} target="_blank" rel="noreferrer noopener">
            {TEXT.understanding}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </dd>
      ) : null}
    </dl>
  )
}

/** The recorded decision: what, who, when and why, with Reopen for those who may review. */
function RecordedDecision({
  review,
  issueTitle,
  canReview,
  onReopen,
  isPending,
}: {
  review: IssueReview
  issueTitle: string
  canReview: boolean
  onReopen: () => void
  isPending: boolean
}) {
  return (
    <div className={styles.decision}>
      <p>
        <strong>{review.decision === 'confirmed' ? TEXT.confirmed : TEXT.dismissed}</strong>{' '}
        {TEXT.decidedBy(review.decidedBy?.name ?? null, formatDateTime(review.decidedAt))}
      </p>
      {review.reason ? <blockquote className={styles.reason}>{review.reason}</blockquote> : null}
      {canReview ? (
        <Button variant="secondary" size="small" isDisabled={isPending} onPress={onReopen}>
          {TEXT.reopen}
          <span className="visually-hidden">: {issueTitle}</span>
        </Button>
      ) : null}
    </div>
  )
}

/**
 * Confirm as failed, or Dismiss with a reason (required to dismiss): one PUT of the decision. The buttons
 * are disabled (not "pending") while it is saved: the form gives way to the decision, and a pending
 * button's announcement would name a button no longer there.
 */
function DecisionForm({ issue, pageId, siteSlug }: { issue: AuditIssue; pageId: string; siteSlug: string }) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const review = useReviewIssue(siteSlug, pageId)
  const decide = async (decision: ReviewDecision) => {
    const trimmed = reason.trim()
    if (decision === 'dismissed' && !trimmed) return setError(TEXT.reasonRequired)
    setError(undefined)
    try {
      await review.mutateAsync({
        issueId: issue.issueId,
        body: { decision, ...(trimmed ? { reason: trimmed } : {}) },
      })
    } catch (failure) {
      setError(readFieldErrors(failure, 'reason')?.reason)
    }
  }
  const formId = useId()
  return (
    <form
      className={styles.decisionForm}
      aria-labelledby={formId}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        void decide('dismissed')
      }}
    >
      <p id={formId} className={styles.decisionTitle}>
        {TEXT.decision}
        <span className="visually-hidden">: {issue.title}</span>
      </p>
      <TextField
        label={TEXT.reason}
        description={TEXT.reasonDescription}
        multiline
        value={reason}
        onChange={setReason}
        maxCharacters={REASON_MAX}
        validationBehavior="aria"
        validate={() => error}
      />
      <div className={styles.decisionActions}>
        <Button variant="secondary" isDisabled={review.isPending} onPress={() => void decide('confirmed')}>
          {TEXT.confirm}
        </Button>
        <Button type="submit" variant="secondary" isDisabled={review.isPending}>
          {TEXT.dismiss}
        </Button>
      </div>
    </form>
  )
}

/**
 * A result that needs review on this page: its guidance, and the decision recorded (with Reopen) or the
 * form to record one. Those who may not review see the guidance and the decision only.
 */
export function IssueReviewPanel({
  issue,
  pageId,
  siteSlug,
  canReview,
}: {
  issue: AuditIssue
  pageId: string
  siteSlug: string
  canReview: boolean
}) {
  const reopen = useReopenIssue(siteSlug, pageId)
  return (
    <div className={styles.review}>
      <ReviewGuidanceView guidance={issue.guidance} />
      {issue.review ? (
        <RecordedDecision
          review={issue.review}
          issueTitle={issue.title}
          canReview={canReview}
          isPending={reopen.isPending}
          onReopen={() => reopen.mutate(issue.issueId)}
        />
      ) : canReview ? (
        <DecisionForm issue={issue} pageId={pageId} siteSlug={siteSlug} />
      ) : (
        <p>{TEXT.toReview}</p>
      )}
    </div>
  )
}
