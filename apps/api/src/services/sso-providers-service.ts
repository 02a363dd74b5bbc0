import {
  type CreateSsoProviderRequest,
  SSO_MESSAGES,
  type SsoProviderList,
  type UpdateSsoProviderRequest,
} from '@canopy/contracts'
import {
  createSsoProvider,
  deleteSsoProvider,
  findDomainsOwnedElsewhere,
  findOrganisationMembership,
  findSsoProvider,
  isUniqueConstraintError,
  listOrganisationSsoProviders,
  type PrismaClient,
  type SecretBox,
  updateSsoProvider,
} from '@canopy/db'
import { badRequest, conflict, forbidden, notFound } from '../http-errors.js'
import { describeOidcError, discoverProvider, isAllowedIssuerUrl } from '../lib/oidc.js'
import { presentSsoProvider } from '../presenters/sso-provider.js'
import { SSO_CALLBACK_PATH } from './sso-login-service.js'

export interface SsoAdminDeps {
  prisma: PrismaClient
  secrets: SecretBox
  publicUrl: string
}

/** Only the organisation's administrators manage its sign-on: 404 for others outside it, 403 for its members. */
async function requireOrganisationAdministrator(
  prisma: PrismaClient,
  organisationId: string,
  userId: string,
) {
  const membership = await findOrganisationMembership(prisma, { organisationId, userId })
  if (!membership) throw notFound(SSO_MESSAGES.organisationNotFound)
  if (!membership.isAdministrator) throw forbidden(SSO_MESSAGES.notAdministrator)
}

/** The organisation's provider, or 404 (also for another organisation's). */
async function findOwnProvider(prisma: PrismaClient, organisationId: string, providerId: string) {
  const provider = await findSsoProvider(prisma, providerId)
  if (!provider || provider.organisationId !== organisationId) throw notFound(SSO_MESSAGES.notFound)
  return provider
}

export async function listSsoProviders(
  deps: SsoAdminDeps,
  { organisationId, userId }: { organisationId: string; userId: string },
): Promise<SsoProviderList> {
  await requireOrganisationAdministrator(deps.prisma, organisationId, userId)
  const rows = await listOrganisationSsoProviders(deps.prisma, organisationId)
  return {
    providers: rows.map((row) => presentSsoProvider(row, deps.publicUrl)),
    callbackUrl: new URL(SSO_CALLBACK_PATH, deps.publicUrl).toString(),
  }
}

/** The provider must answer discovery with these settings before they are saved. */
async function checkDiscovery(issuerUrl: string, clientId: string, clientSecret: string) {
  if (!isAllowedIssuerUrl(issuerUrl)) throw badRequest('issuerUrl', SSO_MESSAGES.issuerInvalid)
  try {
    await discoverProvider({ issuerUrl, clientId, clientSecret })
  } catch (error) {
    throw badRequest('issuerUrl', SSO_MESSAGES.discoveryFailed(describeOidcError(error)))
  }
}

/** An e-mail domain belongs to one provider only. */
async function checkDomainsFree(prisma: PrismaClient, domains: string[], providerId: string | null) {
  const [taken] = await findDomainsOwnedElsewhere(prisma, domains, providerId)
  if (taken) throw conflict('domains', SSO_MESSAGES.domainTaken(taken))
}

export async function addSsoProvider(
  deps: SsoAdminDeps,
  { organisationId, userId }: { organisationId: string; userId: string },
  body: CreateSsoProviderRequest,
) {
  await requireOrganisationAdministrator(deps.prisma, organisationId, userId)
  if (await findSsoProvider(deps.prisma, body.id)) throw conflict('id', SSO_MESSAGES.idTaken)
  await checkDomainsFree(deps.prisma, body.domains, null)
  await checkDiscovery(body.issuerUrl, body.clientId, body.clientSecret)
  const { clientSecret, ...settings } = body
  const row = await createSsoProvider(deps.prisma, {
    ...settings,
    organisationId,
    clientSecretSealed: deps.secrets.seal(clientSecret),
  }).catch(rethrowTaken)
  return presentSsoProvider(row, deps.publicUrl)
}

export async function changeSsoProvider(
  deps: SsoAdminDeps,
  { organisationId, userId, providerId }: { organisationId: string; userId: string; providerId: string },
  body: UpdateSsoProviderRequest,
) {
  await requireOrganisationAdministrator(deps.prisma, organisationId, userId)
  const existing = await findOwnProvider(deps.prisma, organisationId, providerId)
  await checkDomainsFree(deps.prisma, body.domains, providerId)
  const clientSecret = body.clientSecret ?? deps.secrets.open(existing.clientSecretSealed)
  await checkDiscovery(body.issuerUrl, body.clientId, clientSecret)
  const { clientSecret: _kept, ...settings } = body
  const row = await updateSsoProvider(deps.prisma, providerId, {
    ...settings,
    clientSecretSealed: body.clientSecret ? deps.secrets.seal(body.clientSecret) : null,
  }).catch(rethrowTaken)
  return presentSsoProvider(row, deps.publicUrl)
}

export async function removeSsoProvider(
  deps: SsoAdminDeps,
  { organisationId, userId, providerId }: { organisationId: string; userId: string; providerId: string },
) {
  await requireOrganisationAdministrator(deps.prisma, organisationId, userId)
  await findOwnProvider(deps.prisma, organisationId, providerId)
  await deleteSsoProvider(deps.prisma, providerId)
  return { ok: true as const }
}

/** Two administrators saving the same identifier or domain at once: the database keeps one. */
function rethrowTaken(error: unknown): never {
  if (isUniqueConstraintError(error)) throw conflict('domains', SSO_MESSAGES.takenMeanwhile)
  throw error
}
