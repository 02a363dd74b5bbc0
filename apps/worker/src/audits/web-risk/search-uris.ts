import { WEB_RISK_THREAT_TYPES, WebRiskSearchResponseSchema } from '@canopy/contracts'
import type { AddressGuard } from '../../net/index.js'
import { createLimiter } from '../links/limit-concurrency.js'

/** Google's endpoint; a site's integration (config.baseUrl) or WEB_RISK_BASE_URL may name another. */
export const DEFAULT_WEB_RISK_BASE_URL = 'https://webrisk.googleapis.com'

export interface WebRiskVerdict {
  threatTypes: string[]
  /** until when the match may be kept; null: not to be kept */
  expiresAt: Date | null
}

export interface WebRiskClientOptions {
  baseUrl: string
  apiKey: string
  /** the worker's network guard: a configured base URL is checked like any other address */
  guard: AddressGuard
  timeoutMs: number
  /** searches in flight at once; default 4 */
  concurrency?: number
}

/** The API refused the search (a wrong key, a quota): the whole check stops, nothing is concluded. */
export class WebRiskRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'WebRiskRequestError'
  }
}

function searchUrl(baseUrl: string, uri: string, apiKey: string): URL {
  const url = new URL('/v1/uris:search', baseUrl)
  url.searchParams.set('uri', uri)
  for (const type of WEB_RISK_THREAT_TYPES) url.searchParams.append('threatTypes', type)
  url.searchParams.set('key', apiKey)
  return url
}

/** uris.search of one URI against the three threat lists: null when it is on none of them. */
export async function searchUri(options: WebRiskClientOptions, uri: string): Promise<WebRiskVerdict | null> {
  const response = await options.guard.fetch(searchUrl(options.baseUrl, uri, options.apiKey), {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(options.timeoutMs),
  })
  if (!response.ok) {
    // Google's error body names the problem ({error: {message}}); the key itself is never logged.
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null
    throw new WebRiskRequestError(response.status, body?.error?.message ?? `HTTP ${response.status}`)
  }
  const { threat } = WebRiskSearchResponseSchema.parse(await response.json())
  if (!threat?.threatTypes.length) return null
  const expiresAt = threat.expireTime ? new Date(threat.expireTime) : null
  return {
    threatTypes: threat.threatTypes,
    expiresAt: expiresAt && !Number.isNaN(expiresAt.getTime()) ? expiresAt : null,
  }
}

/** Only web addresses can be searched; mailto:, tel: and the like are not links Web Risk lists. */
function isWebUrl(url: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol)
  } catch {
    return false
  }
}

export interface WebRiskCache {
  /** matches still within their expiry, by URL */
  find(urls: string[]): Promise<Map<string, string[]>>
  store(verdicts: { url: string; threatTypes: string[]; expiresAt: Date }[]): Promise<void>
}

/**
 * The threat types of every listed URL among `urls`. A match found before and not yet expired is answered
 * from the cache; every other URL is searched (a URL on no list comes with no expiry, so it is not kept and
 * is searched again next time); matches are kept until the expireTime the API gave them.
 */
export async function checkUrlsWithWebRisk(
  urls: string[],
  options: WebRiskClientOptions & { cache: WebRiskCache },
): Promise<Map<string, string[]>> {
  const candidates = [...new Set(urls)].filter(isWebUrl)
  const listed = await options.cache.find(candidates)
  const limit = createLimiter(options.concurrency ?? 4)
  const found: { url: string; threatTypes: string[]; expiresAt: Date }[] = []
  await Promise.all(
    candidates
      .filter((url) => !listed.has(url))
      .map((url) =>
        limit(async () => {
          const verdict = await searchUri(options, url)
          if (!verdict) return
          listed.set(url, verdict.threatTypes)
          if (verdict.expiresAt)
            found.push({ url, threatTypes: verdict.threatTypes, expiresAt: verdict.expiresAt })
        }),
      ),
  )
  await options.cache.store(found)
  return listed
}
