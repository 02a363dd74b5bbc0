import type { UptimeBucket } from '@canopy/contracts'
import { formatCount, formatDateTime } from '@/lib/format-values'

/** '99.95%'; 'No checks' without checks. */
export function formatAvailability(percent: number | null): string {
  return percent === null ? 'No checks' : `${percent.toFixed(2)}%`
}

/** '245 ms', '1.2 s'; 'No answer' when nothing answered. */
export function formatResponseTime(ms: number | null): string {
  if (ms === null) return 'No answer'
  return ms < 1000 ? `${formatCount(ms)} ms` : `${(ms / 1000).toFixed(1)} s`
}

/** '2 h 5 min', '45 min', '30 s': the two largest units. */
export function formatDuration(seconds: number): string {
  const days = Math.floor(seconds / 86_400)
  const hours = Math.floor((seconds % 86_400) / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  const parts = [
    [days, 'd'],
    [hours, 'h'],
    [minutes, 'min'],
  ].filter(([value]) => Number(value) > 0)
  if (parts.length === 0) return `${seconds} s`
  return parts
    .slice(0, 2)
    .map(([value, unit]) => `${value} ${unit}`)
    .join(' ')
}

/** A bucket's label: its start, to the minute, in the viewer's time zone. */
export function bucketLabel(bucket: UptimeBucket): string {
  return formatDateTime(bucket.start)
}

/** The mean response time over the buckets that have one, weighted by their checks; null when none. */
export function meanResponseTime(buckets: UptimeBucket[]): number | null {
  let total = 0
  let weight = 0
  for (const bucket of buckets) {
    if (bucket.averageResponseTimeMs === null) continue
    total += bucket.averageResponseTimeMs * bucket.checks
    weight += bucket.checks
  }
  return weight === 0 ? null : Math.round(total / weight)
}
