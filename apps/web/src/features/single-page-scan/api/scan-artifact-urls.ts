import { buildApiUrl } from '@/lib/api-client'
import { toStoredElementPath } from '@/lib/element-screenshot-path'

/** GET /api/v1/single-page-scan/snapshot/:scanId: the scanned page's HTML snapshot, for the page renderer's frame. */
export function singlePageScanSnapshotUrl(scanId: string): string {
  return buildApiUrl(`/api/v1/single-page-scan/snapshot/${encodeURIComponent(scanId)}`)
}

/** GET /api/v1/single-page-scan/element-screenshot/:scanId?path=: a failing element's screenshot (PNG). */
export function singlePageScanElementScreenshotUrl(
  scanId: string,
  screenshotPath: string,
): string | undefined {
  const stored = toStoredElementPath(screenshotPath)
  if (!stored) return undefined
  return buildApiUrl(`/api/v1/single-page-scan/element-screenshot/${encodeURIComponent(scanId)}`, {
    path: stored,
  })
}
