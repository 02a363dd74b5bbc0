import type { LinkedTicket, TicketTemplate } from '@canopy/contracts'
import { type FormEvent, useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { FilterSelect } from '@/components/ui/list/filter-select'
import { Modal } from '@/components/ui/modal'
import { PageLoader } from '@/components/ui/notice'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { MESSAGES } from '@/config/messages'
import { useCreateTicket, useTicketTemplate, useUnlinkTicket } from './ticket-api'
import styles from './ticket-control.module.css'

const TEXT = MESSAGES.tickets

export type TicketControlProps = {
  siteSlug: string
  pageId: string
  issueId: string
  issueTitle: string
  ticket: LinkedTicket | null
  /** the site's tracker is on, the issue failed and the site's product version offers tickets */
  isOffered: boolean
  /** the caller may create and unlink tickets (manageTickets) */
  canManage: boolean
}

type Target = Pick<TicketControlProps, 'siteSlug' | 'pageId' | 'issueId'>

function TicketForm({
  target,
  template,
  close,
}: {
  target: Target
  template: TicketTemplate
  close: () => void
}) {
  const [summary, setSummary] = useState(template.summary)
  const [description, setDescription] = useState(template.description)
  const [issueType, setIssueType] = useState(template.issueTypes[0] ?? 'Task')
  const [error, setError] = useState<string | null>(null)
  const create = useCreateTicket(target)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!summary.trim()) return setError(TEXT.summaryRequired)
    try {
      await create.mutateAsync({ summary: summary.trim(), description, issueType })
      showToast(TEXT.created)
      close()
    } catch {
      showToast(TEXT.createFailed, 'error')
    }
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p>
        Project: <a href={template.projectLink}>{template.projectName}</a>
      </p>
      <FilterSelect
        label="Issue type"
        value={issueType}
        options={template.issueTypes.map((name) => ({ id: name, label: name }))}
        onChange={setIssueType}
      />
      <TextField
        label="Summary"
        value={summary}
        onChange={(value) => {
          setSummary(value)
          setError(null)
        }}
        isRequired
        validationBehavior="aria"
        validate={() => error ?? undefined}
      />
      <TextField label="Description" multiline value={description} onChange={setDescription} />
      <div className={styles.actions}>
        <Button variant="secondary" onPress={close}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={create.isPending}>
          {create.isPending ? 'Creating...' : TEXT.create}
        </Button>
      </div>
    </form>
  )
}

function CreateTicketDialog({ target, close }: { target: Target; close: () => void }) {
  const template = useTicketTemplate(target, true)
  useEffect(() => {
    if (!template.isError) return
    showToast(TEXT.templateFailed, 'error')
    close()
  }, [template.isError, close])
  if (!template.data) return template.isError ? null : <PageLoader />
  return <TicketForm target={target} template={template.data} close={close} />
}

function LinkedTicketView({
  target,
  ticket,
  canManage,
}: {
  target: Target
  ticket: LinkedTicket
  canManage: boolean
}) {
  const unlink = useUnlinkTicket(target)
  const onUnlink = async () => {
    try {
      await unlink.mutateAsync()
      showToast(TEXT.unlinked)
    } catch {
      showToast(TEXT.unlinkFailed, 'error')
    }
  }
  return (
    <div className={styles.control}>
      <a href={ticket.ticketUrl} target="_blank" rel="noreferrer">
        {`Ticket ${ticket.ticketId}`}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      {canManage ? (
        <Button variant="quiet" size="small" onPress={onUnlink} isDisabled={unlink.isPending}>
          {TEXT.unlink}
        </Button>
      ) : null}
    </div>
  )
}

/**
 * The issue-tracker ticket of a failed issue on a page: its link (and unlinking) once created, else the
 * button that opens the dialog to create it; nothing while the tracker is not set up or for a viewer.
 */
export function TicketControl(props: TicketControlProps) {
  const [isOpen, setOpen] = useState(false)
  const target = { siteSlug: props.siteSlug, pageId: props.pageId, issueId: props.issueId }
  if (props.ticket)
    return <LinkedTicketView target={target} ticket={props.ticket} canManage={props.canManage} />
  if (!props.isOffered || !props.canManage) return null
  return (
    <div className={styles.control}>
      <Button
        variant="secondary"
        size="small"
        onPress={() => setOpen(true)}
        aria-label={`${TEXT.create}: ${props.issueTitle}`}
      >
        {TEXT.create}
      </Button>
      <Modal title={TEXT.create} isOpen={isOpen} onOpenChange={setOpen}>
        {(close) => <CreateTicketDialog target={target} close={close} />}
      </Modal>
    </div>
  )
}
