import { useState } from 'react'
import { Button, ButtonLink } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Modal, ModalActions, ModalBody } from '@/components/ui/modal'
import { DICTIONARY_TEXT } from '../labels'

/**
 * The confirmation before adding or deleting words, with "Don't show me this confirmation again" (the
 * caller stores the choice). It cannot be closed while the request runs.
 */
export function ConfirmWordModal({
  title,
  message,
  confirmLabel,
  pendingLabel,
  isPending,
  onConfirm,
  onCancel,
}: {
  title: string
  message: string
  confirmLabel: string
  /** the confirm button's text while the request runs */
  pendingLabel: string
  isPending: boolean
  onConfirm: (dontShowAgain: boolean) => void
  onCancel: () => void
}) {
  const [dontShowAgain, setDontShowAgain] = useState(false)
  return (
    <Modal
      title={title}
      isOpen
      type={isPending ? 'unclosable' : 'standard'}
      onOpenChange={(open) => {
        if (!open && !isPending) onCancel()
      }}
    >
      <ModalBody>
        <p>{message}</p>
        <Checkbox isSelected={dontShowAgain} onChange={setDontShowAgain} isDisabled={isPending}>
          {DICTIONARY_TEXT.dontShowAgain}
        </Checkbox>
        <ModalActions>
          <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
            Cancel
          </Button>
          <Button onPress={() => onConfirm(dontShowAgain)} isDisabled={isPending}>
            {isPending ? pendingLabel : confirmLabel}
          </Button>
        </ModalActions>
      </ModalBody>
    </Modal>
  )
}

/** A site that does not pay sees this instead of adding words: an upgrade link to the organisation's plans. */
export function UpgradeModal({ plansHref, onClose }: { plansHref: string; onClose: () => void }) {
  return (
    <Modal
      title={DICTIONARY_TEXT.upgradeTitle}
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <ModalBody>
        <p>Adding words to your dictionaries is part of the paid plans.</p>
        <ModalActions>
          <ButtonLink href={plansHref}>{DICTIONARY_TEXT.upgradeTitle}</ButtonLink>
        </ModalActions>
      </ModalBody>
    </Modal>
  )
}
