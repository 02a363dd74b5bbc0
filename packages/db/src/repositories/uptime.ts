import type { UptimeCheck, UptimeIncident } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

/**
 * Uptime checks (one per site and scheduled slot) and the incidents the worker derives from them, and
 * what the uptime screen reads of them: counts and buckets over a period, the incidents overlapping it.
 */

export interface UptimeTarget {
  id: string
  rootUri: string
  /** the site's own scanner user agent, if its scan settings name one */
  userAgent: string | null
}

const UPTIME_TARGET_SELECT = { id: true, rootUri: true, userAgent: true } as const

/** Sites in id order after `afterId`, for the sweep to walk every site in batches. */
export function listUptimeTargets(
  db: DbClient,
  { afterId, take }: { afterId?: string; take: number },
): Promise<UptimeTarget[]> {
  return db.site.findMany({
    where: afterId ? { id: { gt: afterId } } : {},
    select: UPTIME_TARGET_SELECT,
    orderBy: { id: 'asc' },
    take,
  })
}

export function findUptimeTarget(db: DbClient, siteId: string): Promise<UptimeTarget | null> {
  return db.site.findUnique({ where: { id: siteId }, select: UPTIME_TARGET_SELECT })
}

export interface UptimeCheckInput {
  siteId: string
  checkedAt: Date
  up: boolean
  statusCode: number | null
  responseTimeMs: number | null
  error: string | null
}

/** One check per site and slot: a retried job overwrites its first attempt's row. */
export function upsertUptimeCheck(db: DbClient, check: UptimeCheckInput): Promise<UptimeCheck> {
  const { siteId, checkedAt, ...result } = check
  return db.uptimeCheck.upsert({
    where: { siteId_checkedAt: { siteId, checkedAt } },
    create: check,
    update: result,
  })
}

/** Whether a check later than `checkedAt` is stored: then this one is too old to open or close incidents. */
export async function hasLaterUptimeCheck(db: DbClient, siteId: string, checkedAt: Date): Promise<boolean> {
  const later = await db.uptimeCheck.findFirst({
    where: { siteId, checkedAt: { gt: checkedAt } },
    select: { id: true },
  })
  return later !== null
}

export function findOpenUptimeIncident(db: DbClient, siteId: string): Promise<UptimeIncident | null> {
  return db.uptimeIncident.findFirst({ where: { siteId, endedAt: null }, orderBy: { startedAt: 'desc' } })
}

export function openUptimeIncident(
  db: DbClient,
  incident: { siteId: string; startedAt: Date; cause: string },
): Promise<UptimeIncident> {
  return db.uptimeIncident.create({ data: incident })
}

export function closeUptimeIncident(
  db: DbClient,
  incidentId: string,
  endedAt: Date,
): Promise<UptimeIncident> {
  return db.uptimeIncident.update({ where: { id: incidentId }, data: { endedAt } })
}

/** The retention rule: checks older than `before` are deleted (incidents stay). */
export async function deleteUptimeChecksBefore(db: DbClient, before: Date): Promise<number> {
  const { count } = await db.uptimeCheck.deleteMany({ where: { checkedAt: { lt: before } } })
  return count
}

export interface UptimeWindow {
  siteId: string
  /** inclusive */
  from: Date
  /** exclusive */
  to: Date
}

export function findLatestUptimeCheck(db: DbClient, siteId: string): Promise<UptimeCheck | null> {
  return db.uptimeCheck.findFirst({ where: { siteId }, orderBy: { checkedAt: 'desc' } })
}

export interface UptimeBucketRow {
  start: Date
  checks: number
  downChecks: number
  averageResponseTimeMs: number | null
  maxResponseTimeMs: number | null
}

/** The window's checks grouped into buckets of `bucketMinutes` counted from `from`; empty buckets are absent. */
export function listUptimeBuckets(
  db: DbClient,
  { siteId, from, to, bucketMinutes }: UptimeWindow & { bucketMinutes: number },
): Promise<UptimeBucketRow[]> {
  return db.$queryRaw<UptimeBucketRow[]>`
    SELECT date_bin(make_interval(mins => ${bucketMinutes}::int), "checkedAt", ${from}::timestamp) AS "start",
           count(*)::int AS "checks",
           (count(*) FILTER (WHERE NOT "up"))::int AS "downChecks",
           round(avg("responseTimeMs"))::int AS "averageResponseTimeMs",
           max("responseTimeMs") AS "maxResponseTimeMs"
    FROM "UptimeCheck"
    WHERE "siteId" = ${siteId} AND "checkedAt" >= ${from}::timestamp AND "checkedAt" < ${to}::timestamp
    GROUP BY 1
    ORDER BY 1`
}

/** How many incidents one answer lists at most: the latest ones. */
export const UPTIME_INCIDENT_LIMIT = 500

/** Incidents overlapping the window (started before its end, not ended before its start), latest first. */
export function listUptimeIncidents(
  db: DbClient,
  { siteId, from, to }: UptimeWindow,
): Promise<UptimeIncident[]> {
  return db.uptimeIncident.findMany({
    where: { siteId, startedAt: { lt: to }, OR: [{ endedAt: null }, { endedAt: { gte: from } }] },
    orderBy: [{ startedAt: 'desc' }, { id: 'desc' }],
    take: UPTIME_INCIDENT_LIMIT,
  })
}
