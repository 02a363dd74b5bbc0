import { MESSAGES } from '@/config/messages'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * The queue estimate (eta in milliseconds) in words - '> 1 day', '~N hours', '~N minutes' or
 * '< 1 minute'. Hours and minutes are rounded to the nearest whole one, and never shown as 0 or as 24 hours.
 */
export function formatQueueEstimate(etaMs: number): string {
  const words = MESSAGES.singlePageScan.estimate
  if (!Number.isFinite(etaMs) || etaMs > DAY) return words.moreThanADay
  if (etaMs >= HOUR) return words.hours(Math.min(24, Math.max(1, Math.round(etaMs / HOUR))))
  if (etaMs >= MINUTE) return words.minutes(Math.min(60, Math.max(1, Math.round(etaMs / MINUTE))))
  return words.lessThanAMinute
}
