import {
  enqueueDelayedJobs,
  JOBS,
  UPTIME_CHECK_RETENTION_DAYS,
  type UptimeCheckPayload,
} from '@canopy/contracts'
import { deleteUptimeChecksBefore, listUptimeTargets, type PrismaClient } from '@canopy/db'
import { MINUTE_MS, slotInTick, tickStartOf } from '../uptime/index.js'
import type { JobContext } from './define-job.js'
import { getScanRuntime } from './scan-runtime.js'

const SITE_BATCH = 500
const DAY_MS = 24 * 60 * MINUTE_MS

/** The checks due in the tick starting at tickStart, each delayed until its slot. */
async function enqueueDueChecks(
  prisma: PrismaClient,
  { tickStart, now, intervalMs }: { tickStart: number; now: number; intervalMs: number },
): Promise<number> {
  const { queues } = getScanRuntime()
  let due = 0
  let afterId: string | undefined
  for (;;) {
    const sites = await listUptimeTargets(prisma, { afterId, take: SITE_BATCH })
    const jobs = sites.flatMap((site) => {
      const slot = slotInTick(site.id, tickStart, intervalMs)
      const payload: UptimeCheckPayload = { siteId: site.id, slot: slot ?? 0 }
      return slot === null ? [] : [{ payload, delayMs: slot - now }]
    })
    // The check's id names its site and slot: a retried sweep adds none twice.
    await enqueueDelayedJobs(queues, JOBS.uptimeCheck, jobs)
    due += jobs.length
    if (sites.length < SITE_BATCH) return due
    afterId = sites.at(-1)?.id
  }
}

/**
 * A tick: adds the uptime checks of the sites whose slot falls in this tick, then applies the
 * retention rule (checks older than UPTIME_CHECK_RETENTION_DAYS are deleted; incidents are kept).
 */
export async function sweepUptime(_payload: unknown, { prisma, logger }: JobContext) {
  const now = Date.now()
  const intervalMs = getScanRuntime().config.uptimeCheckIntervalSeconds * 1_000
  const due = await enqueueDueChecks(prisma, { tickStart: tickStartOf(now, intervalMs), now, intervalMs })
  const deleted = await deleteUptimeChecksBefore(prisma, new Date(now - UPTIME_CHECK_RETENTION_DAYS * DAY_MS))
  if (due > 0 || deleted > 0) logger.debug({ due, deleted }, 'uptime sweep')
  return { due, deleted }
}
