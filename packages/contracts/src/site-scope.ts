/**
 * What a site's root covers, the one rule the crawler and the API share.
 *
 * - A root whose last path segment names a file (it has an extension: `/en/index.html`, `/index.php`,
 *   `/default.aspx`) covers that file's directory (`/en/`, `/`): sites are often added by the address of
 *   their home page file, and the pages beside it belong to the site.
 * - A root ending with `/` covers that directory (`/en/`).
 * - A root whose last segment has no extension and no trailing slash (`/en`) names a directory too: it
 *   covers `/en` and everything under `/en/`, never `/english` (whole segments only).
 *
 * A directory also covers its own address without the trailing slash (`/en` for `/en/`): servers answer
 * it with the directory's page or a redirect to it. Scheme, host and port must be the root's; the query
 * of the root plays no part.
 */
export interface SiteScope {
  /** scheme, host and port, as URL.origin spells them */
  origin: string
  /** the directory the site covers, with a trailing slash: `/`, `/en/` */
  directory: string
}

/** A last path segment with an extension (letters or digits after a dot) names a file. */
const FILE_SEGMENT = /\.[a-z0-9]{1,10}$/i

export function siteScopeOf(rootUrl: string | URL): SiteScope {
  const root = new URL(rootUrl)
  const path = root.pathname || '/'
  const lastSlash = path.lastIndexOf('/')
  const lastSegment = path.slice(lastSlash + 1)
  let directory: string
  if (lastSegment === '') directory = path
  else if (FILE_SEGMENT.test(lastSegment)) directory = path.slice(0, lastSlash + 1)
  else directory = `${path}/`
  return { origin: root.origin, directory }
}

/** Whether `url` is one of the site's addresses: same origin, and in the root's directory (see siteScopeOf). */
export function isInsideSiteScope(rootUrl: string | URL, url: string | URL): boolean {
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return false
  }
  const scope = siteScopeOf(rootUrl)
  if (target.origin !== scope.origin) return false
  if (scope.directory === '/') return true
  return target.pathname.startsWith(scope.directory) || target.pathname === scope.directory.slice(0, -1)
}
