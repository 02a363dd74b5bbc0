import { SSO_MESSAGES, type SsoProvider } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Switch } from '@/components/ui/switch'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { isApiError } from '@/lib/api-client'
import { useSaveSsoProvider } from '../api/sso-providers'
import styles from './sso-providers.module.css'

interface Draft {
  id: string
  title: string
  iconUrl: string
  issuerUrl: string
  clientId: string
  clientSecret: string
  domains: string
  enabled: boolean
}

const draftOf = (provider: SsoProvider | null): Draft => ({
  id: provider?.id ?? '',
  title: provider?.title ?? '',
  iconUrl: provider?.iconUrl ?? '',
  issuerUrl: provider?.issuerUrl ?? '',
  clientId: provider?.clientId ?? '',
  clientSecret: '',
  domains: provider?.domains.join(', ') ?? '',
  enabled: provider?.enabled ?? true,
})

const domainsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((domain) => domain.trim())
    .filter(Boolean)

/** The body as the API takes it; an empty secret on an update keeps the stored one. */
function requestOf(draft: Draft) {
  const settings = {
    title: draft.title,
    iconUrl: draft.iconUrl || null,
    issuerUrl: draft.issuerUrl,
    clientId: draft.clientId,
    enabled: draft.enabled,
    domains: domainsOf(draft.domains),
  }
  return { settings, clientSecret: draft.clientSecret }
}

/** The first message the API gave for a field, including the messages of its items (domains.0). */
function errorFor(errors: Record<string, string>, field: string): string | undefined {
  return errors[field] ?? Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1]
}

function useSubmit(organisationId: string, provider: SsoProvider | null, onDone: () => void) {
  const save = useSaveSsoProvider(organisationId)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const submit = async (draft: Draft) => {
    setErrors({})
    const { settings, clientSecret } = requestOf(draft)
    try {
      await save.mutateAsync(
        provider
          ? {
              kind: 'update',
              providerId: provider.id,
              body: { ...settings, clientSecret: clientSecret || null },
            }
          : { kind: 'create', body: { ...settings, id: draft.id, clientSecret } },
      )
      showToast(SSO_MESSAGES.saved)
      onDone()
    } catch (error) {
      const fieldErrors = isApiError(error) ? error.fieldErrors : {}
      setErrors(fieldErrors)
      showToast(
        Object.values(fieldErrors)[0] ?? (error instanceof Error ? error.message : String(error)),
        'error',
      )
    }
  }
  return { submit, errors, isPending: save.isPending }
}

interface SsoProviderFormProps {
  organisationId: string
  /** null: a new provider */
  provider: SsoProvider | null
  onDone: () => void
}

/** Adds or changes a provider; the API checks its discovery before saving and says why it failed. */
export function SsoProviderForm({ organisationId, provider, onDone }: SsoProviderFormProps) {
  const [draft, setDraft] = useState(() => draftOf(provider))
  const { submit, errors, isPending } = useSubmit(organisationId, provider, onDone)
  const headingId = provider ? `sso-edit-${provider.id}` : 'sso-add'
  const field = (name: keyof Omit<Draft, 'enabled'>, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={draft[name]}
      onChange={(value) => setDraft({ ...draft, [name]: value })}
      validationBehavior="aria"
      validate={() => errorFor(errors, name)}
      {...extra}
    />
  )
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void submit(draft)
  }
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>{provider ? `Edit ${provider.title}` : 'Add a provider'}</h3>
      {provider
        ? null
        : field('id', 'Identifier', {
            isRequired: true,
            description:
              'Used in addresses such as /{identifier}/login. Lowercase letters, digits and hyphens.',
          })}
      {field('title', 'Name on the login button', { isRequired: true })}
      {field('issuerUrl', 'Issuer URL', {
        isRequired: true,
        type: 'url',
        description: 'The OpenID Connect issuer, for example https://login.example.com/tenant.',
      })}
      {field('clientId', 'Client ID', { isRequired: true })}
      {field('clientSecret', 'Client secret', {
        isRequired: !provider,
        type: 'password',
        autoComplete: 'new-password',
        description: provider
          ? 'Stored encrypted. Leave blank to keep the stored secret.'
          : 'Stored encrypted, never shown again.',
      })}
      {field('domains', 'Email domains', {
        isRequired: true,
        description: 'Comma-separated, for example example.com, example.org. Subdomains are included.',
      })}
      {field('iconUrl', 'Icon URL', {
        type: 'url',
        description: 'Optional: an https:// image shown on the login button.',
      })}
      <Switch isSelected={draft.enabled} onChange={(enabled) => setDraft({ ...draft, enabled })}>
        Enabled
      </Switch>
      <div className={styles.actions}>
        <Button type="submit" isDisabled={isPending}>
          {isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" onPress={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
