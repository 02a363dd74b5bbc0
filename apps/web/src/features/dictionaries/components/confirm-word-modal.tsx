import { useState } from 'react'
import { Button, ButtonLink } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Modal } from '@/components/ui/modal'
import { DICTIONARY_TEXT } from '../labels'
import styles from './dictionaries.module.css'

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
      <div className={styles.modalBody}>
        <p>{message}</p>
        <Checkbox isSelected={dontShowAgain} onChange={setDontShowAgain} isDisabled={isPending}>
          {DICTIONARY_TEXT.dontShowAgain}
        </Checkbox>
        <div className={styles.modalActions}>
          <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
            Cancel
          </Button>
          <Button onPress={() => onConfirm(dontShowAgain)} isDisabled={isPending}>
            {isPending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </div>
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
      <div className={styles.modalBody}>
        <p>Adding words to your dictionaries is part of the paid plans.</p>
        <div className={styles.modalActions}>
          <ButtonLink href={plansHref}>{DICTIONARY_TEXT.upgradeTitle}</ButtonLink>
        </div>
      </div>
    </Modal>
  )
}
