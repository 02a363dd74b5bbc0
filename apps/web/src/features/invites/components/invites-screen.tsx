import type { Invite } from '@canopy/contracts'
import { useState } from 'react'
import screenStyles from '@/components/area/screen.module.css'
import { Button } from '@/components/ui/button'
import { type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { Modal, ModalActions, ModalBody } from '@/components/ui/modal'
import { PageHeader } from '@/components/ui/notice'
import { showToast } from '@/components/ui/toast'
import { MESSAGES } from '@/config/messages'
import { ROLE_LABELS } from '@/config/roles'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatDate } from '@/lib/format-values'
import { useInvites, useRevokeInvite } from '../api/invites'
import { describeInvite, INVITE_TEXT } from '../labels'
import { InviteForm } from './invite-form'
import { InviteLinkForm } from './invite-link-form'
import styles from './invites.module.css'

const DEFAULT_SORT = { sortBy: 'created', sortDir: 'desc' } as const

type RowState = { id: string; state: 'revoked' | 'error' }

function baseColumns(): ListColumn<Invite>[] {
  return [
    {
      id: 'email',
      label: MESSAGES.invites.emailAddress,
      sortable: true,
      isRowHeader: true,
      render: describeInvite,
    },
    { id: 'role', label: INVITE_TEXT.role, render: (item) => ROLE_LABELS[item.role] },
    {
      id: 'created',
      label: MESSAGES.invites.created,
      sortable: true,
      render: (item) => formatDate(item.created),
    },
    {
      id: 'expires',
      label: MESSAGES.invites.expires,
      sortable: true,
      render: (item) => formatDate(item.expires),
    },
  ]
}

/** The revoke action of a row, or what became of it: 'Invite revoked' or the error. */
function RevokeCell({
  invite,
  rows,
  pendingId,
  onRevoke,
}: {
  invite: Invite
  rows: RowState[]
  pendingId: string | null
  onRevoke: (invite: Invite) => void
}) {
  const row = rows.find((candidate) => candidate.id === invite.id)
  if (row?.state === 'revoked') return <span>{MESSAGES.invites.revoked}</span>
  return (
    <span className={styles.actions}>
      <Button
        size="small"
        variant="danger"
        isDisabled={pendingId !== null}
        onPress={() => onRevoke(invite)}
        aria-label={`${MESSAGES.invites.revoke}: ${describeInvite(invite)}`}
      >
        {pendingId === invite.id ? INVITE_TEXT.revoking : MESSAGES.invites.revoke}
      </Button>
      {row?.state === 'error' ? <span role="alert">{MESSAGES.invites.revokeError}</span> : null}
    </span>
  )
}

function ConfirmRevokeModal({
  invite,
  isPending,
  onConfirm,
  onCancel,
}: {
  invite: Invite
  isPending: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <Modal
      title={INVITE_TEXT.revokeTitle}
      isOpen
      type={isPending ? 'unclosable' : 'standard'}
      onOpenChange={(open) => (!open && !isPending ? onCancel() : undefined)}
    >
      <ModalBody>
        <p>{INVITE_TEXT.revokeQuestion(invite)}</p>
        <ModalActions>
          <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
            {INVITE_TEXT.cancel}
          </Button>
          <Button variant="danger" onPress={onConfirm} isDisabled={isPending}>
            {isPending ? INVITE_TEXT.revoking : MESSAGES.invites.revoke}
          </Button>
        </ModalActions>
      </ModalBody>
    </Modal>
  )
}

/** Revoking with a confirmation; each row remembers whether its revoke worked. */
function useRevokeRows(siteSlug: string) {
  const revoke = useRevokeInvite(siteSlug)
  const [confirming, setConfirming] = useState<Invite | null>(null)
  const [rows, setRows] = useState<RowState[]>([])
  const confirm = async (invite: Invite) => {
    const state: RowState['state'] = await revoke.mutateAsync(invite.id).then(
      () => 'revoked' as const,
      () => 'error' as const,
    )
    setRows((current) => [...current.filter((row) => row.id !== invite.id), { id: invite.id, state }])
    showToast(
      state === 'revoked' ? MESSAGES.invites.revoked : MESSAGES.invites.revokeError,
      state === 'revoked' ? 'success' : 'error',
    )
    setConfirming(null)
  }
  const modal = confirming ? (
    <ConfirmRevokeModal
      invite={confirming}
      isPending={revoke.isPending}
      onConfirm={() => void confirm(confirming)}
      onCancel={() => setConfirming(null)}
    />
  ) : null
  return {
    rows,
    pendingId: revoke.isPending ? (confirming?.id ?? null) : null,
    request: setConfirming,
    modal,
  }
}

/** The two ways to invite: an e-mail sent to an address, and a link the admin shares (optionally for a domain). */
function InviteForms({ siteSlug }: { siteSlug: string }) {
  return (
    <div className={styles.forms}>
      <section className={styles.formSection} aria-labelledby="invite-email-heading">
        <h2 id="invite-email-heading">{INVITE_TEXT.emailHeading}</h2>
        <InviteForm siteSlug={siteSlug} />
      </section>
      <section className={styles.formSection} aria-labelledby="invite-link-heading">
        <h2 id="invite-link-heading">{INVITE_TEXT.linkHeading}</h2>
        <p>{INVITE_TEXT.linkIntro}</p>
        <InviteLinkForm siteSlug={siteSlug} />
      </section>
    </div>
  )
}

/** settings/invites: the invite forms and the site's active invites (e-mail and link), each revocable. */
export function InvitesScreen({ siteSlug }: { siteSlug: string }) {
  useDocumentTitle('Invites')
  const list = useListParams({ ...DEFAULT_SORT })
  const invites = useInvites(siteSlug, true, list.query)
  const revoke = useRevokeRows(siteSlug)
  const columns: ListColumn<Invite>[] = [
    ...baseColumns(),
    {
      id: 'actions',
      label: INVITE_TEXT.actions,
      render: (item) => (
        <RevokeCell invite={item} rows={revoke.rows} pendingId={revoke.pendingId} onRevoke={revoke.request} />
      ),
    },
  ]
  return (
    <div className={screenStyles.screen}>
      <PageHeader eyebrow="Settings" title="Invites" />
      <InviteForms siteSlug={siteSlug} />
      <ListView
        caption={INVITE_TEXT.invitesCaption}
        captionHidden
        filterLabel={INVITE_TEXT.filter}
        columns={columns}
        list={list}
        query={invites}
        getRowKey={(item) => item.id}
      />
      {revoke.modal}
    </div>
  )
}

/** settings/invites-history: the invites no longer active (accepted, declined, revoked or expired). */
export function InvitesHistoryScreen({ siteSlug }: { siteSlug: string }) {
  useDocumentTitle('Invites history')
  const list = useListParams({ ...DEFAULT_SORT })
  const invites = useInvites(siteSlug, false, list.query)
  const columns: ListColumn<Invite>[] = [
    ...baseColumns(),
    { id: 'status', label: INVITE_TEXT.status, render: (item) => INVITE_TEXT.statuses[item.status] },
  ]
  return (
    <div className={screenStyles.screen}>
      <PageHeader eyebrow="Settings" title="Invites history" />
      <ListView
        caption={INVITE_TEXT.historyCaption}
        captionHidden
        filterLabel={INVITE_TEXT.filter}
        columns={columns}
        list={list}
        query={invites}
        getRowKey={(item) => item.id}
      />
    </div>
  )
}
