import type { AnalyticsInterval } from '@canopy/contracts'
import { isApiError } from '@/lib/api-client'

/** GET /api/v1/analytics/:slug/<report>[/:pageId]: the site's report, or one page's when pageId is given. */
export function analyticsPath(siteSlug: string, report: string, pageId?: string): string {
  const base = `/api/v1/analytics/${encodeURIComponent(siteSlug)}/${report}`
  return pageId ? `${base}/${encodeURIComponent(pageId)}` : base
}

export const analyticsKeys = {
  all: (siteSlug: string) => ['analytics', siteSlug] as const,
  report: (siteSlug: string, report: string, pageId: string | null, interval?: AnalyticsInterval) =>
    ['analytics', siteSlug, report, pageId, interval ?? null] as const,
}

/** The property's figures change through the day; five minutes keeps switching ranges cheap. */
export const ANALYTICS_STALE_TIME = 5 * 60_000

/** The API answers 409 while the site's web analytics is not connected or not enabled. */
export function isAnalyticsNotConnected(error: unknown): boolean {
  return isApiError(error, 409)
}
