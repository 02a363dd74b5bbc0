import { SCAN_JOB_NAMES, SCAN_QUEUE_NAMES } from '@canopy/contracts'
import type { PrismaClient } from '@canopy/db'
import { isReadyToFinalize, readCounts } from '../storage/frontier.js'
import { finalizeJobId, KEEP_FINISHED, scanPageJobId } from './scan-job-options.js'
import { getScanRuntime } from './scan-runtime.js'

export const SCAN_PAGE_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential' as const, delay: 5_000 },
  ...KEEP_FINISHED,
}

/**
 * Adds a scan-page job for every frontier URL still queued. Job ids come from the URL hash, so a URL
 * whose job exists already is not added again; calling this after a crash re-creates only lost jobs.
 */
export async function enqueueQueuedPages(
  prisma: PrismaClient,
  scanId: string,
  onlyHashes?: string[],
): Promise<number> {
  const rows = await prisma.scanUrl.findMany({
    where: { scanId, state: 'queued', ...(onlyHashes ? { urlHash: { in: onlyHashes } } : {}) },
    select: { url: true, urlHash: true, depth: true },
  })
  if (!rows.length) return 0
  await getScanRuntime()
    .queue(SCAN_QUEUE_NAMES.scanPages)
    .addBulk(
      rows.map((row) => ({
        name: SCAN_JOB_NAMES.scanPage,
        data: { scanId, url: row.url, depth: row.depth },
        opts: { ...SCAN_PAGE_OPTIONS, jobId: scanPageJobId(scanId, row.urlHash) },
      })),
    )
  return rows.length
}

export async function enqueueFinalizeIfReady(prisma: PrismaClient, scanId: string): Promise<boolean> {
  const counts = await readCounts(prisma, scanId)
  if (!counts || !isReadyToFinalize(counts)) return false
  await getScanRuntime()
    .queue(SCAN_QUEUE_NAMES.scans)
    .add(
      SCAN_JOB_NAMES.finalizeScan,
      { scanId },
      {
        jobId: finalizeJobId(scanId),
        attempts: 8,
        backoff: { type: 'fixed', delay: 3_000 },
        ...KEEP_FINISHED,
      },
    )
  return true
}
