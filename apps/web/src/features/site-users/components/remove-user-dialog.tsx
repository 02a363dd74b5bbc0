import type { SiteUser } from '@canopy/contracts'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Modal, ModalActions, ModalBody } from '@/components/ui/modal'
import { InlineAlert } from '@/components/ui/notice'
import { showToast } from '@/components/ui/toast'
import { useRemoveSiteUser } from '../api/site-users'
import { errorText, fullName, USER_TEXT } from '../labels'

type Removable = Pick<SiteUser, 'id' | 'firstName' | 'lastName'>

function RemoveUserModal({
  user,
  siteName,
  remove,
  onClose,
  onRemoved,
}: {
  user: Removable
  siteName: string
  remove: ReturnType<typeof useRemoveSiteUser>
  onClose: () => void
  onRemoved: () => void
}) {
  const name = fullName(user)
  const confirm = () =>
    remove.mutate(user.id, {
      onSuccess: () => {
        showToast(USER_TEXT.removed(name))
        onRemoved()
      },
    })
  return (
    <Modal
      title={USER_TEXT.removeTitle}
      isOpen
      type={remove.isPending ? 'unclosable' : 'standard'}
      onOpenChange={(open) => (!open && !remove.isPending ? onClose() : undefined)}
    >
      <ModalBody>
        <p>{USER_TEXT.removeQuestion(name, siteName)}</p>
        {/* The server's refusal, e.g. the site's last administrator (409). */}
        {remove.isError ? <InlineAlert>{errorText(remove.error)}</InlineAlert> : null}
        <ModalActions>
          <Button variant="secondary" onPress={onClose} isDisabled={remove.isPending}>
            {USER_TEXT.cancel}
          </Button>
          <Button variant="danger" onPress={confirm} isDisabled={remove.isPending}>
            {remove.isPending ? USER_TEXT.removing : USER_TEXT.removeFromSite}
          </Button>
        </ModalActions>
      </ModalBody>
    </Modal>
  )
}

/** Removing a member from the site, always after a confirmation that names them and the site. */
export function useRemoveUserDialog(siteSlug: string, siteName: string, onRemoved: () => void = () => {}) {
  const remove = useRemoveSiteUser(siteSlug)
  const [confirming, setConfirming] = useState<Removable | null>(null)
  const cancel = () => {
    setConfirming(null)
    remove.reset()
  }
  const modal = confirming ? (
    <RemoveUserModal
      user={confirming}
      siteName={siteName}
      remove={remove}
      onClose={cancel}
      onRemoved={() => {
        setConfirming(null)
        onRemoved()
      }}
    />
  ) : null
  return { request: setConfirming, modal, isRemoved: remove.isSuccess }
}
