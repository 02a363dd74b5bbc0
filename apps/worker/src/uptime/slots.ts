import { createHash } from 'node:crypto'

export const MINUTE_MS = 60_000

/**
 * Where in every interval a site is checked: a fixed offset from a hash of its id, so the sites' checks are
 * spread evenly over the interval instead of all starting at once, and a site keeps its rhythm.
 */
export function siteOffsetMs(siteId: string, intervalMs: number): number {
  const hash = createHash('sha256').update(siteId).digest()
  return hash.readUIntBE(0, 6) % intervalMs
}

/**
 * The slot (ms since the epoch) of the site's check that falls in the minute starting at `minuteStart`, or
 * null when its check is in another minute of the interval. Slots are k × interval + offset: with an
 * interval of whole minutes each site has exactly one slot in one minute of every interval.
 */
export function slotInMinute(siteId: string, minuteStart: number, intervalMs: number): number | null {
  const offset = siteOffsetMs(siteId, intervalMs)
  const slot = Math.ceil((minuteStart - offset) / intervalMs) * intervalMs + offset
  return slot < minuteStart + MINUTE_MS ? slot : null
}

/** The start of the minute `time` falls in. */
export function minuteStartOf(time: number): number {
  return Math.floor(time / MINUTE_MS) * MINUTE_MS
}
