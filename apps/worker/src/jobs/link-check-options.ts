import type { CheckLinksOptions } from '../audits/links/index.js'
import { waitForCrawlSlot } from '../crawl/crawl-delay.js'
import type { ScanRuntime } from './scan-runtime.js'

/**
 * How a scan checks its links: through the scan's address guard, as the scan's bot, with the crawl-delay
 * slots in Redis that page fetches take too (so a host's pace holds across every worker process), and the
 * hosts of the pages the links were found on counted as the site's own. A site that names its own user agent
 * has its links checked with it, as its pages are loaded.
 */
export function linkCheckOptions(
  runtime: ScanRuntime,
  siteUrls: string[],
  siteUserAgent?: string | null,
): CheckLinksOptions {
  const siteHosts = siteUrls.flatMap((url) => {
    try {
      return [new URL(url).host]
    } catch {
      return []
    }
  })
  return {
    guard: runtime.guard,
    userAgent: siteUserAgent || runtime.config.userAgent,
    timeoutMs: runtime.config.linkCheckTimeoutMs,
    siteHosts,
    waitForSlot: (host, delayMs) =>
      waitForCrawlSlot(runtime.redis, runtime.config.queuePrefix, host, delayMs),
  }
}
