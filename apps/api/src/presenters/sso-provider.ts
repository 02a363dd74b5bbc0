import type { SsoProvider } from '@canopy/contracts'

interface SsoProviderRow {
  id: string
  organisationId: string
  title: string
  iconUrl: string | null
  issuerUrl: string
  clientId: string
  enabled: boolean
  domains: { domain: string }[]
}

/** A provider for its administrators: everything but the client secret. */
export function presentSsoProvider(row: SsoProviderRow, publicUrl: string): SsoProvider {
  return {
    id: row.id,
    organisationId: row.organisationId,
    title: row.title,
    iconUrl: row.iconUrl,
    issuerUrl: row.issuerUrl,
    clientId: row.clientId,
    enabled: row.enabled,
    domains: row.domains.map((entry) => entry.domain),
    loginUrl: new URL(`/${row.id}/login`, publicUrl).toString(),
  }
}
