import type { EmailCheckResponse } from '@canopy/contracts'
import type { SsoProvider } from '../config.js'

/**
 * Which sign-in an address uses: a provider whose SSO_PROVIDERS entry lists the address's domain (or a
 * parent domain of it), or the provider the account was created with; otherwise a password.
 */
export function checkSso(
  providers: SsoProvider[],
  email: string,
  accountProvider: string | null = null,
): EmailCheckResponse {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase()
  const provider =
    providers.find((candidate) => candidate.id === accountProvider) ??
    providers.find((candidate) =>
      candidate.domains.some((listed) => domain === listed || domain.endsWith(`.${listed}`)),
    )
  if (!provider) return { isSSO: false, ssoProvider: null, ssoIcon: null, title: null }
  return { isSSO: true, ssoProvider: provider.id, ssoIcon: provider.icon, title: provider.title }
}
