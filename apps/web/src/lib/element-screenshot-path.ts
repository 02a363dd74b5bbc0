import { ELEMENT_SCREENSHOT_PATH_PATTERN } from '@canopy/contracts'

/**
 * The stored path the API accepts (scans/<scan>/<page>/element-<n>.png). Results stored before the worker
 * recorded paths relative to the artifacts folder hold an absolute path ending in that same part.
 */
export function toStoredElementPath(screenshotPath: string): string | undefined {
  if (ELEMENT_SCREENSHOT_PATH_PATTERN.test(screenshotPath)) return screenshotPath
  const start = screenshotPath.lastIndexOf('/scans/')
  const tail = start >= 0 ? screenshotPath.slice(start + 1) : ''
  return ELEMENT_SCREENSHOT_PATH_PATTERN.test(tail) ? tail : undefined
}
