import { createHash } from 'node:crypto'

export const MINUTE_MS = 60_000

/**
 * The sweep's tick: a minute, or the check interval itself when that is shorter (tests and demos check every
 * few seconds). The interval is a whole number of ticks, so each site has exactly one slot per interval.
 */
export function tickMsOf(intervalMs: number): number {
  return Math.min(intervalMs, MINUTE_MS)
}

/**
 * Where in every interval a site is checked: a fixed offset from a hash of its id, so the sites' checks are
 * spread evenly over the interval instead of all starting at once, and a site keeps its rhythm.
 */
export function siteOffsetMs(siteId: string, intervalMs: number): number {
  const hash = createHash('sha256').update(siteId).digest()
  return hash.readUIntBE(0, 6) % intervalMs
}

/**
 * The slot (ms since the epoch) of the site's check that falls in the tick starting at `tickStart`, or null
 * when its check is in another tick of the interval. Slots are k × interval + offset: with an interval of
 * whole ticks each site has exactly one slot in one tick of every interval.
 */
export function slotInTick(siteId: string, tickStart: number, intervalMs: number): number | null {
  const offset = siteOffsetMs(siteId, intervalMs)
  const slot = Math.ceil((tickStart - offset) / intervalMs) * intervalMs + offset
  return slot < tickStart + tickMsOf(intervalMs) ? slot : null
}

/** The start of the tick `time` falls in. */
export function tickStartOf(time: number, intervalMs: number): number {
  const tickMs = tickMsOf(intervalMs)
  return Math.floor(time / tickMs) * tickMs
}
