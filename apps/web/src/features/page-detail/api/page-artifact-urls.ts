import { buildApiUrl } from '@/lib/api-client'
import { toStoredElementPath } from '@/lib/element-screenshot-path'

const sitePrefix = (siteSlug: string) => `/api/v1/sites/${encodeURIComponent(siteSlug)}`

/** GET /api/v1/sites/:slug/full-page-screenshot?pageId=: the page's full-page screenshot (PNG). */
export function fullPageScreenshotUrl(siteSlug: string, pageId: string): string {
  return buildApiUrl(`${sitePrefix(siteSlug)}/full-page-screenshot`, { pageId })
}

/** GET /api/v1/sites/:slug/product-snapshot?guid=: the page's HTML snapshot, for the page renderer's frame. */
export function pageSnapshotUrl(siteSlug: string, pageId: string): string {
  return buildApiUrl(`${sitePrefix(siteSlug)}/product-snapshot`, { guid: pageId })
}

/** GET /api/v1/sites/:slug/element-screenshot?pageId=&path=: a failing element's screenshot (PNG). */
export function pageElementScreenshotUrl(
  siteSlug: string,
  pageId: string,
  screenshotPath: string,
): string | undefined {
  const path = toStoredElementPath(screenshotPath)
  return path ? buildApiUrl(`${sitePrefix(siteSlug)}/element-screenshot`, { pageId, path }) : undefined
}
