import type { Ga4Settings } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import screenStyles from '@/components/area/screen.module.css'
import { Button } from '@/components/ui/button'
import { Modal, ModalActions, ModalBody } from '@/components/ui/modal'
import { InlineAlert } from '@/components/ui/notice'
import { SelectField } from '@/components/ui/select-field'
import { Switch } from '@/components/ui/switch'
import { showToast } from '@/components/ui/toast'
import { MESSAGES } from '@/config/messages'
import { useDisconnectGa4, useUpdateGa4Settings } from '../api/tracker-settings'
import { useGa4Connect } from '../use-ga4-connect'
import styles from './integrations.module.css'

const TEXT = {
  required: 'Required',
  connected: 'A Google Analytics account is connected.',
  notConnected: 'No Google Analytics account is connected.',
  noProperties:
    'The connected account can read no Google Analytics 4 property. Connect an account that can, or give this one access to the property.',
  confirmTitle: 'Disconnect web analytics?',
  confirmBody:
    "The site's page views will no longer be read from Google Analytics, and the stored access is removed. You can connect again at any time.",
}

/** The property (from the account's propertyIdList, required) and on or off, saved together. */
function PropertyForm({ siteSlug, settings }: { siteSlug: string; settings: Ga4Settings }) {
  const [enabled, setEnabled] = useState(settings.enabled)
  const [propertyID, setPropertyID] = useState(settings.propertyID ?? '')
  const [error, setError] = useState<string | undefined>()
  const update = useUpdateGa4Settings(siteSlug)
  const options = settings.propertyIdList.map((id) => ({ id, label: id }))
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!propertyID) return setError(TEXT.required)
    setError(undefined)
    try {
      await update.mutateAsync({ enabled, propertyID })
      showToast(MESSAGES.analytics.settingsUpdated)
    } catch {
      showToast(MESSAGES.analytics.settingsFailed, 'error')
    }
  }
  return (
    <form className={styles.fields} onSubmit={submit} noValidate aria-label="Web analytics property">
      {options.length === 0 ? <p>{TEXT.noProperties}</p> : null}
      <SelectField
        label="Property ID"
        value={propertyID}
        options={options}
        onChange={(value) => {
          setPropertyID(value)
          setError(undefined)
        }}
        errorMessage={error}
        isDisabled={options.length === 0}
      />
      <Switch isSelected={enabled} onChange={setEnabled}>
        Enabled
      </Switch>
      <div>
        <Button type="submit" isDisabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  )
}

/** Disconnect, once confirmed in a dialog. */
function DisconnectControl({ siteSlug }: { siteSlug: string }) {
  const [isOpen, setOpen] = useState(false)
  const disconnect = useDisconnectGa4(siteSlug)
  const confirm = async () => {
    try {
      await disconnect.mutateAsync()
      setOpen(false)
      showToast(MESSAGES.analytics.disconnected)
    } catch {
      showToast(MESSAGES.analytics.disconnectFailed, 'error')
    }
  }
  return (
    <>
      <Button variant="danger" onPress={() => setOpen(true)}>
        Disconnect
      </Button>
      <Modal title={TEXT.confirmTitle} isOpen={isOpen} onOpenChange={setOpen}>
        <ModalBody>
          <p>{TEXT.confirmBody}</p>
        </ModalBody>
        <ModalActions>
          <Button variant="secondary" onPress={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="danger" onPress={confirm} isDisabled={disconnect.isPending}>
            {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
          </Button>
        </ModalActions>
      </Modal>
    </>
  )
}

/**
 * The web analytics block: connect a Google account in its consent popup, then choose the property and
 * switch reading it on; disconnect after a confirmation.
 */
export function AnalyticsForm({ siteSlug, settings }: { siteSlug: string; settings: Ga4Settings }) {
  const { connect, isConnecting, failure } = useGa4Connect(siteSlug)
  return (
    <section className={screenStyles.panel} aria-labelledby="analytics-heading">
      <h2 id="analytics-heading">Web analytics</h2>
      <p aria-live="polite">{settings.connected ? TEXT.connected : TEXT.notConnected}</p>
      {failure ? (
        <InlineAlert>
          <p>
            {MESSAGES.analytics.oauthError}: {failure}
          </p>
        </InlineAlert>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onPress={connect} isDisabled={isConnecting}>
          {settings.connected ? 'Connect another Google account' : 'Connect Google Analytics'}
        </Button>
        {settings.connected ? <DisconnectControl siteSlug={siteSlug} /> : null}
      </div>
      {settings.connected ? (
        <PropertyForm key={settings.propertyIdList.join(',')} siteSlug={siteSlug} settings={settings} />
      ) : null}
    </section>
  )
}
