import type { JiraConnectionTest, JiraSettings, UpdateJiraSettingsRequest } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import screenStyles from '@/components/area/screen.module.css'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { isApiError } from '@/lib/api-client'
import { useTestJiraSettings, useUpdateJiraSettings } from '../api/tracker-settings'
import styles from './integrations.module.css'

const TEXT = {
  required: 'Required',
  updated: 'Issue tracker settings updated',
  failed: 'Failed to update issue tracker settings',
}

type Field = 'baseUrl' | 'email' | 'apiKey' | 'projectKey'
type Values = Record<Field, string>

/** The first field missing to turn the tracker on (a stored token counts for the token). */
function missingField(values: Values, tokenStored: boolean): Field | null {
  const fields: Field[] = ['baseUrl', 'email', 'apiKey', 'projectKey']
  return fields.find((field) => !values[field].trim() && !(field === 'apiKey' && tokenStored)) ?? null
}

function requestOf(enabled: boolean, values: Values): UpdateJiraSettingsRequest {
  const trimmed = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()]))
  return { enabled, ...trimmed }
}

/** The 400's field message, when the API named one of ours. */
function fieldErrorOf(error: unknown): Partial<Values> | null {
  if (!isApiError(error, 400)) return null
  const errors = (error.data as { errors?: Partial<Values> } | null)?.errors
  return errors ?? null
}

function ConnectionResult({ result }: { result: JiraConnectionTest }) {
  return (
    <p role="status" className={result.ok ? styles.ok : styles.problem}>
      {result.ok
        ? `Connected as ${result.accountName} to the project ${result.projectName}.`
        : `The connection failed: ${result.message}`}
    </p>
  )
}

/** The issue tracker block: on or off, site URL, account e-mail, API token (never shown back), project key. */
export function TrackerForm({ siteSlug, settings }: { siteSlug: string; settings: JiraSettings }) {
  const [enabled, setEnabled] = useState(settings.enabled)
  const [values, setValues] = useState<Values>({
    baseUrl: settings.baseUrl,
    email: settings.email,
    apiKey: '',
    projectKey: settings.projectKey,
  })
  const [errors, setErrors] = useState<Partial<Values>>({})
  const update = useUpdateJiraSettings(siteSlug)
  const test = useTestJiraSettings(siteSlug)
  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const missing = enabled ? missingField(values, settings.apiKeySet) : null
    if (missing) return setErrors({ [missing]: TEXT.required })
    try {
      await update.mutateAsync(requestOf(enabled, values))
      setValues((current) => ({ ...current, apiKey: '' }))
      showToast(TEXT.updated)
    } catch (error) {
      setErrors(fieldErrorOf(error) ?? {})
      showToast(TEXT.failed, 'error')
    }
  }
  const field = (name: Field, label: string, extra: { type?: string; description?: string } = {}) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={change(name)}
      isRequired={enabled && !(name === 'apiKey' && settings.apiKeySet)}
      validationBehavior="aria"
      validate={() => errors[name] ?? undefined}
      {...extra}
    />
  )
  return (
    <form className={screenStyles.panel} onSubmit={submit} noValidate aria-labelledby="tracker-heading">
      <h2 id="tracker-heading">Issue tracker</h2>
      <p>
        Open a ticket in your Jira Cloud project from a failed issue, with the page and the failing element.
      </p>
      <Checkbox isSelected={enabled} onChange={setEnabled}>
        Enabled
      </Checkbox>
      {field('baseUrl', 'Site URL', { description: 'For example https://your-team.atlassian.net' })}
      {field('email', 'Account e-mail', { type: 'email' })}
      {field('apiKey', 'API token', {
        type: 'password',
        description: settings.apiKeySet
          ? 'A token is stored. Enter a new one to replace it.'
          : 'No token is stored.',
      })}
      {field('projectKey', 'Project key')}
      {test.data ? <ConnectionResult result={test.data} /> : null}
      <div className={styles.actions}>
        <Button type="submit" isDisabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button
          variant="secondary"
          isDisabled={test.isPending}
          onPress={() => test.mutate(requestOf(true, values))}
        >
          {test.isPending ? 'Testing...' : 'Test connection'}
        </Button>
      </div>
    </form>
  )
}
