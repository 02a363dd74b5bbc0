import { UPTIME_PERIODS, type UptimeQuery, type UptimeResponse } from '@canopy/contracts'
import { findLatestUptimeCheck, listUptimeBuckets, listUptimeIncidents, type PrismaClient } from '@canopy/db'
import { presentUptime, type UptimeWindowTimes } from '../presenters/uptime.js'

const MINUTE_MS = 60_000

/**
 * The period ends at the end of the bucket now falls in and reaches back its length, so buckets start on
 * whole hours or days (UTC) and the last one is the bucket under way.
 */
export function uptimeWindow(period: UptimeQuery['period'], now: Date): UptimeWindowTimes {
  const { hours, bucketMinutes } = UPTIME_PERIODS[period]
  const bucketMs = bucketMinutes * MINUTE_MS
  const to = Math.floor(now.getTime() / bucketMs) * bucketMs + bucketMs
  return { from: new Date(to - hours * 60 * MINUTE_MS), to: new Date(to), bucketMinutes, now }
}

/** GET /sites/:slug/performance/uptime: availability, incidents and response times over the period. */
export async function getUptime(
  prisma: PrismaClient,
  siteId: string,
  { period }: UptimeQuery,
  now = new Date(),
): Promise<UptimeResponse> {
  const window = uptimeWindow(period, now)
  const range = { siteId, from: window.from, to: window.to }
  const [buckets, incidents, latest] = await Promise.all([
    listUptimeBuckets(prisma, { ...range, bucketMinutes: window.bucketMinutes }),
    listUptimeIncidents(prisma, range),
    findLatestUptimeCheck(prisma, siteId),
  ])
  return presentUptime({ period, window, buckets, incidents, latest })
}
