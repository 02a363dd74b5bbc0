import { type ApiToken, type ApiTokenAccess, pagedListSchema, SiteListItemSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { Form } from 'react-aria-components'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { requestApi } from '@/lib/api-client'
import {
  errorMessageOf,
  type NewApiToken,
  useApiTokens,
  useCreateApiToken,
  useRevokeApiToken,
} from '../api/profile-api'
import styles from './profile.module.css'

export const TOKEN_SHOWN_ONCE = 'Copy this token now: it will not be shown again.'

/** The user's sites, to choose the ones a token may reach (the API's largest page). */
function useMySites() {
  return useQuery({
    queryKey: ['profile', 'token-sites'],
    queryFn: ({ signal }) =>
      requestApi('/api/v1/sites', {
        params: { pageSize: 100 },
        schema: pagedListSchema(SiteListItemSchema),
        signal,
      }),
  })
}

/** Personal API tokens for REST clients and the canopy CLI. */
export function TokensTab() {
  const tokens = useApiTokens()
  const revoke = useRevokeApiToken()
  return (
    <div className={styles.panel}>
      <CreateTokenForm />
      <h2>Your API tokens</h2>
      {tokens.data?.tokens.length === 0 ? <p>You have no API tokens.</p> : null}
      <ul className={styles.list} aria-label="API tokens">
        {tokens.data?.tokens.map((token) => (
          <li key={token.id} className={styles.item}>
            <TokenSummary token={token} />
            <Button
              variant="danger"
              size="small"
              isDisabled={revoke.isPending}
              onPress={() => revoke.mutate(token.id, { onSuccess: () => showToast('API token revoked') })}
            >
              Revoke<span className="visually-hidden"> {token.name}</span>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}

function TokenSummary({ token }: { token: ApiToken }) {
  const sites = token.sites ? token.sites.map((site) => site.siteName).join(', ') : 'All sites'
  const date = (iso: string | null, none: string) => (iso ? new Date(iso).toLocaleString() : none)
  return (
    <span>
      <strong>{token.name}</strong> ({token.access === 'read' ? 'Read' : 'Read and write'})
      <br />
      <span className={styles.muted}>
        {sites} · expires {date(token.expiresAt, 'never')} · last used {date(token.lastUsedAt, 'never')}
      </span>
    </span>
  )
}

function CreateTokenForm() {
  const create = useCreateApiToken()
  const sites = useMySites()
  const [name, setName] = useState('')
  const [access, setAccess] = useState<ApiTokenAccess>('read')
  const [allSites, setAllSites] = useState(true)
  const [chosen, setChosen] = useState<string[]>([])
  const [expiry, setExpiry] = useState('')
  const expiryId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body: NewApiToken = {
      name,
      access,
      sites: allSites ? null : chosen,
      expiresAt: expiry ? new Date(`${expiry}T23:59:59`).toISOString() : null,
    }
    create.mutate(body, { onSuccess: () => setName('') })
  }
  const toggle = (slug: string, on: boolean) =>
    setChosen((current) => (on ? [...current, slug] : current.filter((item) => item !== slug)))
  return (
    <Form className={styles.form} onSubmit={submit} aria-label="Create an API token">
      <h2>Create an API token</h2>
      <TextField label="Token name" isRequired value={name} onChange={setName} maxCharacters={100} />
      <fieldset className={styles.fieldset}>
        <legend>Access</legend>
        {(['read', 'write'] as const).map((value) => (
          <label key={value}>
            <input type="radio" name="access" checked={access === value} onChange={() => setAccess(value)} />{' '}
            {value === 'read' ? 'Read only' : 'Read and write (start scans, make changes your role allows)'}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>Sites</legend>
        <label>
          <input type="checkbox" checked={allSites} onChange={(event) => setAllSites(event.target.checked)} />{' '}
          All my sites
        </label>
        {allSites
          ? null
          : sites.data?.items.map((site) => (
              <label key={site.sys.id}>
                <input
                  type="checkbox"
                  checked={chosen.includes(site.sys.slug ?? site.sys.id)}
                  onChange={(event) => toggle(site.sys.slug ?? site.sys.id, event.target.checked)}
                />{' '}
                {site.siteName}
              </label>
            ))}
      </fieldset>
      <label htmlFor={expiryId}>Expires on (optional)</label>
      <input
        id={expiryId}
        type="date"
        className={styles.select}
        value={expiry}
        onChange={(e) => setExpiry(e.target.value)}
      />
      <p className={styles.error} role="alert">
        {errorMessageOf(create.error)}
      </p>
      <Button type="submit" isDisabled={create.isPending}>
        Create token
      </Button>
      {create.data ? (
        <div role="status">
          <p>{TOKEN_SHOWN_ONCE}</p>
          <code className={styles.secret}>{create.data.token}</code>
        </div>
      ) : null}
    </Form>
  )
}
