import { lookup as dnsLookup } from 'node:dns/promises'
import type { LookupFunction } from 'node:net'
import { Agent, type RequestInit, type Response, fetch as undiciFetch } from 'undici'
import {
  type AllowEntry,
  classifyAddress,
  isAddressAllowListed,
  isHostAllowListed,
  isIpLiteral,
  parseAllowHosts,
  stripBrackets,
} from './address-ranges.js'

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** Resolves a host name to every address it has; tests inject one to play DNS. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>

export interface AddressGuardOptions {
  /** CANOPY_SCAN_ALLOW_HOSTS entries: a comma-separated string or a list */
  allowHosts?: string | readonly string[]
  resolve?: ResolveHost
}

export interface CheckedTarget {
  url: URL
  /** the address the connection must go to: the first allowed answer */
  address: ResolvedAddress
}

export interface Redirect {
  url: string
  status: number
}

export interface GuardedFetchInit extends Omit<RequestInit, 'redirect' | 'dispatcher'> {
  /** redirects followed before giving up; default 10 */
  maxRedirects?: number
  /** per-connection timeouts (connect, headers, body) in ms; default 30 s */
  timeoutMs?: number
}

export interface GuardedResponse {
  response: Response
  finalUrl: string
  /** each hop that answered with a redirect, in order */
  redirects: Redirect[]
}

/** What a refused request is recorded as: on the page result, in a failed page's reason, in the proxy's answer. */
export const BLOCKED_BY_NETWORK_POLICY = 'blocked by the network policy'

function describeRefusal(address: string | null, reason: string): string {
  return address ? `${address} is ${reason}` : reason
}

export class AddressBlockedError extends Error {
  override readonly name = 'AddressBlockedError'
  readonly code = 'ERR_ADDRESS_BLOCKED'
  constructor(
    readonly url: string,
    readonly address: string | null,
    readonly reason: string,
  ) {
    super(`Blocked by the network policy: ${url} (${describeRefusal(address, reason)})`)
  }

  /** why, in a few words: the address and its range ('127.0.0.2 is loopback'), or the reason alone */
  get detail(): string {
    return describeRefusal(this.address, this.reason)
  }
}

export class TooManyRedirectsError extends Error {
  override readonly name = 'TooManyRedirectsError'
  readonly code = 'ERR_TOO_MANY_REDIRECTS'
  constructor(
    readonly url: string,
    readonly redirects: Redirect[],
  ) {
    super(`More than ${redirects.length - 1} redirects starting at ${url}`)
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
export const DEFAULT_MAX_REDIRECTS = 10
const DEFAULT_TIMEOUT_MS = 30_000

/** Rejects with the signal's reason when it aborts first: a DNS lookup cannot be cancelled, only abandoned. */
function abandonOnAbort<T>(promise: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

const resolveWithDns: ResolveHost = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true })
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }))
}

export interface AddressGuard {
  /**
   * Resolves the URL's host and throws AddressBlockedError unless every address is public or allow-listed
   * (or the host itself is allow-listed). The answer names the address to connect to.
   */
  assertAllowed(url: string | URL): Promise<CheckedTarget>
  /** fetch that checks every hop and pins each connection to the checked address */
  fetch(url: string | URL, init?: GuardedFetchInit): Promise<Response>
  /** the same, also telling the redirects it followed */
  fetchFollowingRedirects(url: string | URL, init?: GuardedFetchInit): Promise<GuardedResponse>
}

/** The class of an address; what cannot be parsed (a scoped IPv6 answer, fe80::1%eth0) is 'unparseable'. */
function classifyOrUnparseable(address: string): string {
  try {
    return classifyAddress(address)
  } catch {
    return 'unparseable'
  }
}

/**
 * An HTTP agent whose DNS lookup answers only from the addresses pinned to it (host name → the address
 * checked for it), so the address connected to is the address checked: a second DNS answer (rebinding) is
 * never asked for, and a host nobody checked is refused.
 */
function createPinnedAgent(timeoutMs: number) {
  const pinned = new Map<string, ResolvedAddress>()
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    const target = pinned.get(stripBrackets(hostname).toLowerCase())
    if (!target) {
      callback(new AddressBlockedError(hostname, null, 'the host was not checked'), '', 0)
    } else if (lookupOptions.all) {
      callback(null, [target])
    } else {
      callback(null, target.address, target.family)
    }
  }
  const agent = new Agent({
    connect: { lookup, timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  })
  const pin = (hostname: string, address: ResolvedAddress) => {
    pinned.set(stripBrackets(hostname).toLowerCase(), address)
  }
  return { agent, pin }
}

export function createAddressGuard(options: AddressGuardOptions = {}): AddressGuard {
  const allowEntries: AllowEntry[] = parseAllowHosts(options.allowHosts)
  const resolve = options.resolve ?? resolveWithDns

  async function assertAllowed(input: string | URL): Promise<CheckedTarget> {
    const url = new URL(input)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new AddressBlockedError(url.href, null, `${url.protocol} is not a web address`)
    }
    const host = stripBrackets(url.hostname)
    const hostAllowed = isHostAllowListed(allowEntries, host)
    const addresses: ResolvedAddress[] = isIpLiteral(host)
      ? [{ address: host, family: host.includes(':') ? 6 : 4 }]
      : await resolve(host)
    if (addresses.length === 0) throw new AddressBlockedError(url.href, null, 'the host has no address')
    // Every answer is checked, not just the first: a round-robin of one public and one private address
    // would otherwise reach the private one on some connection.
    for (const { address } of addresses) {
      if (hostAllowed || isAddressAllowListed(allowEntries, address)) continue
      const addressClass = classifyOrUnparseable(address)
      if (addressClass !== 'unicast') throw new AddressBlockedError(url.href, address, addressClass)
    }
    return { url, address: addresses[0] as ResolvedAddress }
  }

  async function fetchFollowingRedirects(
    input: string | URL,
    init: GuardedFetchInit = {},
  ): Promise<GuardedResponse> {
    const { maxRedirects = DEFAULT_MAX_REDIRECTS, timeoutMs = DEFAULT_TIMEOUT_MS, ...requestInit } = init
    const { agent, pin } = createPinnedAgent(timeoutMs)
    const redirects: Redirect[] = []
    let url = new URL(input)
    let method = (requestInit.method ?? 'GET').toUpperCase()
    let body = requestInit.body
    try {
      for (;;) {
        const target = await abandonOnAbort(assertAllowed(url), requestInit.signal)
        pin(url.hostname, target.address)
        const response = await undiciFetch(url, {
          ...requestInit,
          method,
          body,
          redirect: 'manual',
          dispatcher: agent,
        })
        const location = response.headers.get('location')
        if (!REDIRECT_STATUSES.has(response.status) || location === null) {
          // Closing waits for this response's body to be read, then frees the sockets.
          void agent.close()
          return { response, finalUrl: url.href, redirects }
        }
        await response.body?.cancel()
        redirects.push({ url: url.href, status: response.status })
        if (redirects.length > maxRedirects) throw new TooManyRedirectsError(String(input), redirects)
        if (
          response.status === 303 ||
          ((response.status === 301 || response.status === 302) && method === 'POST')
        ) {
          method = method === 'HEAD' ? 'HEAD' : 'GET'
          body = undefined
        }
        url = new URL(location, url)
      }
    } catch (error) {
      void agent.destroy()
      throw error
    }
  }

  return {
    assertAllowed,
    fetchFollowingRedirects,
    fetch: async (input, init) => (await fetchFollowingRedirects(input, init)).response,
  }
}

/** The guard the worker uses: allow-list from CANOPY_SCAN_ALLOW_HOSTS. */
export function createAddressGuardFromEnv(env: NodeJS.ProcessEnv = process.env): AddressGuard {
  return createAddressGuard({ allowHosts: env.CANOPY_SCAN_ALLOW_HOSTS ?? '' })
}
