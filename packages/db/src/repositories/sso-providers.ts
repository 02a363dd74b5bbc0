import type { DbClient } from './db-client.js'

const providerWithDomains = { domains: { select: { domain: true }, orderBy: { domain: 'asc' } } } as const

/** A provider with its domains, or null. */
export function findSsoProvider(db: DbClient, id: string) {
  return db.ssoProvider.findUnique({ where: { id }, include: providerWithDomains })
}

/** The organisation's providers, by title. */
export function listOrganisationSsoProviders(db: DbClient, organisationId: string) {
  return db.ssoProvider.findMany({
    where: { organisationId },
    include: providerWithDomains,
    orderBy: [{ title: 'asc' }, { id: 'asc' }],
  })
}

/**
 * The enabled provider owning the longest of `domains` (an address's domain and its parent domains, most
 * specific first), or null.
 */
export async function findEnabledSsoProviderForDomains(db: DbClient, domains: string[]) {
  const owned = await db.ssoProviderDomain.findMany({
    where: { domain: { in: domains }, provider: { enabled: true } },
    include: { provider: { include: providerWithDomains } },
  })
  owned.sort((a, b) => b.domain.length - a.domain.length)
  return owned[0]?.provider ?? null
}

/** Which of `domains` another provider than `exceptProviderId` already owns. */
export async function findDomainsOwnedElsewhere(
  db: DbClient,
  domains: string[],
  exceptProviderId: string | null,
): Promise<string[]> {
  const rows = await db.ssoProviderDomain.findMany({
    where: {
      domain: { in: domains },
      ...(exceptProviderId ? { NOT: { providerId: exceptProviderId } } : {}),
    },
    select: { domain: true },
  })
  return rows.map((row) => row.domain)
}

export interface SsoProviderInput {
  title: string
  iconUrl: string | null
  issuerUrl: string
  clientId: string
  enabled: boolean
  domains: string[]
}

export function createSsoProvider(
  db: DbClient,
  input: SsoProviderInput & { id: string; organisationId: string; clientSecretSealed: string },
) {
  const { domains, ...provider } = input
  return db.ssoProvider.create({
    data: { ...provider, domains: { create: domains.map((domain) => ({ domain })) } },
    include: providerWithDomains,
  })
}

/** Replaces the provider's settings and domains; the sealed secret only when a new one is given. */
export function updateSsoProvider(
  db: DbClient,
  id: string,
  input: SsoProviderInput & { clientSecretSealed: string | null },
) {
  const { domains, clientSecretSealed, ...provider } = input
  return db.ssoProvider.update({
    where: { id },
    data: {
      ...provider,
      ...(clientSecretSealed ? { clientSecretSealed } : {}),
      domains: { deleteMany: {}, create: domains.map((domain) => ({ domain })) },
    },
    include: providerWithDomains,
  })
}

export function deleteSsoProvider(db: DbClient, id: string) {
  return db.ssoProvider.delete({ where: { id } })
}

/** The user's membership of the organisation, or null. */
export function findOrganisationMembership(
  db: DbClient,
  { organisationId, userId }: { organisationId: string; userId: string },
) {
  return db.organisationMember.findUnique({ where: { organisationId_userId: { organisationId, userId } } })
}

/** Makes the user a member (never an administrator) unless they already are one, keeping their role. */
export function ensureOrganisationMember(
  db: DbClient,
  { organisationId, userId }: { organisationId: string; userId: string },
) {
  return db.organisationMember.upsert({
    where: { organisationId_userId: { organisationId, userId } },
    create: { organisationId, userId, isAdministrator: false },
    update: {},
  })
}

/** Marks the account as one signing in through the provider. */
export function setUserSsoProvider(db: DbClient, userId: string, providerId: string) {
  return db.user.update({ where: { id: userId }, data: { ssoProvider: providerId } })
}
