import { isInsideSiteScope } from '@canopy/contracts'
import { describeFailure, type LinkError } from '../audits/links/link-status.js'
import type { AddressGuard } from '../net/index.js'
import { normalizeUrl } from './normalize-url.js'

/** The site's root gave no HTTP answer at all: nothing of the site can be scanned. */
export class SiteUnreachableError extends Error {
  override readonly name = 'SiteUnreachableError'
  constructor(
    readonly rootUrl: string,
    readonly reason: string,
    /** the address guard refused the host: a retry cannot help */
    readonly blocked: boolean,
  ) {
    super(`The site's root ${rootUrl} could not be loaded: ${reason}.`)
  }
}

export interface RootAnswer {
  status: number
  finalUrl: string
  contentType: string | null
}

const NO_ANSWER: Record<LinkError, string> = {
  HttpTimeout: 'no answer in time',
  CertificateError: 'its TLS certificate is not valid',
  DnsFailure: 'its host name does not resolve',
  ConnectionRefused: 'the connection was refused',
  ConnectionReset: 'the connection was reset',
  TooManyRedirects: 'it redirects too many times',
  AddressBlocked: 'its address is private and not allow-listed (CANOPY_SCAN_ALLOW_HOSTS)',
  InvalidUrl: 'it is not a valid address',
  UnsupportedScheme: 'it is not a web address',
  RobotsDisallowed: 'its robots.txt asks bots not to fetch it',
  CrawlDelayBudget: 'its robots.txt crawl-delay leaves no time to fetch it',
  NetworkError: 'a network error',
}

/** The innermost message of a fetch error (fetch wraps the socket's in `cause`), e.g. `connect ECONNREFUSED …`. */
function innermostMessage(error: unknown): string | null {
  let message: string | null = null
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth += 1) {
    const text = (current as { message?: unknown }).message
    if (typeof text === 'string' && text && text !== 'fetch failed') message = text
    current = (current as { cause?: unknown }).cause
  }
  return message
}

/** Why a request got no answer, in words a site owner can act on. */
export function describeNoAnswer(error: unknown): string {
  const kind = describeFailure(error).error
  const detail = innermostMessage(error)
  return detail && kind !== 'AddressBlocked' ? `${NO_ANSWER[kind]} (${detail})` : NO_ANSWER[kind]
}

/**
 * Requests the site's root once through the guard (the body is not read). Any HTTP answer, even an error,
 * shows the site is there; no answer at all throws SiteUnreachableError.
 */
export async function checkRoot(
  guard: AddressGuard,
  rootUrl: string,
  { userAgent, timeoutMs }: { userAgent: string; timeoutMs: number },
): Promise<RootAnswer> {
  try {
    const { response, finalUrl } = await guard.fetchFollowingRedirects(rootUrl, {
      headers: { 'user-agent': userAgent, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' },
      timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    })
    await response.body?.cancel().catch(() => undefined)
    return { status: response.status, finalUrl, contentType: response.headers.get('content-type') }
  } catch (error) {
    const blocked = describeFailure(error).error === 'AddressBlocked'
    throw new SiteUnreachableError(rootUrl, describeNoAnswer(error), blocked)
  }
}

/** Why an answering root is not a page the scan can start from, or null when it is one. */
export function describeRootAnswer(answer: RootAnswer, rootUrl: string): string | null {
  if (answer.status >= 400) return `it answers HTTP ${answer.status}`
  const landed = normalizeUrl(answer.finalUrl)
  if (landed && landed !== normalizeUrl(rootUrl) && !isInsideSiteScope(rootUrl, landed))
    return `it redirects to ${landed}, outside the site root`
  if (answer.contentType && !/html|xml/i.test(answer.contentType))
    return `it is not an HTML page (${answer.contentType})`
  return null
}
