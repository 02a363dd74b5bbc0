import type { Ga4Settings } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import screenStyles from '@/components/area/screen.module.css'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { useDisconnectGa4, useUpdateGa4Settings } from '../api/tracker-settings'
import styles from './integrations.module.css'

const TEXT = {
  required: 'Required',
  updated: 'Web analytics settings updated',
  failed: 'Failed to update web analytics settings',
  disconnected: 'Web analytics disconnected',
  disconnectFailed: 'Failed to disconnect web analytics',
}

/**
 * The web analytics block: the property and on or off. Connecting a Google account opens its consent
 * popup, which is not offered yet: the button shows, disabled, and the block says it is not connected.
 */
export function AnalyticsForm({ siteSlug, settings }: { siteSlug: string; settings: Ga4Settings }) {
  const [enabled, setEnabled] = useState(settings.enabled)
  const [propertyID, setPropertyID] = useState(settings.propertyID ?? '')
  const [error, setError] = useState<string | null>(null)
  const update = useUpdateGa4Settings(siteSlug)
  const disconnect = useDisconnectGa4(siteSlug)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (enabled && !propertyID.trim()) return setError(TEXT.required)
    setError(null)
    try {
      await update.mutateAsync({ enabled, propertyID: propertyID.trim() })
      showToast(TEXT.updated)
    } catch {
      showToast(TEXT.failed, 'error')
    }
  }
  const onDisconnect = async () => {
    try {
      await disconnect.mutateAsync()
      showToast(TEXT.disconnected)
    } catch {
      showToast(TEXT.disconnectFailed, 'error')
    }
  }
  return (
    <form className={screenStyles.panel} onSubmit={submit} noValidate aria-labelledby="analytics-heading">
      <h2 id="analytics-heading">Web analytics</h2>
      <p>
        {settings.connected
          ? 'A Google Analytics account is connected.'
          : 'No Google Analytics account is connected.'}
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" isDisabled>
          Connect Google Analytics
        </Button>
        {settings.connected ? (
          <Button variant="danger" onPress={onDisconnect} isDisabled={disconnect.isPending}>
            Disconnect
          </Button>
        ) : null}
      </div>
      <Checkbox isSelected={enabled} onChange={setEnabled}>
        Enabled
      </Checkbox>
      <TextField
        label="Property ID"
        value={propertyID}
        onChange={(value) => {
          setPropertyID(value)
          setError(null)
        }}
        isRequired={enabled}
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
