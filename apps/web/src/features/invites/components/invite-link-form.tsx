import type { SiteRole } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { FilterSelect } from '@/components/ui/list'
import { Modal, ModalActions, ModalBody } from '@/components/ui/modal'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { ROLE_OPTIONS } from '@/config/roles'
import { isApiError } from '@/lib/api-client'
import { useSendInvite } from '../api/invites'
import { INVITE_TEXT } from '../labels'
import styles from './invites.module.css'

async function copyToClipboard(text: string) {
  try {
    await navigator.clipboard.writeText(text)
    showToast(INVITE_TEXT.linkCopied)
  } catch {
    showToast(INVITE_TEXT.copyFailed, 'error')
  }
}

/** The new link, this once (the server keeps only a hash of its token): read-only, selectable, copyable. */
function CreatedLinkModal({ link, onClose }: { link: string; onClose: () => void }) {
  return (
    <Modal
      title={INVITE_TEXT.linkCreatedTitle}
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <ModalBody>
        <p>{INVITE_TEXT.linkShownOnce}</p>
        <TextField
          label={INVITE_TEXT.linkField}
          value={link}
          isReadOnly
          onFocus={(event) => (event.target as HTMLInputElement).select()}
        />
        <ModalActions>
          <Button variant="secondary" onPress={onClose}>
            {INVITE_TEXT.done}
          </Button>
          <Button onPress={() => void copyToClipboard(link)}>{INVITE_TEXT.copyLink}</Button>
        </ModalActions>
      </ModalBody>
    </Modal>
  )
}

/**
 * A link invite: an optional e-mail domain (checked again by the server, whose message shows on the field)
 * and the role whoever joins through it gets; the link opens in a dialog once made.
 */
export function InviteLinkForm({ siteSlug }: { siteSlug: string }) {
  const [domain, setDomain] = useState('')
  const [role, setRole] = useState<SiteRole>('viewer')
  const [error, setError] = useState<string | null>(null)
  const [link, setLink] = useState<string | null>(null)
  const create = useSendInvite(siteSlug)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    try {
      const created = await create.mutateAsync({ type: 'link', domain: domain.trim() || null, role })
      setDomain('')
      setLink(created.link ?? null)
    } catch (failure) {
      const message = isApiError(failure) ? (failure.fieldErrors.domain ?? failure.message) : null
      if (message) setError(message)
      else showToast(String(failure), 'error')
    }
  }
  return (
    <>
      <form className={styles.inviteForm} onSubmit={submit} noValidate aria-labelledby="invite-link-heading">
        <TextField
          label={INVITE_TEXT.domainLabel}
          description={INVITE_TEXT.domainHint}
          autoComplete="off"
          value={domain}
          onChange={(value) => {
            setDomain(value)
            setError(null)
          }}
          validationBehavior="aria"
          validate={() => error ?? undefined}
          isDisabled={create.isPending}
        />
        <FilterSelect
          label={INVITE_TEXT.linkRoleLabel}
          value={role}
          options={ROLE_OPTIONS}
          onChange={(value) => setRole(value as SiteRole)}
        />
        <Button type="submit" isDisabled={create.isPending}>
          {create.isPending ? INVITE_TEXT.creatingLink : INVITE_TEXT.createLink}
        </Button>
      </form>
      {link ? <CreatedLinkModal link={link} onClose={() => setLink(null)} /> : null}
    </>
  )
}
