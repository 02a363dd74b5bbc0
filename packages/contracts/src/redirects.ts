/**
 * A redirect target from a query string, kept only when it stays on Canopy: a path on this origin or an
 * absolute URL of this origin, returned as a path. The target is parsed, not string-checked, and the path
 * that comes out never starts with two slashes (or a slash and a backslash): a browser reads `//host` in a
 * Location header or a navigation as another site, so `/.//evil.example` must not become `//evil.example`.
 */
export function toSameOriginPath(target: string | null | undefined, origin: string): string | null {
  if (!target) return null
  let resolved: URL
  try {
    resolved = new URL(target, origin)
  } catch {
    return null
  }
  if (resolved.origin !== new URL(origin).origin) return null
  const path = `/${resolved.pathname.replace(/^[/\\]+/, '')}`
  return `${path}${resolved.search}${resolved.hash}`
}
