import { timingSafeEqual } from 'node:crypto'
import { SSO_MESSAGES, type SsoStartQuery } from '@canopy/contracts'
import {
  createAccountToken,
  createUser,
  ensureOrganisationMember,
  findSsoProvider,
  findUserByEmail,
  isAccountExpired,
  type PrismaClient,
  type SecretBox,
  setUserSsoProvider,
  type User,
} from '@canopy/db'
import type { Redis } from 'ioredis'
import * as client from 'openid-client'
import { badRequest } from '../http-errors.js'
import { createOAuthFlowStore, readReturnPath } from '../lib/oauth-flows.js'
import { discoverProvider } from '../lib/oidc.js'
import { createTtlCache } from '../lib/ttl-cache.js'
import type { Mailer } from '../plugins/app/mailer.js'
import { composeVerificationEmail } from './account-emails.js'
import { buildVerificationLink, VERIFICATION_LINK_TTL_MS } from './account-service.js'
import { providerOwnsAddress } from './sso.js'
import { createSecretToken, hashToken } from './tokens.js'

/** How long a sign-on may take between leaving for the provider and coming back. */
export const SSO_TRANSACTION_TTL_SECONDS = 600
export const SSO_BINDING_COOKIE = 'canopy_sso'
export const SSO_CALLBACK_PATH = '/auth/sso'
const DEFAULT_SUCCESS_PATH = '/'
export const DEFAULT_ERROR_PATH = '/sso/error'

export interface SsoDeps {
  prisma: PrismaClient
  redis: Redis
  mailer: Mailer
  secrets: SecretBox
  publicUrl: string
  queuePrefix: string
}

/** What one sign-on keeps server-side, under its state, while the browser is at the provider. */
interface SsoTransaction {
  providerId: string
  codeVerifier: string
  nonce: string
  /** the random value of the browser's binding cookie: the callback must come from the same browser */
  binding: string
  successPath: string
  errorPath: string
}

/** A sign-on that cannot go on; the browser is sent to the error page, the reason only logged. */
export class SsoFailure extends Error {
  readonly errorPath: string

  constructor(reason: string, errorPath: string, cause?: unknown) {
    super(reason, { cause })
    this.name = 'SsoFailure'
    this.errorPath = errorPath
  }
}

const transactions = (deps: SsoDeps) =>
  createOAuthFlowStore<SsoTransaction>({
    redis: deps.redis,
    keyPrefix: `${deps.queuePrefix}:sso`,
    ttlSeconds: SSO_TRANSACTION_TTL_SECONDS,
  })

// The discovery document and keys of a provider, read again after five minutes or once it is changed.
const discoveries = createTtlCache<client.Configuration>({ ttlMs: 300_000, maxEntries: 100 })

type ProviderRow = NonNullable<Awaited<ReturnType<typeof findSsoProvider>>>

function configurationOf(deps: SsoDeps, provider: ProviderRow): Promise<client.Configuration> {
  return discoveries(`${provider.id}:${provider.updatedAt.getTime()}`, () =>
    discoverProvider({
      issuerUrl: provider.issuerUrl,
      clientId: provider.clientId,
      clientSecret: deps.secrets.open(provider.clientSecretSealed),
    }),
  )
}

/**
 * The pages the browser returns to, both on this application only (no open redirect): a path, or an
 * absolute URL of PUBLIC_URL's origin. The callback, when named, must be the API's own /auth/sso.
 */
export function readReturnPaths(query: SsoStartQuery, publicUrl: string) {
  const invalidMessage = SSO_MESSAGES.returnUrlInvalid
  const successPath = readReturnPath(query.success_url, {
    field: 'success_url',
    fallback: DEFAULT_SUCCESS_PATH,
    publicUrl,
    invalidMessage,
  })
  const errorPath = readReturnPath(query.error_url, {
    field: 'error_url',
    fallback: DEFAULT_ERROR_PATH,
    publicUrl,
    invalidMessage,
  })
  if (query.cookie_callback && !isOwnCallback(query.cookie_callback, publicUrl)) {
    throw badRequest('cookie_callback', SSO_MESSAGES.callbackInvalid)
  }
  return { successPath, errorPath }
}

function isOwnCallback(value: string, publicUrl: string): boolean {
  return URL.canParse(value, publicUrl) && new URL(value, publicUrl).pathname === SSO_CALLBACK_PATH
}

/**
 * Starts the authorisation code flow with PKCE, state and nonce: keeps them server-side under the state
 * (single use, ten minutes) and answers the provider's authorisation URL and the browser binding value.
 */
export async function startSsoLogin(deps: SsoDeps, providerId: string, query: SsoStartQuery) {
  const { successPath, errorPath } = readReturnPaths(query, deps.publicUrl)
  const provider = await findSsoProvider(deps.prisma, providerId)
  if (!provider?.enabled) throw new SsoFailure(`no enabled provider ${providerId}`, errorPath)
  const configuration = await configurationOf(deps, provider).catch((error: unknown) => {
    throw new SsoFailure(`discovery of ${provider.issuerUrl} failed`, errorPath, error)
  })
  const codeVerifier = client.randomPKCECodeVerifier()
  const transaction: SsoTransaction = {
    providerId,
    codeVerifier,
    nonce: client.randomNonce(),
    binding: createSecretToken(),
    successPath,
    errorPath,
  }
  const state = await transactions(deps).start(transaction)
  const parameters: Record<string, string> = {
    redirect_uri: new URL(SSO_CALLBACK_PATH, deps.publicUrl).toString(),
    scope: 'openid email profile',
    response_type: 'code',
    state,
    nonce: transaction.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  }
  if (query.login_hint) parameters.login_hint = query.login_hint
  return {
    url: client.buildAuthorizationUrl(configuration, parameters).toString(),
    binding: transaction.binding,
  }
}

/** The transaction of `state`, removed as it is read so that a callback cannot be replayed. */
async function takeTransaction(deps: SsoDeps, state: string | undefined): Promise<SsoTransaction> {
  const transaction = await transactions(deps).take(state)
  if (!transaction) throw new SsoFailure('unknown, used or expired state', DEFAULT_ERROR_PATH)
  return transaction
}

function sameSecret(a: string | undefined, b: string): boolean {
  const given = Buffer.from(a ?? '')
  const expected = Buffer.from(b)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export interface SsoCallback {
  /** the callback URL as the browser requested it (path and query) */
  url: string
  state: string | undefined
  /** the binding cookie the browser sent */
  binding: string | undefined
}

export type SsoOutcome =
  | { kind: 'signed-in'; userId: string; redirectTo: string }
  | { kind: 'registered'; redirectTo: string }

/**
 * Finishes a sign-on: exchanges the code (PKCE, state and nonce checked, ID token validated by
 * openid-client), then admits a verified address of a domain the provider owns. A new address gets an
 * account in the provider's organisation and must verify it by e-mail before its first session.
 */
export async function completeSsoLogin(deps: SsoDeps, callback: SsoCallback): Promise<SsoOutcome> {
  const transaction = await takeTransaction(deps, callback.state)
  const fail = (reason: string, cause?: unknown) => new SsoFailure(reason, transaction.errorPath, cause)
  if (!sameSecret(callback.binding, transaction.binding)) throw fail('the callback came from another browser')
  const provider = await findSsoProvider(deps.prisma, transaction.providerId)
  if (!provider?.enabled) throw fail(`provider ${transaction.providerId} is gone or disabled`)
  const identity = await exchangeCode(deps, provider, transaction, callback).catch((error: unknown) => {
    throw fail('the code exchange or ID token check failed', error)
  })
  if (!identity) throw fail('the ID token has no verified e-mail address')
  const { email } = identity
  if (
    !providerOwnsAddress(
      provider.domains.map((row) => row.domain),
      email,
    )
  ) {
    throw fail(`${email} is not in a domain of provider ${provider.id}`)
  }
  const existing = await findUserByEmail(deps.prisma, email)
  // An expired account stays out however it signs in.
  if (existing && isAccountExpired(existing)) throw fail(`the account of ${email} has expired`)
  if (existing && (await signsInElsewhere(deps.prisma, existing, provider.id))) {
    throw fail(`${email} signs in with provider ${existing.ssoProvider}`)
  }
  const user = existing ?? (await createSsoUser(deps.prisma, provider, identity))
  await linkUserToProvider(deps.prisma, user, provider)
  if (!user.emailVerifiedAt) {
    await sendSsoVerification(deps, user).catch((error: unknown) => {
      throw fail('the verification e-mail could not be sent', error)
    })
    return { kind: 'registered', redirectTo: `/${provider.id}/registered` }
  }
  return { kind: 'signed-in', userId: user.id, redirectTo: transaction.successPath }
}

interface SsoIdentity {
  email: string
  firstName: string
  lastName: string
}

const textClaim = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 100) : '')

/** The ID token's e-mail address (lower-cased) and names, when the provider says the address is verified. */
async function exchangeCode(
  deps: SsoDeps,
  provider: ProviderRow,
  transaction: SsoTransaction,
  callback: SsoCallback,
): Promise<SsoIdentity | null> {
  const configuration = await configurationOf(deps, provider)
  const tokens = await client.authorizationCodeGrant(configuration, new URL(callback.url, deps.publicUrl), {
    pkceCodeVerifier: transaction.codeVerifier,
    expectedState: callback.state,
    expectedNonce: transaction.nonce,
    idTokenExpected: true,
  })
  const claims = tokens.claims()
  if (!claims || typeof claims.email !== 'string' || claims.email_verified !== true) return null
  const email = claims.email.trim().toLowerCase()
  return {
    email,
    firstName: textClaim(claims.given_name) || email.slice(0, email.indexOf('@')),
    lastName: textClaim(claims.family_name),
  }
}

/** Whether the account belongs to another provider that still signs people in (a removed one lets it move). */
async function signsInElsewhere(prisma: PrismaClient, user: User, providerId: string): Promise<boolean> {
  if (!user.ssoProvider || user.ssoProvider === providerId) return false
  return (await findSsoProvider(prisma, user.ssoProvider))?.enabled ?? false
}

async function createSsoUser(prisma: PrismaClient, provider: ProviderRow, identity: SsoIdentity) {
  return createUser(prisma, {
    ...identity,
    passwordHash: null,
    emailVerifiedAt: null,
  }).then((user) => setUserSsoProvider(prisma, user.id, provider.id))
}

/** The account signs in through the provider from now on, and belongs to the provider's organisation. */
async function linkUserToProvider(prisma: PrismaClient, user: User, provider: ProviderRow) {
  if (user.ssoProvider !== provider.id) await setUserSsoProvider(prisma, user.id, provider.id)
  await ensureOrganisationMember(prisma, { organisationId: provider.organisationId, userId: user.id })
}

async function sendSsoVerification(deps: SsoDeps, user: User) {
  const token = createSecretToken()
  await createAccountToken(deps.prisma, {
    userId: user.id,
    kind: 'verify_email',
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + VERIFICATION_LINK_TTL_MS),
  })
  const link = buildVerificationLink(deps.publicUrl, user.id, token, undefined)
  await deps.mailer.send(composeVerificationEmail({ to: user.email, firstName: user.firstName, link }))
}
