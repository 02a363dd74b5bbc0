import type { GoogleAnalyticsConfig } from '@canopy/contracts'
import type { AnalyticsReportRow } from '../repositories/analytics-reports.js'

/**
 * Google's OAuth 2.0 (authorization code with PKCE, refresh token) and the GA4 Admin and Data APIs, over
 * their REST protocol, at the endpoints of the configuration (Google's own, or the local fake).
 */

export const GA4_SCOPE = 'https://www.googleapis.com/auth/analytics.readonly'
const TIMEOUT_MS = 15_000

/** Google answered with an error, or could not be reached (status 0). */
export class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'GoogleApiError'
  }
}

/** Where the browser goes to give consent: offline access (a refresh token), asked every time. */
export function authorizationUrl(
  config: GoogleAnalyticsConfig,
  { redirectUri, state, codeChallenge }: { redirectUri: string; state: string; codeChallenge: string },
): string {
  const url = new URL(config.authorizeUrl)
  const query = {
    client_id: config.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: GA4_SCOPE,
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
    state,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
  }
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  return url.toString()
}

/** The message of a Google error body: OAuth's {error, error_description} or the APIs' {error: {message}}. */
function googleMessage(body: unknown, status: number): string {
  const error = (body as { error?: unknown; error_description?: unknown } | null)?.error
  if (typeof error === 'object' && error && 'message' in error) return String(error.message)
  const description = (body as { error_description?: unknown } | null)?.error_description
  if (typeof error === 'string') return description ? `${error}: ${String(description)}` : error
  return `HTTP ${status}`
}

async function callGoogle(url: string, init: RequestInit): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch (error) {
    throw new GoogleApiError(0, `Google could not be reached (${(error as Error).message})`)
  }
  const body = await response.json().catch(() => null)
  if (!response.ok) throw new GoogleApiError(response.status, googleMessage(body, response.status))
  return body
}

function tokenRequest(config: GoogleAnalyticsConfig, fields: Record<string, string>) {
  return callGoogle(config.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      ...fields,
      client_id: config.clientId,
      client_secret: config.clientSecret,
    }).toString(),
  }) as Promise<{ access_token?: string; refresh_token?: string }>
}

/** The tokens for the code the consent redirect carried; Google gives a refresh token for offline access. */
export async function exchangeAuthorizationCode(
  config: GoogleAnalyticsConfig,
  { code, redirectUri, codeVerifier }: { code: string; redirectUri: string; codeVerifier: string },
): Promise<{ accessToken: string; refreshToken: string }> {
  const tokens = await tokenRequest(config, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: codeVerifier,
  })
  if (!tokens.access_token || !tokens.refresh_token) {
    throw new GoogleApiError(502, 'Google gave no refresh token')
  }
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token }
}

export async function refreshAccessToken(
  config: GoogleAnalyticsConfig,
  refreshToken: string,
): Promise<string> {
  const tokens = await tokenRequest(config, { grant_type: 'refresh_token', refresh_token: refreshToken })
  if (!tokens.access_token) throw new GoogleApiError(502, 'Google gave no access token')
  return tokens.access_token
}

interface AccountSummariesPage {
  accountSummaries?: { propertySummaries?: { property?: string }[] }[]
  nextPageToken?: string
}

/** The ids of every GA4 property the account can read (Admin API accountSummaries, all pages). */
export async function listPropertyIds(config: GoogleAnalyticsConfig, accessToken: string): Promise<string[]> {
  const ids: string[] = []
  let pageToken: string | undefined
  do {
    const url = new URL(`${config.adminApiUrl}/v1beta/accountSummaries`)
    url.searchParams.set('pageSize', '200')
    if (pageToken) url.searchParams.set('pageToken', pageToken)
    const page = (await callGoogle(url.toString(), {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    })) as AccountSummariesPage
    for (const account of page.accountSummaries ?? []) {
      for (const property of account.propertySummaries ?? []) {
        const id = property.property?.replace(/^properties\//, '')
        if (id) ids.push(id)
      }
    }
    pageToken = page.nextPageToken || undefined
  } while (pageToken)
  return ids
}

/** What one report asks: page views by these dimensions over start..end, for one page path or all. */
export interface ReportRequest {
  dimensions: string[]
  start: string
  end: string
  pagePath?: string
  /** most viewed first, at most this many rows */
  top?: number
}

interface RunReportAnswer {
  rows?: { dimensionValues?: { value?: string }[]; metricValues?: { value?: string }[] }[]
}

/** Data API runReport of screenPageViews. */
export async function runViewsReport(
  config: GoogleAnalyticsConfig,
  { accessToken, propertyId }: { accessToken: string; propertyId: string },
  request: ReportRequest,
): Promise<AnalyticsReportRow[]> {
  const body = {
    dateRanges: [{ startDate: request.start, endDate: request.end }],
    dimensions: request.dimensions.map((name) => ({ name })),
    metrics: [{ name: 'screenPageViews' }],
    ...(request.pagePath !== undefined && {
      dimensionFilter: {
        filter: { fieldName: 'pagePath', stringFilter: { matchType: 'EXACT', value: request.pagePath } },
      },
    }),
    ...(request.top !== undefined && {
      orderBys: [{ metric: { metricName: 'screenPageViews' }, desc: true }],
      limit: String(request.top),
    }),
  }
  const url = `${config.dataApiUrl}/v1beta/properties/${encodeURIComponent(propertyId)}:runReport`
  const answer = (await callGoogle(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify(body),
  })) as RunReportAnswer
  return (answer.rows ?? []).map((row) => ({
    dimensions: (row.dimensionValues ?? []).map((value) => value.value ?? ''),
    views: Number(row.metricValues?.[0]?.value ?? 0) || 0,
  }))
}
