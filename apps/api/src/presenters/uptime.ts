import {
  availabilityPercent,
  type UptimeBucket,
  type UptimeIncident as UptimeIncidentBody,
  type UptimePeriod,
  type UptimeResponse,
} from '@canopy/contracts'
import type { UptimeBucketRow, UptimeCheck, UptimeIncident } from '@canopy/db'

export interface UptimeWindowTimes {
  from: Date
  to: Date
  bucketMinutes: number
  /** when the answer is made: an ongoing incident lasts until then */
  now: Date
}

/** Every bucket of the window, oldest first; one without checks is listed with zero checks. */
function presentBuckets(rows: UptimeBucketRow[], window: UptimeWindowTimes): UptimeBucket[] {
  const byStart = new Map(rows.map((row) => [new Date(row.start).getTime(), row]))
  const bucketMs = window.bucketMinutes * 60_000
  const buckets: UptimeBucket[] = []
  for (let start = window.from.getTime(); start < window.to.getTime(); start += bucketMs) {
    const row = byStart.get(start)
    const checks = row?.checks ?? 0
    const downChecks = row?.downChecks ?? 0
    buckets.push({
      start: new Date(start).toISOString(),
      checks,
      downChecks,
      availabilityPercent: availabilityPercent(checks, downChecks),
      averageResponseTimeMs: row?.averageResponseTimeMs ?? null,
      maxResponseTimeMs: row?.maxResponseTimeMs ?? null,
    })
  }
  return buckets
}

function presentIncident(row: UptimeIncident, now: Date): UptimeIncidentBody {
  const end = row.endedAt ?? now
  return {
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    durationSeconds: Math.max(0, Math.round((end.getTime() - row.startedAt.getTime()) / 1000)),
    cause: row.cause,
  }
}

/** Uptime rows → the uptime answer: the period's totals are the sums of its buckets. */
export function presentUptime({
  period,
  window,
  buckets,
  incidents,
  latest,
}: {
  period: UptimePeriod
  window: UptimeWindowTimes
  buckets: UptimeBucketRow[]
  incidents: UptimeIncident[]
  latest: UptimeCheck | null
}): UptimeResponse {
  const checks = buckets.reduce((sum, row) => sum + row.checks, 0)
  const downChecks = buckets.reduce((sum, row) => sum + row.downChecks, 0)
  return {
    period,
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    bucketMinutes: window.bucketMinutes,
    availabilityPercent: availabilityPercent(checks, downChecks),
    checks,
    downChecks,
    latestCheck: latest
      ? {
          checkedAt: latest.checkedAt.toISOString(),
          up: latest.up,
          statusCode: latest.statusCode,
          responseTimeMs: latest.responseTimeMs,
          error: latest.error,
        }
      : null,
    incidents: incidents.map((row) => presentIncident(row, window.now)),
    buckets: presentBuckets(buckets, window),
  }
}
