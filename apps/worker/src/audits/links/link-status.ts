/**
 * Codes for failures that never got an HTTP status. The spec groups broken links as 4xx, 5xx, 9xx (refused)
 * and 0 (invalid); it leaves the 9xx numbers to us. These are ours, stable because they are stored.
 */
export const LINK_STATUS = {
  invalidUrl: 0,
  networkError: 900,
  dnsFailure: 901,
  connectionRefused: 902,
  connectionReset: 903,
  certificateError: 904,
  timeout: 905,
  tooManyRedirects: 906,
  /** the address guard refused the host: not checked, so unverified rather than broken */
  addressBlocked: 907,
  /** the host's robots.txt asks bots like ours not to fetch the URL: not requested, so unverified */
  robotsDisallowed: 908,
  /** the host's crawl-delay leaves no time for this link within the check's budget: not requested */
  crawlDelayBudget: 909,
} as const

export type LinkStatusClass = '2xx' | '3xx' | '4xx' | '5xx' | '9xx' | '0' | '1xx'

/** The error kinds the spec names (CertificateError, HttpTimeout) and ours for the other 9xx failures. */
export type LinkError =
  | 'CertificateError'
  | 'HttpTimeout'
  | 'DnsFailure'
  | 'ConnectionRefused'
  | 'ConnectionReset'
  | 'TooManyRedirects'
  | 'AddressBlocked'
  | 'RobotsDisallowed'
  | 'CrawlDelayBudget'
  | 'InvalidUrl'
  | 'UnsupportedScheme'
  | 'NetworkError'

export function classifyStatus(status: number): LinkStatusClass {
  if (status === 0) return '0'
  if (status >= 900) return '9xx'
  if (status >= 500) return '5xx'
  if (status >= 400) return '4xx'
  if (status >= 300) return '3xx'
  if (status >= 200) return '2xx'
  return '1xx'
}

const TLS_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
])

function errorCodes(error: unknown): string[] {
  const codes: string[] = []
  let current: unknown = error
  // fetch wraps the socket's error in `cause`, sometimes twice.
  for (let depth = 0; current && depth < 5; depth += 1) {
    const { code, name } = current as { code?: unknown; name?: unknown }
    if (typeof code === 'string') codes.push(code)
    if (typeof name === 'string') codes.push(name)
    current = (current as { cause?: unknown }).cause
  }
  return codes
}

/** A failed request → the 9xx status and error kind we store for it. */
export function describeFailure(error: unknown): { status: number; error: LinkError } {
  const codes = errorCodes(error)
  const has = (predicate: (code: string) => boolean) => codes.some(predicate)
  if (has((c) => c === 'ERR_ADDRESS_BLOCKED'))
    return { status: LINK_STATUS.addressBlocked, error: 'AddressBlocked' }
  if (has((c) => c === 'ERR_TOO_MANY_REDIRECTS'))
    return { status: LINK_STATUS.tooManyRedirects, error: 'TooManyRedirects' }
  if (
    has(
      (c) => c === 'TimeoutError' || (c.startsWith('UND_ERR_') && c.includes('TIMEOUT')) || c === 'ETIMEDOUT',
    )
  )
    return { status: LINK_STATUS.timeout, error: 'HttpTimeout' }
  if (has((c) => TLS_CODES.has(c) || c.startsWith('ERR_SSL_') || c.startsWith('ERR_TLS_')))
    return { status: LINK_STATUS.certificateError, error: 'CertificateError' }
  if (has((c) => c === 'ENOTFOUND' || c === 'EAI_AGAIN' || c === 'EAI_FAIL' || c === 'EAI_NODATA'))
    return { status: LINK_STATUS.dnsFailure, error: 'DnsFailure' }
  if (has((c) => c === 'ECONNREFUSED'))
    return { status: LINK_STATUS.connectionRefused, error: 'ConnectionRefused' }
  if (has((c) => c === 'ECONNRESET' || c === 'EPIPE' || c === 'UND_ERR_SOCKET' || c === 'UND_ERR_CLOSED'))
    return { status: LINK_STATUS.connectionReset, error: 'ConnectionReset' }
  return { status: LINK_STATUS.networkError, error: 'NetworkError' }
}

/** Bot-protection services, recognised by the headers they add to the pages they refuse. */
function isBotProtectionAnswer(headers: Headers): boolean {
  const server = (headers.get('server') ?? '').toLowerCase()
  if (headers.has('cf-mitigated') || (server.includes('cloudflare') && headers.has('cf-ray'))) return true
  if (server.includes('akamaighost') || headers.has('akamai-grn') || headers.has('x-akamai-transformed'))
    return true
  if (headers.has('x-datadome') || server.includes('datadome')) return true
  if (
    headers.has('x-sucuri-id') ||
    headers.has('x-iinfo') ||
    (headers.get('x-cdn') ?? '').includes('Incapsula')
  )
    return true
  return headers.has('x-amzn-waf-action') || headers.has('x-px-block')
}

/**
 * Answers that mean "this host would not answer a bot", not "the page is gone", so the link cannot be
 * verified: rate limits (429) and LinkedIn's 999 from any host; 401 and 403 from a host other than the
 * site's own (other hosts wall off bots and logins from a crawler; people following the link get the page),
 * while the site's own host, which served the scan its pages, refuses visitors too when it answers so; and
 * 401/403/503 pages served by bot-protection services wherever they come from.
 */
export function isBotWall(status: number, headers: Headers, isSiteHost = false): boolean {
  if (status === 429 || status === 999) return true
  if ((status === 401 || status === 403) && !isSiteHost) return true
  if (status !== 401 && status !== 403 && status !== 503) return false
  return isBotProtectionAnswer(headers)
}
