import { type EmailCheckResponse, SSO_MESSAGES } from '@canopy/contracts'
import {
  findEnabledSsoProviderForDomains,
  findSsoProvider,
  findUserByEmail,
  normaliseEmail,
  type PrismaClient,
} from '@canopy/db'
import { forbidden } from '../http-errors.js'

/** The address's domain and its parent domains, most specific first (a provider owning a domain owns its subdomains). */
export function domainsOfAddress(email: string): string[] {
  const labels = email
    .slice(email.lastIndexOf('@') + 1)
    .toLowerCase()
    .split('.')
  const domains: string[] = []
  for (let start = 0; start < labels.length - 1; start += 1) domains.push(labels.slice(start).join('.'))
  return domains
}

/** Whether one of the provider's domains is the address's domain or a parent domain of it. */
export function providerOwnsAddress(providerDomains: string[], email: string): boolean {
  return domainsOfAddress(email).some((domain) => providerDomains.includes(domain))
}

type SsoProviderRow = NonNullable<Awaited<ReturnType<typeof findSsoProvider>>>

/**
 * The enabled provider an address signs in with: the one the account was created with, else the one owning
 * the address's domain; null for a password sign-in.
 */
export async function findProviderForAddress(
  prisma: PrismaClient,
  email: string,
  accountProvider: string | null = null,
): Promise<SsoProviderRow | null> {
  if (accountProvider) {
    const provider = await findSsoProvider(prisma, accountProvider)
    if (provider?.enabled) return provider
  }
  const domains = domainsOfAddress(email)
  return domains.length > 0 ? findEnabledSsoProviderForDomains(prisma, domains) : null
}

/** The email check's answer: which sign-in an address uses. */
export function presentEmailCheck(provider: SsoProviderRow | null): EmailCheckResponse {
  if (!provider) return { isSSO: false, ssoProvider: null, ssoIcon: null, title: null }
  return { isSSO: true, ssoProvider: provider.id, ssoIcon: provider.iconUrl, title: provider.title }
}

/** Addresses that sign in through an enabled provider never sign in with a password, even one set before. */
export async function refusePasswordForSso(prisma: PrismaClient, username: string) {
  const email = normaliseEmail(username)
  const user = await findUserByEmail(prisma, email)
  if (await findProviderForAddress(prisma, email, user?.ssoProvider))
    throw forbidden(SSO_MESSAGES.passwordRefused)
}
