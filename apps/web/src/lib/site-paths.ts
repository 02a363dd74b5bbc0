import { PARAMS_KEPT_ON_SECTION_SWITCH } from '@/config/constants'

/** The base of every per-site route: /site/{slug}, or /site/{slug}/section/{sectionSlug} when scoped. */
export function sitePath(siteSlug: string, sectionSlug?: string | null, rest = ''): string {
  const base = `/site/${encodeURIComponent(siteSlug)}`
  const section = sectionSlug ? `/section/${encodeURIComponent(sectionSlug)}` : ''
  const tail = rest === '' ? '' : `/${rest.replace(/^\/+/, '')}`
  return `${base}${section}${tail}`
}

/** settings/group/:groupId/:tabId: a group of the site, on one of its tabs (users, groups, settings). */
export function groupPath(siteSlug: string, groupId: string, tab = 'users'): string {
  return sitePath(siteSlug, null, `settings/group/${encodeURIComponent(groupId)}/${tab}`)
}

const SITE_PATH = /^\/site\/([^/]+)(?:\/section\/([^/]+))?(\/.*)?$/

export type ParsedSitePath = { siteSlug: string; sectionSlug: string | null; rest: string }

export function parseSitePath(pathname: string): ParsedSitePath | null {
  const match = pathname.match(SITE_PATH)
  if (!match?.[1]) return null
  return {
    siteSlug: decodeURIComponent(match[1]),
    sectionSlug: match[2] ? decodeURIComponent(match[2]) : null,
    rest: (match[3] ?? '').replace(/^\/+|\/+$/g, ''),
  }
}

/**
 * When the active section changes the section segment is added, replaced or removed,
 * and the URL keeps only the view, sortBy and search query parameters (paging starts again).
 */
export function switchSectionInUrl(pathname: string, search: string, sectionSlug: string | null): string {
  const parsed = parseSitePath(pathname)
  if (!parsed) return pathname
  const current = new URLSearchParams(search)
  const kept = new URLSearchParams()
  for (const key of PARAMS_KEPT_ON_SECTION_SWITCH) {
    const value = current.get(key)
    if (value !== null) kept.set(key, value)
  }
  const query = kept.toString()
  return `${sitePath(parsed.siteSlug, sectionSlug, parsed.rest)}${query ? `?${query}` : ''}`
}
