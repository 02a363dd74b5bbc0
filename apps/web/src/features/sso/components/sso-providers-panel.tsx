import { SSO_MESSAGES, type SsoProvider } from '@canopy/contracts'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Modal, ModalActions, ModalBody } from '@/components/ui/modal'
import { PageLoader, StatusMessage } from '@/components/ui/notice'
import { showToast } from '@/components/ui/toast'
import { useDeleteSsoProvider, useSsoProviders } from '../api/sso-providers'
import { SsoProviderForm } from './sso-provider-form'
import styles from './sso-providers.module.css'

type Editing = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; provider: SsoProvider }

function DeleteProviderButton({
  organisationId,
  provider,
}: {
  organisationId: string
  provider: SsoProvider
}) {
  const [isOpen, setOpen] = useState(false)
  const remove = useDeleteSsoProvider(organisationId)
  const confirm = async () => {
    try {
      await remove.mutateAsync(provider.id)
      showToast(SSO_MESSAGES.deleted)
      setOpen(false)
    } catch (error) {
      showToast(error instanceof Error ? error.message : String(error), 'error')
    }
  }
  return (
    <>
      <Button
        variant="secondary"
        size="small"
        onPress={() => setOpen(true)}
        aria-label={`Delete ${provider.title}`}
      >
        Delete
      </Button>
      <Modal title={`Delete ${provider.title}?`} isOpen={isOpen} onOpenChange={setOpen}>
        <ModalBody>
          <p>
            Addresses of {provider.domains.join(', ')} will no longer sign in with {provider.title}. Their
            accounts are kept.
          </p>
        </ModalBody>
        <ModalActions>
          <Button variant="secondary" onPress={() => setOpen(false)}>
            Cancel
          </Button>
          <Button onPress={confirm} isDisabled={remove.isPending}>
            Delete
          </Button>
        </ModalActions>
      </Modal>
    </>
  )
}

function ProviderItem({
  organisationId,
  provider,
  onEdit,
}: {
  organisationId: string
  provider: SsoProvider
  onEdit: () => void
}) {
  return (
    <li className={styles.provider}>
      <div className={styles.providerText}>
        <h3>{provider.title}</h3>
        <dl className={styles.facts}>
          <dt>Status</dt>
          <dd>{provider.enabled ? 'Enabled' : 'Disabled'}</dd>
          <dt>Email domains</dt>
          <dd>{provider.domains.join(', ')}</dd>
          <dt>Issuer</dt>
          <dd className={styles.breakable}>{provider.issuerUrl}</dd>
          <dt>Sign-in page</dt>
          <dd className={styles.breakable}>{provider.loginUrl}</dd>
        </dl>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" size="small" onPress={onEdit} aria-label={`Edit ${provider.title}`}>
          Edit
        </Button>
        <DeleteProviderButton organisationId={organisationId} provider={provider} />
      </div>
    </li>
  )
}

/**
 * An organisation's single sign-on providers for its administrators: addresses of a provider's domains
 * sign in through it (OpenID Connect) and join the organisation on their first sign-in.
 */
export function SsoProvidersPanel({ organisationId }: { organisationId: string }) {
  const providers = useSsoProviders(organisationId)
  const [editing, setEditing] = useState<Editing>({ kind: 'none' })
  const done = () => setEditing({ kind: 'none' })
  if (providers.isPending) return <PageLoader label="Loading single sign-on providers" />
  if (providers.isError)
    return (
      <StatusMessage title="Error loading single sign-on providers">{providers.error.message}</StatusMessage>
    )
  const { callbackUrl } = providers.data
  return (
    <section className={styles.panel} aria-labelledby="sso-providers-heading">
      <h2 id="sso-providers-heading">Single sign-on</h2>
      <p>
        People whose email address is in a provider's domains sign in with that provider instead of a
        password, and join this organisation on their first sign-in. Register this redirect URI at the
        provider:
      </p>
      <p className={styles.breakable}>
        <code>{callbackUrl}</code>
      </p>
      {providers.data.providers.length === 0 ? (
        <StatusMessage title="No single sign-on provider yet" />
      ) : (
        <ul className={styles.list}>
          {providers.data.providers.map((provider) =>
            editing.kind === 'edit' && editing.provider.id === provider.id ? (
              <li key={provider.id} className={styles.provider}>
                <SsoProviderForm organisationId={organisationId} provider={provider} onDone={done} />
              </li>
            ) : (
              <ProviderItem
                key={provider.id}
                organisationId={organisationId}
                provider={provider}
                onEdit={() => setEditing({ kind: 'edit', provider })}
              />
            ),
          )}
        </ul>
      )}
      {editing.kind === 'add' ? (
        <SsoProviderForm organisationId={organisationId} provider={null} onDone={done} />
      ) : (
        <Button onPress={() => setEditing({ kind: 'add' })}>Add a provider</Button>
      )}
    </section>
  )
}
