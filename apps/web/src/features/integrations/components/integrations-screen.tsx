import { API_KEY_SET, type WebRiskSettings } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import screenStyles from '@/components/area/screen.module.css'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { PageHeader, PageLoader, StatusMessage } from '@/components/ui/notice'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useGa4Settings, useJiraSettings } from '../api/tracker-settings'
import { useUpdateWebRiskSettings, useWebRiskSettings } from '../api/web-risk-settings'
import { AnalyticsForm } from './analytics-block'
import { TrackerForm } from './tracker-block'

const TEXT = {
  loadError: 'Error loading integration settings',
  required: 'Required',
  updated: 'Web risk settings updated',
  failed: 'Failed to update web risk settings',
}

/** The web-risk block: on or off, and the API key (never shown back: the field says whether one is stored). */
function WebRiskForm({ siteSlug, settings }: { siteSlug: string; settings: WebRiskSettings }) {
  const [enabled, setEnabled] = useState(settings.enabled)
  const [apiKey, setApiKey] = useState('')
  const [error, setError] = useState<string | null>(null)
  const update = useUpdateWebRiskSettings(siteSlug)
  const keyStored = settings.apiKey === API_KEY_SET
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (enabled && !apiKey.trim() && !keyStored) return setError(TEXT.required)
    setError(null)
    try {
      await update.mutateAsync({ enabled, ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}) })
      setApiKey('')
      showToast(TEXT.updated)
    } catch {
      showToast(TEXT.failed, 'error')
    }
  }
  return (
    <form className={screenStyles.panel} onSubmit={submit} noValidate aria-labelledby="web-risk-heading">
      <h2 id="web-risk-heading">Web Risk</h2>
      <p>
        Checks the links of every scan against Google Web Risk's lists of malware, social engineering and
        unwanted software; the links it lists show under Content quality, Malicious links.
      </p>
      <Checkbox isSelected={enabled} onChange={setEnabled}>
        Enabled
      </Checkbox>
      <TextField
        label="API key"
        type="password"
        description={keyStored ? 'A key is stored. Enter a new one to replace it.' : 'No key is stored.'}
        value={apiKey}
        onChange={(value) => {
          setApiKey(value)
          setError(null)
        }}
        isRequired={enabled && !keyStored}
        validationBehavior="aria"
        validate={() => error ?? undefined}
      />
      <div>
        <Button type="submit" isDisabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  )
}

/** settings/integrations: the integrations of the site (issue tracker, web-risk checker, web analytics). */
export function IntegrationsScreen({ siteSlug }: { siteSlug: string }) {
  useDocumentTitle('Integrations')
  const webRisk = useWebRiskSettings(siteSlug)
  const jira = useJiraSettings(siteSlug)
  const ga4 = useGa4Settings(siteSlug)
  const all = [webRisk, jira, ga4]
  return (
    <div className={screenStyles.screen}>
      <PageHeader eyebrow="Settings" title="Integrations" />
      {all.some((query) => query.isPending) ? <PageLoader /> : null}
      {all.some((query) => query.isError) ? <StatusMessage title={TEXT.loadError} /> : null}
      {jira.data ? <TrackerForm siteSlug={siteSlug} settings={jira.data} /> : null}
      {webRisk.data ? <WebRiskForm siteSlug={siteSlug} settings={webRisk.data} /> : null}
      {ga4.data ? <AnalyticsForm siteSlug={siteSlug} settings={ga4.data} /> : null}
    </div>
  )
}
