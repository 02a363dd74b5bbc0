import { createHash } from 'node:crypto'

/** Query parameters that only track campaigns: two URLs differing only in these are one page. */
const TRACKING_PARAMS = /^(utm_[a-z_]+|gclid|fbclid|msclkid|mc_cid|mc_eid)$/i

/**
 * The one spelling of a URL the crawler keys pages by: http(s) only, fragment stripped, host lower-cased,
 * default port dropped, tracking parameters removed, remaining parameters sorted. The path keeps its
 * trailing slash or lack of one as linked: many servers answer /news/ and 404 (or redirect) /news, so
 * folding them would load a page that does not exist; an empty path becomes '/'. Returns null for
 * anything we do not crawl.
 */
export function normalizeUrl(raw: string, base?: string): string | null {
  let url: URL
  try {
    url = base ? new URL(raw.trim(), base) : new URL(raw.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  url.hash = ''
  url.username = ''
  url.password = ''
  if ((url.protocol === 'http:' && url.port === '80') || (url.protocol === 'https:' && url.port === '443')) {
    url.port = ''
  }
  const kept = [...url.searchParams.entries()].filter(([key]) => !TRACKING_PARAMS.test(key))
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  url.search = kept.length ? `?${new URLSearchParams(kept).toString()}` : ''
  // Repeated trailing slashes are a typo, not another page.
  if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/{2,}$/, '/')
  return url.toString()
}

export function hashUrl(normalizedUrl: string): string {
  return createHash('sha256').update(normalizedUrl).digest('hex').slice(0, 32)
}
