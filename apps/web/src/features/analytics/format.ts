import type { AnalyticsGranularity, ViewsPerDay } from '@canopy/contracts'
import { formatCount } from '@/lib/format-values'

// Buckets are calendar days of the property (YYYY-MM-DD): read and shown as such, never shifted by time zone.
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' })

/** A bucket's label: '20 Nov 2026' for a day or a week (its first day), 'Nov 2026' for a month. */
export function formatBucket(label: string, granularity: AnalyticsGranularity): string {
  const date = new Date(`${label}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return label
  if (granularity === 'month') return monthFormat.format(date)
  return granularity === 'week' ? `Week of ${dayFormat.format(date)}` : dayFormat.format(date)
}

/** The bucket with the most views (the first of equals), or null when none has any. */
export function busiestBucket(views: ViewsPerDay): ViewsPerDay['data'][number] | null {
  return views.data.reduce<ViewsPerDay['data'][number] | null>(
    (best, bucket) => (bucket.count > (best?.count ?? 0) ? bucket : best),
    null,
  )
}

/** The chart's text summary: the total, the range and the busiest bucket. */
export function describeViews(views: ViewsPerDay, rangeLabel: string, granularity: AnalyticsGranularity) {
  const busiest = busiestBucket(views)
  const total = `${formatCount(views.total)} page ${views.total === 1 ? 'view' : 'views'} in the last ${rangeLabel}.`
  if (!busiest) return total
  const unit =
    granularity === 'month' ? 'Busiest month' : granularity === 'week' ? 'Busiest week' : 'Busiest day'
  return `${total} ${unit}: ${formatBucket(busiest.label, granularity)}, ${formatCount(busiest.count)}.`
}

/** A page's address without the scheme and host when it is on the site (the path reads best in a table). */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.pathname}${parsed.search}` || '/'
  } catch {
    return url
  }
}
