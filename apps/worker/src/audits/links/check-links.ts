import { type AddressGuard, createAddressGuardFromEnv, type Redirect } from '../../net/index.js'
import { createLimiter } from './limit-concurrency.js'
import {
  classifyStatus,
  describeFailure,
  isBotWall,
  LINK_STATUS,
  type LinkError,
  type LinkStatusClass,
} from './link-status.js'

export interface LinkCheck {
  url: string
  /** HTTP status of the final answer, or one of LINK_STATUS's 0 / 9xx codes when there was none */
  status: number
  error: LinkError | null
  statusClass: LinkStatusClass
  /** a broken link as the spec counts them: 4xx, 5xx, 9xx (refused) and 0 (invalid) */
  isBroken: boolean
  /** we could not tell: a bot wall answered, the guard refused the address, or the scheme is not the web's */
  isUnverified: boolean
  redirectChain: Redirect[]
  finalUrl: string | null
  /** the method of the answer kept: GET when HEAD was refused */
  method: 'HEAD' | 'GET' | null
  durationMs: number
}

export interface CheckLinksOptions {
  /** requests in flight across all hosts; default 8 */
  concurrency?: number
  /** requests in flight to one host; default 2, to stay polite */
  perHostConcurrency?: number
  /** per attempt (HEAD, then GET), redirects included; default 15 s */
  timeoutMs?: number
  userAgent?: string
  guard?: AddressGuard
  maxRedirects?: number
}

const DEFAULT_USER_AGENT = 'CanopyBot/1.0 (+https://github.com/canopy)'

/** A HEAD answered with these (or any 4xx/5xx but rate limits) is retried with GET: many servers mishandle HEAD. */
function shouldRetryWithGet(status: number): boolean {
  return status >= 400 && status !== 429 && status !== 999
}

function resultFromStatus(
  url: string,
  status: number,
  headers: Headers | null,
  extra: Pick<LinkCheck, 'redirectChain' | 'finalUrl' | 'method' | 'durationMs'>,
): LinkCheck {
  const unverified = headers !== null && isBotWall(status, headers)
  const statusClass = classifyStatus(status)
  return {
    url,
    status,
    error: null,
    statusClass,
    isBroken: !unverified && (statusClass === '4xx' || statusClass === '5xx'),
    isUnverified: unverified,
    ...extra,
  }
}

function resultFromFailure(
  url: string,
  failure: unknown,
  started: number,
  method: LinkCheck['method'],
): LinkCheck {
  const { status, error } = describeFailure(failure)
  const redirects = (failure as { redirects?: Redirect[] }).redirects ?? []
  const blocked = error === 'AddressBlocked'
  return {
    url,
    status,
    error,
    statusClass: classifyStatus(status),
    isBroken: !blocked,
    isUnverified: blocked,
    redirectChain: redirects,
    finalUrl: null,
    method,
    durationMs: Date.now() - started,
  }
}

function invalid(url: string, error: 'InvalidUrl' | 'UnsupportedScheme'): LinkCheck {
  return {
    url,
    status: LINK_STATUS.invalidUrl,
    error,
    statusClass: '0',
    isBroken: error === 'InvalidUrl',
    isUnverified: error === 'UnsupportedScheme',
    redirectChain: [],
    finalUrl: null,
    method: null,
    durationMs: 0,
  }
}

/** One limiter per host, made on first use, so each host gets at most `perHost` requests in flight. */
function createPerHostLimiter(perHost: number) {
  const hostLimiters = new Map<string, ReturnType<typeof createLimiter>>()
  return (host: string) => {
    let limiter = hostLimiters.get(host)
    if (!limiter) {
      limiter = createLimiter(perHost)
      hostLimiters.set(host, limiter)
    }
    return limiter
  }
}

/**
 * The URL to request for a link, without its fragment; or why it cannot be checked: it does not parse or
 * has no host (InvalidUrl), or its scheme is not http(s) (UnsupportedScheme).
 */
function toCheckableUrl(raw: string): URL | 'InvalidUrl' | 'UnsupportedScheme' {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return 'InvalidUrl'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'UnsupportedScheme'
  if (url.hostname === '') return 'InvalidUrl'
  url.hash = ''
  return url
}

/**
 * Checks each distinct URL once (fragments ignored) and answers for every URL given. HEAD first, GET when
 * HEAD is refused; redirects are followed by the address guard, which re-checks every hop.
 */
export async function checkLinks(
  urls: Iterable<string>,
  options: CheckLinksOptions = {},
): Promise<Map<string, LinkCheck>> {
  const guard = options.guard ?? createAddressGuardFromEnv()
  const timeoutMs = options.timeoutMs ?? 15_000
  const headers = {
    'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  }
  const limitAll = createLimiter(options.concurrency ?? 8)
  const limitHost = createPerHostLimiter(options.perHostConcurrency ?? 2)

  async function attempt(url: URL, method: 'HEAD' | 'GET', started: number): Promise<LinkCheck> {
    try {
      const result = await guard.fetchFollowingRedirects(url, {
        method,
        headers,
        timeoutMs,
        maxRedirects: options.maxRedirects,
        signal: AbortSignal.timeout(timeoutMs),
      })
      // Only the status matters; a GET's body is dropped unread.
      await result.response.body?.cancel().catch(() => undefined)
      return resultFromStatus(url.href, result.response.status, result.response.headers, {
        redirectChain: result.redirects,
        finalUrl: result.finalUrl,
        method,
        durationMs: Date.now() - started,
      })
    } catch (error) {
      return resultFromFailure(url.href, error, started, method)
    }
  }

  async function checkOne(url: URL): Promise<LinkCheck> {
    const started = Date.now()
    const head = await attempt(url, 'HEAD', started)
    const headRefused =
      (shouldRetryWithGet(head.status) && head.error === null) ||
      head.error === 'ConnectionReset' ||
      head.error === 'NetworkError'
    return headRefused ? attempt(url, 'GET', started) : head
  }

  const results = new Map<string, LinkCheck>()
  const checks = new Map<string, Promise<LinkCheck>>()
  const pending: Promise<void>[] = []
  const seen = new Set<string>()
  for (const raw of urls) {
    if (seen.has(raw)) continue
    seen.add(raw)
    const url = toCheckableUrl(raw)
    if (!(url instanceof URL)) {
      results.set(raw, invalid(raw, url))
      continue
    }
    const key = url.href
    let check = checks.get(key)
    if (!check) {
      const target = url
      // Host queue first, then a global slot: a long queue for one host never holds slots other hosts need.
      check = limitHost(target.host)(() => limitAll(() => checkOne(target)))
      checks.set(key, check)
    }
    pending.push(check.then((result) => void results.set(raw, { ...result, url: raw })))
  }
  await Promise.all(pending)
  return results
}
