import { createHash, randomBytes } from 'node:crypto'
import {
  ANALYTICS_NOT_CONFIGURED_MESSAGE,
  GA4_CONNECT_DEFAULT_ERROR_PATH,
  GA4_CONNECT_DEFAULT_SUCCESS_PATH,
  GA4_CONNECT_ERROR_PARAM,
  GA4_CONNECT_MESSAGES,
  type Ga4CallbackQuery,
  type Ga4ConnectQuery,
  Ga4IntegrationConfigSchema,
  type GoogleAnalyticsConfig,
} from '@canopy/contracts'
import {
  deleteAnalyticsReports,
  findIntegration,
  type PrismaClient,
  SECRETS_KEY_MISSING_MESSAGE,
  type SecretBox,
  saveIntegration,
} from '@canopy/db'
import {
  authorizationUrl,
  exchangeAuthorizationCode,
  GoogleApiError,
  listPropertyIds,
} from '@canopy/db/google-analytics'
import type { Redis } from 'ioredis'
import { createOAuthFlowStore, readReturnPath } from '../lib/oauth-flows.js'

// Connecting a site's web analytics: Google's OAuth 2.0 authorization code flow with PKCE. The start stores
// the flow (state → user, site, PKCE verifier, where to end) in Redis for 10 minutes, once; the callback
// takes it back, exchanges the code, stores the refresh token sealed on the site's analytics integration
// with the account's GA4 properties, and sends the popup to its success or error page.

const FLOW_TTL_SECONDS = 600

export interface Ga4ConnectDeps {
  redis: Redis
  queuePrefix: string
  publicUrl: string
  googleAnalytics: GoogleAnalyticsConfig | null
  secrets: SecretBox
}

/** Where the popup ends: same-origin paths only. */
export interface Ga4ConnectEnds {
  successPath: string
  errorPath: string
}

interface Ga4Flow extends Ga4ConnectEnds {
  userId: string
  siteId: string
  slug: string
  codeVerifier: string
}

const flows = (deps: Ga4ConnectDeps) =>
  createOAuthFlowStore<Ga4Flow>({
    redis: deps.redis,
    keyPrefix: `${deps.queuePrefix}:ga4-oauth`,
    ttlSeconds: FLOW_TTL_SECONDS,
    stateBytes: 24,
  })
export const ga4CallbackUrl = (publicUrl: string) => `${publicUrl}/auth/ga4/callback`

/** success_url and error_url when on Canopy's own origin (400 naming the field otherwise). */
export function connectEnds(query: Ga4ConnectQuery, publicUrl: string): Ga4ConnectEnds {
  const invalidMessage = 'Use an address on this site.'
  return {
    successPath: readReturnPath(query.success_url, {
      field: 'success_url',
      fallback: GA4_CONNECT_DEFAULT_SUCCESS_PATH,
      publicUrl,
      invalidMessage,
    }),
    errorPath: readReturnPath(query.error_url, {
      field: 'error_url',
      fallback: GA4_CONNECT_DEFAULT_ERROR_PATH,
      publicUrl,
      invalidMessage,
    }),
  }
}

export function errorLocation(errorPath: string, message: string): string {
  const url = new URL(errorPath, 'http://canopy.invalid')
  url.searchParams.set(GA4_CONNECT_ERROR_PARAM, message)
  return `${url.pathname}${url.search}${url.hash}`
}

/** Where the popup goes to start: Google's consent page, or the error page when connecting cannot work here. */
export async function startGa4Connect(
  deps: Ga4ConnectDeps,
  flow: { userId: string; siteId: string; slug: string } & Ga4ConnectEnds,
): Promise<string> {
  if (!deps.googleAnalytics) return errorLocation(flow.errorPath, ANALYTICS_NOT_CONFIGURED_MESSAGE)
  if (!deps.secrets.available) return errorLocation(flow.errorPath, SECRETS_KEY_MISSING_MESSAGE)
  const codeVerifier = randomBytes(48).toString('base64url')
  const state = await flows(deps).start({ ...flow, codeVerifier })
  return authorizationUrl(deps.googleAnalytics, {
    redirectUri: ga4CallbackUrl(deps.publicUrl),
    state,
    codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url'),
  })
}

/**
 * Keeps the property chosen while the account still has it, and web analytics on only with a property;
 * the reports kept for the previous account are forgotten.
 */
async function storeConnection(
  prisma: PrismaClient,
  siteId: string,
  { sealedToken, propertyIds }: { sealedToken: string; propertyIds: string[] },
) {
  const stored = await findIntegration(prisma, siteId, 'analytics')
  const config = Ga4IntegrationConfigSchema.parse(stored?.config ?? {})
  const propertyID = config.propertyID && propertyIds.includes(config.propertyID) ? config.propertyID : null
  await saveIntegration(prisma, siteId, 'analytics', {
    enabled: Boolean(stored?.enabled && propertyID),
    config: { propertyID, propertyIdList: propertyIds },
    secrets: { refreshToken: sealedToken },
  })
  await deleteAnalyticsReports(prisma, siteId)
}

export interface Ga4CallbackCheck {
  /** the caller still administers the flow's site (throws when not) */
  assertSiteAdmin(userId: string, slug: string): Promise<string>
}

/**
 * Where the popup goes after Google's redirect: success_url once the account is connected, else error_url
 * (or the default error page when the state is unknown) with the reason.
 */
export async function finishGa4Connect(
  deps: Ga4ConnectDeps & { prisma: PrismaClient },
  { userId, query, check }: { userId: string; query: Ga4CallbackQuery; check: Ga4CallbackCheck },
): Promise<string> {
  const flow = await flows(deps).take(query.state)
  if (!flow) return errorLocation(GA4_CONNECT_DEFAULT_ERROR_PATH, GA4_CONNECT_MESSAGES.expired)
  const fail = (message: string) => errorLocation(flow.errorPath, message)
  if (flow.userId !== userId) return fail(GA4_CONNECT_MESSAGES.otherUser)
  if (query.error || !query.code) return fail(GA4_CONNECT_MESSAGES.denied)
  if (!deps.googleAnalytics) return fail(ANALYTICS_NOT_CONFIGURED_MESSAGE)
  try {
    const siteId = await check.assertSiteAdmin(userId, flow.slug)
    const tokens = await exchangeAuthorizationCode(deps.googleAnalytics, {
      code: query.code,
      redirectUri: ga4CallbackUrl(deps.publicUrl),
      codeVerifier: flow.codeVerifier,
    })
    const propertyIds = await listPropertyIds(deps.googleAnalytics, tokens.accessToken)
    const sealedToken = deps.secrets.seal(tokens.refreshToken)
    await storeConnection(deps.prisma, siteId, { sealedToken, propertyIds })
    return flow.successPath
  } catch (error) {
    if (error instanceof GoogleApiError) return fail(`${GA4_CONNECT_MESSAGES.googleFailed}: ${error.message}`)
    if (error instanceof Error && 'statusCode' in error) return fail(error.message)
    throw error
  }
}
