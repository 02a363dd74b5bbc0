import { getAbsoluteApiUrl } from '@/config/env'

/** The OAuth consent popup's size, how often its closure is checked, and when it closes itself at the latest. */
export const OAUTH_POPUP = { width: 640, height: 480, pollMs: 700, fallbackCloseMs: 5000 } as const

export const OAUTH_POPUP_SUCCESS_PATH = '/oauth/popup-success'
export const OAUTH_POPUP_ERROR_PATH = '/oauth/popup-error'

const MESSAGE_TYPE = 'canopy:oauth-popup'
export type OAuthPopupResult = 'success' | 'error'
/** How the sign-in ended, with the API's reason when it failed. */
export type OAuthPopupReport = { result: OAuthPopupResult; reason: string | null }

/** The error landing page's query parameter with the API's reason for a failed sign-in. */
export const OAUTH_ERROR_MESSAGE_PARAM = 'message'
/** A reason longer than this is cut: it is only ever shown as text. */
const MAX_REASON_LENGTH = 300

/**
 * GET {api}/auth/ga4: the browser's way through Google's consent for the site (slug); Google returns to the
 * API's callback (cookie_callback), which stores the grant and sends the popup on to success_url, or to
 * error_url with the reason. The landing pages are paths of this app, as the API accepts only its own.
 */
export function buildGa4AuthUrl(siteSlug: string): string {
  const query = new URLSearchParams({
    slug: siteSlug,
    success_url: OAUTH_POPUP_SUCCESS_PATH,
    error_url: OAUTH_POPUP_ERROR_PATH,
    cookie_callback: getAbsoluteApiUrl('/auth/ga4/callback'),
  })
  return `${getAbsoluteApiUrl('/auth/ga4')}?${query.toString()}`
}

/** Opens `url` in a centred 640x480 popup; a blocked popup is only logged, as the spec asks. */
export function openOAuthPopup(url: string): Window | null {
  const { width, height } = OAUTH_POPUP
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2))
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2))
  const popup = window.open(
    url,
    'canopy-oauth',
    `popup,width=${width},height=${height},left=${left},top=${top}`,
  )
  if (!popup) console.warn('The web analytics sign-in popup was blocked by the browser.')
  return popup
}

/** Calls `onClosed` once the popup has closed, checking every 700 ms; returns the way to stop watching. */
export function watchPopupClosure(popup: Window, onClosed: () => void): () => void {
  const timer = window.setInterval(() => {
    if (!popup.closed) return
    window.clearInterval(timer)
    onClosed()
  }, OAUTH_POPUP.pollMs)
  return () => window.clearInterval(timer)
}

/** The reason a failed sign-in gives in the error page's address, cut to a readable length; null if none. */
export function readOAuthErrorReason(search: string): string | null {
  const reason = new URLSearchParams(search).get(OAUTH_ERROR_MESSAGE_PARAM)?.trim()
  return reason ? reason.slice(0, MAX_REASON_LENGTH) : null
}

/** The landing page tells the window that opened it how the sign-in ended (only to our own origin). */
export function postOAuthResult(report: OAuthPopupReport): boolean {
  const opener = window.opener as Window | null
  if (!opener || opener === window) return false
  opener.postMessage({ type: MESSAGE_TYPE, ...report }, window.location.origin)
  return true
}

/**
 * The sign-in result a message carries, or null for any other message. A message of ours from another
 * origin is ignored with a warning: only our own landing pages may report a result.
 */
export function readOAuthResult(event: MessageEvent): OAuthPopupReport | null {
  const data = event.data as { type?: unknown; result?: unknown; reason?: unknown } | null
  if (typeof data !== 'object' || data === null || data.type !== MESSAGE_TYPE) return null
  if (event.origin !== window.location.origin) {
    console.warn(`Ignored a sign-in message from an untrusted origin: ${event.origin}`)
    return null
  }
  if (data.result !== 'success' && data.result !== 'error') return null
  const reason = typeof data.reason === 'string' ? data.reason.slice(0, MAX_REASON_LENGTH) : null
  return { result: data.result, reason }
}
