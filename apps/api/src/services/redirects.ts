/**
 * A redirect target from a query string, kept only when it stays on Canopy: a path on this origin or an
 * absolute URL of PUBLIC_URL's origin (returned as a path). Anything else could send a user to a lookalike site.
 */
export function toSafeRedirectPath(target: string | undefined, publicUrl: string): string | undefined {
  if (!target) return undefined
  const origin = new URL(publicUrl).origin
  let resolved: URL
  try {
    resolved = new URL(target, origin)
  } catch {
    return undefined
  }
  if (resolved.origin !== origin) return undefined
  return `${resolved.pathname}${resolved.search}${resolved.hash}`
}
