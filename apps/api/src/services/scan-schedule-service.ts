import { JOBS, jobSchedulerTemplate, SCAN_QUEUE_NAMES } from '@canopy/contracts'
import { findSiteIds, listSiteSchedules, type PrismaClient } from '@canopy/db'
import { CronExpressionParser } from 'cron-parser'
import { badRequest } from '../http-errors.js'
import type { QueueRegistry } from '../plugins/app/queues.js'

/**
 * Each site's scheduled full scan is a BullMQ job scheduler on the scans queue: one per site, keyed by the
 * site id, so upserting it again (on every change, and at every API start) never adds a second one.
 * Patterns are read in the site's time zone (BullMQ's repeat `tz`), so "Mondays at 03:00" stays 03:00 there
 * across daylight-saving changes; a raw pattern is checked in UTC.
 */
export const SCAN_SCHEDULE_TIMEZONE = 'UTC'
export const INVALID_SCAN_SCHEDULE_MESSAGE =
  "Enter a schedule as five cron fields, for example '0 3 * * 1' (Mondays at 03:00 UTC)."

const SCHEDULER_PREFIX = 'site-scan-'
const SYNC_BATCH = 500

export function siteScanSchedulerId(siteId: string): string {
  return `${SCHEDULER_PREFIX}${siteId}`
}

/** 400 on scanSchedule unless it is a five-field cron pattern that ever fires. */
export function assertValidScanSchedule(pattern: string): void {
  const fields = pattern.trim().split(/\s+/)
  try {
    if (fields.length !== 5) throw new Error('not five fields')
    CronExpressionParser.parse(pattern, { tz: SCAN_SCHEDULE_TIMEZONE }).next()
  } catch {
    throw badRequest('scanSchedule', INVALID_SCAN_SCHEDULE_MESSAGE)
  }
}

/** The weekly pattern the settings screen's day (0 Sunday - 6 Saturday) and hour (0-23) stand for. */
export function weeklyScanPattern(scanDay: number, scanHour: number): string {
  return `0 ${scanHour} * * ${scanDay}`
}

export async function upsertSiteScanSchedule(
  queues: QueueRegistry,
  site: { id: string; scanSchedule: string; timeZone?: string },
): Promise<void> {
  await queues
    .get(JOBS.scheduledSiteScan.queue)
    .upsertJobScheduler(
      siteScanSchedulerId(site.id),
      { pattern: site.scanSchedule, tz: site.timeZone ?? SCAN_SCHEDULE_TIMEZONE },
      jobSchedulerTemplate(JOBS.scheduledSiteScan, { siteId: site.id }),
    )
}

export async function removeSiteScanSchedule(queues: QueueRegistry, siteId: string): Promise<void> {
  await queues.get(SCAN_QUEUE_NAMES.scans).removeJobScheduler(siteScanSchedulerId(siteId))
}

/**
 * Makes the schedulers match the sites table: one per site with its current pattern, none for a site
 * that is gone. Safe to run at every start and from several API processes at once.
 */
export async function syncSiteScanSchedules(
  prisma: PrismaClient,
  queues: QueueRegistry,
): Promise<{ upserted: number; removed: number; failedSiteIds: string[] }> {
  let upserted = 0
  const failedSiteIds: string[] = []
  let afterId: string | undefined
  for (;;) {
    const sites = await listSiteSchedules(prisma, { afterId, take: SYNC_BATCH })
    for (const site of sites) {
      try {
        await upsertSiteScanSchedule(queues, site)
        upserted += 1
      } catch {
        // A pattern stored before schedules were validated must not stop the other sites' schedules.
        failedSiteIds.push(site.id)
      }
    }
    if (sites.length < SYNC_BATCH) break
    afterId = sites.at(-1)?.id
  }

  const schedulers = await queues.get(SCAN_QUEUE_NAMES.scans).getJobSchedulers(0, -1)
  const siteIds = schedulers.flatMap((scheduler) =>
    scheduler.key.startsWith(SCHEDULER_PREFIX) ? [scheduler.key.slice(SCHEDULER_PREFIX.length)] : [],
  )
  const existing = new Set((await findSiteIds(prisma, siteIds)).map((site) => site.id))
  let removed = 0
  for (const siteId of siteIds) {
    if (existing.has(siteId)) continue
    await removeSiteScanSchedule(queues, siteId)
    removed += 1
  }
  return { upserted, removed, failedSiteIds }
}
