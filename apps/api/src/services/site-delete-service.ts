import { rm } from 'node:fs/promises'
import { QUEUE_NAMES, SCAN_QUEUE_NAMES } from '@canopy/contracts'
import { deleteSiteById, listSiteScanIds, type PrismaClient, scanArtifactsDir } from '@canopy/db'
import type { JobType } from 'bullmq'
import { notFound } from '../http-errors.js'
import type { QueueRegistry } from '../plugins/app/queues.js'
import { SITE_NOT_FOUND_MESSAGE } from '../plugins/app/site-access.js'
import { removeSiteScanSchedule } from './scan-schedule-service.js'

interface SiteDeleteDeps {
  prisma: PrismaClient
  queues: QueueRegistry
  artifactsDir: string
}

/** Every queue that holds jobs naming a site (siteId) or one of its scans (scanId). */
const SITE_JOB_QUEUES = [...Object.values(SCAN_QUEUE_NAMES), ...Object.values(QUEUE_NAMES)]
/**
 * A running job cannot be taken from its worker: it finds its scan gone and ends (scan-page, scan-site), and
 * the worker then removes its record and artefacts (apps/worker/src/jobs/deleted-site-leftovers.ts).
 */
const REMOVABLE_STATES: JobType[] = [
  'waiting',
  'delayed',
  'prioritized',
  'waiting-children',
  'failed',
  'completed',
]
const JOB_PAGE = 500

function belongsToSite(data: unknown, siteId: string, scanIds: ReadonlySet<string>): boolean {
  if (!data || typeof data !== 'object') return false
  const { siteId: jobSiteId, scanId } = data as { siteId?: unknown; scanId?: unknown }
  return jobSiteId === siteId || (typeof scanId === 'string' && scanIds.has(scanId))
}

/** The ids of the queue's jobs of the site, read a page at a time (jobs of other sites are only read). */
async function findSiteJobIds(
  queues: QueueRegistry,
  queueName: (typeof SITE_JOB_QUEUES)[number],
  siteId: string,
  scanIds: ReadonlySet<string>,
) {
  const queue = queues.get(queueName)
  const ids: string[] = []
  for (let start = 0; ; start += JOB_PAGE) {
    const jobs = await queue.getJobs(REMOVABLE_STATES, start, start + JOB_PAGE - 1)
    for (const job of jobs) if (job?.id && belongsToSite(job.data, siteId, scanIds)) ids.push(job.id)
    if (jobs.length < JOB_PAGE) return ids
  }
}

/** Removes the site's scan schedule and every job of it not running now; the count removed. */
export async function removeSiteJobs(
  queues: QueueRegistry,
  siteId: string,
  scanIds: readonly string[],
): Promise<number> {
  await removeSiteScanSchedule(queues, siteId)
  const scans = new Set(scanIds)
  let removed = 0
  for (const queueName of SITE_JOB_QUEUES) {
    const queue = queues.get(queueName)
    for (const id of await findSiteJobIds(queues, queueName, siteId, scans)) {
      // A job a worker took in the meantime is locked and stays; it ends on finding its scan gone.
      removed += await queue.remove(id).catch(() => 0)
    }
  }
  return removed
}

/**
 * Deletes a site and everything of it: its rows first (by cascade), so a scan running now finds its scan
 * gone at its next step and stops; then its scan schedule and queue jobs; then its scans' artefacts on disk.
 * Nothing of another site is touched: jobs and folders are picked by this site's id and scan ids.
 */
export async function deleteSite(deps: SiteDeleteDeps, siteId: string): Promise<void> {
  const scanIds = await listSiteScanIds(deps.prisma, siteId)
  if (!(await deleteSiteById(deps.prisma, siteId))) throw notFound(SITE_NOT_FOUND_MESSAGE)
  await removeSiteJobs(deps.queues, siteId, scanIds)
  for (const scanId of scanIds) {
    await rm(scanArtifactsDir(deps.artifactsDir, scanId), { recursive: true, force: true })
  }
}
