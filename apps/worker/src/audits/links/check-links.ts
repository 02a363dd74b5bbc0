import { fetchRobots } from '../../crawl/discover.js'
import type { RobotsRules } from '../../crawl/robots.js'
import { type AddressGuard, createAddressGuardFromEnv, type Redirect } from '../../net/index.js'
import { createHostPoliteness } from './host-politeness.js'
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
  /**
   * we could not tell: a bot wall answered, no answer came in time, the guard refused the address, robots.txt
   * asked us not to look, or the scheme is not the web's
   */
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
  /** requests in flight to one host that asks for no crawl-delay; default 2, to stay polite */
  perHostConcurrency?: number
  /** per attempt (HEAD, then GET), redirects included; default 15 s */
  timeoutMs?: number
  userAgent?: string
  guard?: AddressGuard
  maxRedirects?: number
  /**
   * The hosts (host:port) of the site whose links these are. Their 401 and 403 are broken links: the host
   * served the scan its pages, so it refuses visitors too. Any other host's 401/403 is a bot wall.
   */
  siteHosts?: Iterable<string>
  /** robots.txt of an origin; by default fetched through the guard, once per origin per check */
  loadRobots?: (origin: string) => Promise<RobotsRules>
  /** the crawl-delay slot of a host; by default kept within this check (see host-politeness.ts) */
  waitForSlot?: (host: string, delayMs: number) => Promise<void>
  /**
   * time one host with a crawl-delay may take, default 10 minutes: its links beyond delay × count are not
   * requested (909 CrawlDelayBudget, unverified), so one slow host cannot hold a scan for hours
   */
  pacedHostBudgetMs?: number
}

const DEFAULT_USER_AGENT = 'CanopyBot/1.0 (+https://github.com/canopy)'

/** A HEAD answered with these (or any 4xx/5xx but rate limits) is retried with GET: many servers mishandle HEAD. */
function shouldRetryWithGet(status: number): boolean {
  return status >= 400 && status !== 429 && status !== 999
}

/** A HEAD that failed this way may be a server that drops HEAD requests: GET gets its own chance. */
function headWasRefused(head: LinkCheck): boolean {
  if (head.error === null) return shouldRetryWithGet(head.status)
  return head.error === 'ConnectionReset' || head.error === 'NetworkError'
}

type AttemptFacts = Pick<LinkCheck, 'redirectChain' | 'finalUrl' | 'method' | 'durationMs'>

function resultFromStatus(url: string, status: number, unverified: boolean, facts: AttemptFacts): LinkCheck {
  const statusClass = classifyStatus(status)
  return {
    url,
    status,
    error: null,
    statusClass,
    isBroken: !unverified && (statusClass === '4xx' || statusClass === '5xx'),
    isUnverified: unverified,
    ...facts,
  }
}

/**
 * A request that got no answer. A timeout or a refusal by the address guard says nothing about the page,
 * so the link is unverified; a refused connection, a DNS failure or a bad certificate fail every visitor,
 * so it is broken.
 */
function resultFromFailure(
  url: string,
  failure: unknown,
  started: number,
  method: LinkCheck['method'],
): LinkCheck {
  const { status, error } = describeFailure(failure)
  const redirects = (failure as { redirects?: Redirect[] }).redirects ?? []
  const unverified = error === 'AddressBlocked' || error === 'HttpTimeout'
  return {
    url,
    status,
    error,
    statusClass: classifyStatus(status),
    isBroken: !unverified,
    isUnverified: unverified,
    redirectChain: redirects,
    finalUrl: null,
    method,
    durationMs: Date.now() - started,
  }
}

const NOT_REQUESTED_STATUS = {
  InvalidUrl: LINK_STATUS.invalidUrl,
  UnsupportedScheme: LINK_STATUS.invalidUrl,
  RobotsDisallowed: LINK_STATUS.robotsDisallowed,
  CrawlDelayBudget: LINK_STATUS.crawlDelayBudget,
} as const

/**
 * Not requested: the URL cannot be (InvalidUrl, UnsupportedScheme), the host asks not to (RobotsDisallowed)
 * or its crawl-delay leaves no time (CrawlDelayBudget).
 */
function notRequested(url: string, error: keyof typeof NOT_REQUESTED_STATUS): LinkCheck {
  const status = NOT_REQUESTED_STATUS[error]
  return {
    url,
    status,
    error,
    statusClass: classifyStatus(status),
    isBroken: error === 'InvalidUrl',
    isUnverified: error !== 'InvalidUrl',
    redirectChain: [],
    finalUrl: null,
    method: null,
    durationMs: 0,
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

/** One request, redirects followed by the address guard (which re-checks every hop); the body is dropped. */
function createAttempt(options: CheckLinksOptions, guard: AddressGuard) {
  const timeoutMs = options.timeoutMs ?? 15_000
  const siteHosts = new Set(options.siteHosts ?? [])
  const headers = {
    'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  }
  return async (url: URL, method: 'HEAD' | 'GET', started: number): Promise<LinkCheck> => {
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
      const { status, headers: answered } = result.response
      const unverified = isBotWall(status, answered, siteHosts.has(new URL(result.finalUrl).host))
      return resultFromStatus(url.href, status, unverified, {
        redirectChain: result.redirects,
        finalUrl: result.finalUrl,
        method,
        durationMs: Date.now() - started,
      })
    } catch (error) {
      return resultFromFailure(url.href, error, started, method)
    }
  }
}

/**
 * Checks each distinct URL once (fragments ignored) and answers for every URL given. Each origin's
 * robots.txt is read once: a URL it disallows is not requested (unverified), and its crawl-delay paces the
 * requests to the host. HEAD first, GET when HEAD is refused; every request goes through the address guard.
 */
export async function checkLinks(
  urls: Iterable<string>,
  options: CheckLinksOptions = {},
): Promise<Map<string, LinkCheck>> {
  const guard = options.guard ?? createAddressGuardFromEnv()
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT
  const attempt = createAttempt(options, guard)
  const limitAll = createLimiter(options.concurrency ?? 8)
  const policyOf = createHostPoliteness({
    perHostConcurrency: options.perHostConcurrency ?? 2,
    // robots.txt requests take a global slot too, so a check over many hosts never opens more at once.
    loadRobots: options.loadRobots ?? ((origin) => limitAll(() => fetchRobots(guard, origin, userAgent))),
    waitForSlot: options.waitForSlot,
    pacedHostBudgetMs: options.pacedHostBudgetMs ?? 10 * 60_000,
  })

  async function checkOne(url: URL): Promise<LinkCheck> {
    const policy = await policyOf(url)
    if (!policy.robots.isAllowed(url.href)) return notRequested(url.href, 'RobotsDisallowed')
    if (!policy.admit()) return notRequested(url.href, 'CrawlDelayBudget')
    // Host queue first, then the pace, then a global slot: a slow host never holds slots other hosts need.
    const request = (method: 'HEAD' | 'GET', started: number) =>
      policy.paced(() => limitAll(() => attempt(url, method, started)))
    return policy.run(async () => {
      const started = Date.now()
      const head = await request('HEAD', started)
      return headWasRefused(head) ? request('GET', started) : head
    })
  }

  const results = new Map<string, LinkCheck>()
  const checks = new Map<string, Promise<LinkCheck>>()
  const pending: Promise<void>[] = []
  for (const raw of new Set(urls)) {
    const url = toCheckableUrl(raw)
    if (!(url instanceof URL)) {
      results.set(raw, notRequested(raw, url))
      continue
    }
    let check = checks.get(url.href)
    if (!check) {
      check = checkOne(url)
      checks.set(url.href, check)
    }
    pending.push(check.then((result) => void results.set(raw, { ...result, url: raw })))
  }
  await Promise.all(pending)
  return results
}
