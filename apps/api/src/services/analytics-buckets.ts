import type { AnalyticsGranularity } from '@canopy/contracts'

// The views chart's buckets: days, weeks (Monday to Sunday) or calendar months of a period, each labelled
// with its first day inside the period (YYYY-MM-DD), every bucket present even without views.

const DAY_MS = 86_400_000
const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`)
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10)

/** The first day of the bucket `day` falls in (not clipped to the period). */
function bucketStart(day: string, granularity: AnalyticsGranularity): string {
  if (granularity === 'day') return day
  if (granularity === 'month') return `${day.slice(0, 7)}-01`
  const weekday = (new Date(dayTime(day)).getUTCDay() + 6) % 7
  return isoDay(dayTime(day) - weekday * DAY_MS)
}

/** Every day of start..end inclusive. */
export function daysOf(start: string, end: string): string[] {
  const days: string[] = []
  for (let time = dayTime(start); time <= dayTime(end); time += DAY_MS) days.push(isoDay(time))
  return days
}

/** Views per day (YYYY-MM-DD → views) summed into the period's buckets, in order. */
export function bucketViews(
  viewsByDay: Map<string, number>,
  { start, end, granularity }: { start: string; end: string; granularity: AnalyticsGranularity },
): { label: string; count: number }[] {
  const buckets = new Map<string, { label: string; count: number }>()
  for (const day of daysOf(start, end)) {
    const key = bucketStart(day, granularity)
    const bucket = buckets.get(key) ?? { label: day, count: 0 }
    bucket.count += viewsByDay.get(day) ?? 0
    buckets.set(key, bucket)
  }
  return [...buckets.values()]
}
