/**
 * Where the API lives. Same origin by default: the API process serves the built SPA, and in dev Vite
 * proxies the API paths. VITE_API_BASE points the SPA at an API on another origin.
 */
export const API_BASE: string = (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '')

/** The absolute URL of an API path, for addresses the browser (not fetch) must reach, such as SSO. */
export function getAbsoluteApiUrl(path: string): string {
  return new URL(`${API_BASE}${path}`, window.location.origin).toString()
}
