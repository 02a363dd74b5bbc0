import type { AddressGuard } from '../net/index.js'

export interface UptimeProbe {
  up: boolean
  statusCode: number | null
  responseTimeMs: number | null
  /** why the check is down; null when up */
  error: string | null
}

/**
 * Statuses that leave a site up although they are 4xx: the server answers, and these are how bot
 * protection and sign-in walls turn a monitor away while visitors are served.
 */
const ANSWERING_REFUSALS = new Set([401, 403, 429])

/**
 * The uptime rule. Down: no answer (a network error, the network policy refusing the address, a redirect
 * loop), no answer within the timeout, a 5xx, or any other 4xx (a root that is missing or refused to
 * everybody, such as 404 or 410, means visitors cannot use the site). Up: 1xx-3xx after redirects, and
 * 401, 403 and 429.
 */
export function isUpStatus(status: number): boolean {
  if (status >= 500) return false
  if (status >= 400) return ANSWERING_REFUSALS.has(status)
  return true
}

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'Connection refused',
  ECONNRESET: 'Connection reset',
  ENOTFOUND: 'Host not found',
  EAI_AGAIN: 'Host name lookup failed',
  EHOSTUNREACH: 'Host unreachable',
  ENETUNREACH: 'Network unreachable',
  UND_ERR_SOCKET: 'Connection closed',
}
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : undefined
}

/** A down check's cause in a few words: the timeout, the network error, or the guard's own message. */
export function describeProbeFailure(error: unknown, timeoutMs: number): string {
  const cause = (error as { cause?: unknown } | null)?.cause
  const code = codeOf(cause) ?? codeOf(error)
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
  if (timedOut || (code && TIMEOUT_CODES.has(code))) return `No answer within ${timeoutMs / 1000} s`
  if (code && NETWORK_ERRORS[code]) return NETWORK_ERRORS[code]
  if (code && /CERT|SSL|TLS/i.test(code)) return `Certificate error (${code})`
  if (cause instanceof Error) return cause.message
  return error instanceof Error ? error.message : String(error)
}

/**
 * One GET of the site's root through the network guard (every hop checked, redirects followed), timed until
 * the final answer's headers; the body is not read.
 */
export async function probeRoot(
  guard: AddressGuard,
  url: string,
  { timeoutMs, userAgent }: { timeoutMs: number; userAgent: string },
): Promise<UptimeProbe> {
  const started = performance.now()
  try {
    const { response } = await guard.fetchFollowingRedirects(url, {
      method: 'GET',
      timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
      headers: { 'user-agent': userAgent, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    })
    const responseTimeMs = Math.round(performance.now() - started)
    await response.body?.cancel().catch(() => undefined)
    const up = isUpStatus(response.status)
    return { up, statusCode: response.status, responseTimeMs, error: up ? null : `HTTP ${response.status}` }
  } catch (error) {
    return {
      up: false,
      statusCode: null,
      responseTimeMs: null,
      error: describeProbeFailure(error, timeoutMs),
    }
  }
}
