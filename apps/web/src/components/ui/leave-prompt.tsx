import type { Blocker } from 'react-router'
import { Button } from './button'
import { Modal, ModalActions } from './modal'

/**
 * Asked when the user leaves a form with unsaved changes: Continue editing stays, Discard changes leaves,
 * Save changes saves and then leaves (or stays, with the form's errors, when the save did not go through).
 */
export function LeavePrompt({
  blocker,
  what,
  onSave,
}: {
  blocker: Blocker
  /** what is unsaved, e.g. "this section" */
  what: string
  /** saves the form; true when it was saved */
  onSave: () => Promise<boolean>
}) {
  const isOpen = blocker.state === 'blocked'
  const saveAndLeave = async () => {
    if (await onSave()) blocker.proceed?.()
    else blocker.reset?.()
  }
  return (
    <Modal
      title="You have unsaved changes"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset()
      }}
    >
      <p>{`Your changes to ${what} are not saved yet.`}</p>
      <ModalActions>
        <Button variant="secondary" onPress={() => blocker.reset?.()}>
          Continue editing
        </Button>
        <Button variant="secondary" onPress={() => blocker.proceed?.()}>
          Discard changes
        </Button>
        <Button onPress={saveAndLeave}>Save changes</Button>
      </ModalActions>
    </Modal>
  )
}
