import type { IncomingHttpHeaders } from 'node:http'

/**
 * Whether a browser sent this request from Canopy's own pages. A browser names the page a request comes
 * from in `Origin` (every cross-site POST and WebSocket handshake carries it), or else in `Referer`: that
 * page must be on the host the request was addressed to (`Host`), or on PUBLIC_URL's origin. A request
 * naming neither comes from a program, not from a page, and cannot carry a victim's cookies on its own.
 * `Origin: null` (a sandboxed frame, a privacy-minded redirect) is another site.
 */
export function isFromOwnPages(headers: IncomingHttpHeaders, publicUrl: string): boolean {
  const source = headers.origin ?? headers.referer
  if (source === undefined) return true
  let from: URL
  try {
    from = new URL(source)
  } catch {
    return false
  }
  if (from.origin === 'null') return false
  return from.host === headers.host || from.origin === new URL(publicUrl).origin
}
