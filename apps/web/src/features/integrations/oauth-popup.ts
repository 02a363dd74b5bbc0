import { getAbsoluteApiUrl } from '@/config/env'

/** The OAuth consent popup's size, how often its closure is checked, and when it closes itself at the latest. */
export const OAUTH_POPUP = { width: 640, height: 480, pollMs: 700, fallbackCloseMs: 5000 } as const

export const OAUTH_POPUP_SUCCESS_PATH = '/oauth/popup-success'
export const OAUTH_POPUP_ERROR_PATH = '/oauth/popup-error'

const MESSAGE_TYPE = 'canopy:oauth-popup'
export type OAuthPopupResult = 'success' | 'error'

/**
 * GET {api}/auth/ga4: the browser's way through Google's consent for the site; the API's callback
 * (cookie_callback) stores the grant and sends the popup on to success_url, or to error_url when it fails.
 */
export function buildGa4AuthUrl(siteSlug: string, origin = window.location.origin): string {
  const query = new URLSearchParams({
    success_url: `${origin}${OAUTH_POPUP_SUCCESS_PATH}`,
    error_url: `${origin}${OAUTH_POPUP_ERROR_PATH}`,
    cookie_callback: getAbsoluteApiUrl('/auth/ga4/callback'),
    site: siteSlug,
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

/** The landing page tells the window that opened it how the sign-in ended (only to our own origin). */
export function postOAuthResult(result: OAuthPopupResult): boolean {
  const opener = window.opener as Window | null
  if (!opener || opener === window) return false
  opener.postMessage({ type: MESSAGE_TYPE, result }, window.location.origin)
  return true
}

/**
 * The sign-in result a message carries, or null for any other message. A message of ours from another
 * origin is ignored with a warning: only our own landing pages may report a result.
 */
export function readOAuthResult(event: MessageEvent): OAuthPopupResult | null {
  const data = event.data as { type?: unknown; result?: unknown } | null
  if (typeof data !== 'object' || data === null || data.type !== MESSAGE_TYPE) return null
  if (event.origin !== window.location.origin) {
    console.warn(`Ignored a sign-in message from an untrusted origin: ${event.origin}`)
    return null
  }
  return data.result === 'success' || data.result === 'error' ? data.result : null
}
