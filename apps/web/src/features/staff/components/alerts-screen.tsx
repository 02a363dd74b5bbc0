import type { StaffAlert } from '@canopy/contracts'
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { Button } from '@/components/ui/button'
import { InlineAlert, PageHeader, StatusMessage } from '@/components/ui/notice'
import { TextField } from '@/components/ui/text-field'
import { isApiError } from '@/lib/api-client'
import { type AlertDraft, useChangeAlert, useStaffAlerts } from '../api/staff-alerts'
import styles from './staff.module.css'

const EMPTY: AlertDraft = {
  siteSlug: '',
  title: '',
  description: '',
  linkText: '',
  linkUrl: '',
  buttonText: '',
  illustration: '',
  publishedAt: '',
  expiresAt: '',
}

/** An ISO time as a datetime-local value (local time, to the minute). */
function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

function draftOf(alert: StaffAlert): AlertDraft {
  return {
    siteSlug: alert.site?.slug ?? '',
    title: alert.title,
    description: alert.description,
    linkText: alert.linkText ?? '',
    linkUrl: alert.linkUrl ?? '',
    buttonText: alert.buttonText ?? '',
    illustration: alert.illustration ?? '',
    publishedAt: toLocalInput(alert.publishedAt),
    expiresAt: toLocalInput(alert.expiresAt),
  }
}

const FIELDS: { name: keyof AlertDraft; label: string; type?: string; required?: boolean; about?: string }[] =
  [
    { name: 'title', label: 'Title', required: true },
    { name: 'description', label: 'Description', required: true },
    { name: 'siteSlug', label: 'Site slug', about: 'Leave empty to show the alert on every site.' },
    { name: 'linkText', label: 'Link text' },
    { name: 'linkUrl', label: 'Link URL', about: 'https://… or a path starting with /.' },
    { name: 'buttonText', label: 'Button text' },
    { name: 'illustration', label: 'Illustration', about: 'The name of an illustration, or empty.' },
    { name: 'publishedAt', label: 'Publish at', type: 'datetime-local', about: 'Empty: now.' },
    { name: 'expiresAt', label: 'Expires at', type: 'datetime-local', about: 'Empty: never.' },
  ]

function AlertForm({ editing, onDone }: { editing: StaffAlert | null; onDone: () => void }) {
  const [draft, setDraft] = useState<AlertDraft>(editing ? draftOf(editing) : EMPTY)
  const change = useChangeAlert()
  const errors = isApiError(change.error) ? change.error.fieldErrors : {}
  return (
    <Form
      className={styles.form}
      validationErrors={errors}
      onSubmit={(event) => {
        event.preventDefault()
        change.mutate({ kind: 'save', alertId: editing?.id ?? null, alert: draft }, { onSuccess: onDone })
      }}
    >
      <h2>{editing ? `Edit "${editing.title}"` : 'New alert'}</h2>
      {change.isError ? <InlineAlert>{change.error.message}</InlineAlert> : null}
      {FIELDS.map((field) => (
        <TextField
          key={field.name}
          name={field.name}
          label={field.label}
          type={field.type}
          description={field.about}
          isRequired={field.required}
          multiline={field.name === 'description'}
          value={draft[field.name] ?? ''}
          onChange={(value) => setDraft((current) => ({ ...current, [field.name]: value }))}
        />
      ))}
      <div>
        <Button type="submit" isDisabled={change.isPending}>
          {editing ? 'Save alert' : 'Publish alert'}
        </Button>{' '}
        {editing ? (
          <Button variant="secondary" onPress={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </Form>
  )
}

function stateOf(alert: StaffAlert, now: number): string {
  if (alert.expiresAt && Date.parse(alert.expiresAt) <= now) return 'Expired'
  return Date.parse(alert.publishedAt) > now ? 'Scheduled' : 'Showing'
}

function AlertRows({ alerts, onEdit }: { alerts: StaffAlert[]; onEdit: (alert: StaffAlert) => void }) {
  const change = useChangeAlert()
  const now = Date.now()
  return (
    <>
      {change.isError ? <InlineAlert>{change.error.message}</InlineAlert> : null}
      <table className={styles.table}>
        <caption className="visually-hidden">Dashboard alerts, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Site</th>
            <th scope="col">State</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {alerts.map((alert) => (
            <tr key={alert.id}>
              <th scope="row">{alert.title}</th>
              <td>{alert.site?.siteName ?? 'Every site'}</td>
              <td>{stateOf(alert, now)}</td>
              <td>
                <Button size="small" variant="secondary" onPress={() => onEdit(alert)}>
                  Edit <span className="visually-hidden">{alert.title}</span>
                </Button>{' '}
                <Button
                  size="small"
                  variant="secondary"
                  onPress={() => change.mutate({ kind: 'expire', alertId: alert.id })}
                >
                  Expire <span className="visually-hidden">{alert.title}</span>
                </Button>{' '}
                <Button
                  size="small"
                  variant="secondary"
                  onPress={() => change.mutate({ kind: 'delete', alertId: alert.id })}
                >
                  Delete <span className="visually-hidden">{alert.title}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}

/** /debug/alerts (staff): the dashboard alerts, for every site or one: publish, edit, expire, delete. */
export function AlertsScreen() {
  const alerts = useStaffAlerts()
  const [editing, setEditing] = useState<StaffAlert | null>(null)
  return (
    <>
      <PageHeader title="Dashboard alerts" subtitle="Shown at the top of the site dashboards." />
      {alerts.isPending ? (
        <StatusMessage title="Loading" />
      ) : alerts.isError ? (
        <StatusMessage title={alerts.error.message} />
      ) : alerts.data.items.length === 0 ? (
        <StatusMessage title="No alerts yet." />
      ) : (
        <AlertRows alerts={alerts.data.items} onEdit={setEditing} />
      )}
      <AlertForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
    </>
  )
}
