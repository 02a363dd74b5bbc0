import * as client from 'openid-client'

/** How long a request to an OpenID provider may take. */
export const OIDC_TIMEOUT_SECONDS = 10

export interface OidcClientSettings {
  issuerUrl: string
  clientId: string
  clientSecret: string
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * A provider is reached over https; plain http only on this machine (a local provider for tests and the
 * demo), where nothing travels over a network.
 */
export function isAllowedIssuerUrl(value: string): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  if (url.username || url.password || url.search || url.hash) return false
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
}

/** The provider's metadata from its discovery document, checked by openid-client; throws why it failed. */
export async function discoverProvider(settings: OidcClientSettings): Promise<client.Configuration> {
  const issuer = new URL(settings.issuerUrl)
  const configuration = await client.discovery(
    issuer,
    settings.clientId,
    { client_secret: settings.clientSecret },
    client.ClientSecretPost(settings.clientSecret),
    {
      timeout: OIDC_TIMEOUT_SECONDS,
      execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
    },
  )
  configuration.timeout = OIDC_TIMEOUT_SECONDS
  return configuration
}

/** Why discovery failed, in words an administrator can act on. */
export function describeOidcError(error: unknown): string {
  if (error instanceof client.ResponseBodyError)
    return `${error.error}: ${error.error_description ?? ''}`.trim()
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : ''
    return `${error.message}${cause}`
  }
  return String(error)
}
