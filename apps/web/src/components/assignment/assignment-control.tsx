import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { ASSIGNMENT_UI } from '@/config/assignment-messages'
import { AssignModal, type AssignTarget } from './assign-modal'
import styles from './assignment.module.css'
import { useUnassignIssue } from './assignment-api'

/**
 * An issue's assignment on a page: whom it is assigned to and the comment, and for those who may assign,
 * Assign issue, or Edit issue and Unassign issue once assigned.
 */
export function AssignmentControl({
  siteSlug,
  target,
  canAssign,
  compact = false,
  onChanged,
}: {
  siteSlug: string
  target: AssignTarget
  canAssign: boolean
  /** in a table row: the buttons only, without the summary */
  compact?: boolean
  onChanged?: () => void
}) {
  const [isOpen, setOpen] = useState(false)
  const unassign = useUnassignIssue(siteSlug)
  const { assignment } = target
  const hidden = <span className="visually-hidden">: {target.issueTitle}</span>
  return (
    <div className={compact ? styles.controlCompact : styles.control}>
      {!compact && assignment ? (
        <p className={styles.summary}>
          {ASSIGNMENT_UI.assignedTo} <strong>{assignment.assignedToName}</strong>
          {assignment.comment ? <span className={styles.comment}>“{assignment.comment}”</span> : null}
        </p>
      ) : null}
      {canAssign ? (
        <div className={styles.buttons}>
          <Button variant="secondary" size="small" onPress={() => setOpen(true)}>
            {assignment ? ASSIGNMENT_UI.editIssue : ASSIGNMENT_UI.assignIssue}
            {hidden}
          </Button>
          {assignment ? (
            <Button
              variant="quiet"
              size="small"
              isPending={unassign.isPending}
              onPress={() =>
                unassign.mutate({ issueId: target.issueId, pageId: target.pageId }, { onSuccess: onChanged })
              }
            >
              {ASSIGNMENT_UI.unassignIssue}
              {hidden}
            </Button>
          ) : null}
        </div>
      ) : null}
      {isOpen ? (
        <AssignModal
          siteSlug={siteSlug}
          target={target}
          isOpen={isOpen}
          onOpenChange={setOpen}
          onAssigned={onChanged}
        />
      ) : null}
    </div>
  )
}
