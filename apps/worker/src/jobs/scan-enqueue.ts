import { enqueueJob, enqueueJobs, JOBS, type LighthousePagePayload } from '@canopy/contracts'
import { listQueuedScanUrls, type PrismaClient } from '@canopy/db'
import { isReadyToFinalize, readCounts } from '../storage/frontier.js'
import { getScanRuntime } from './scan-runtime.js'

/**
 * Adds a scan-page job for every frontier URL still queued. Job ids come from the URL hash (the catalogue's
 * rule), so a URL whose job exists already is not added again; calling this after a crash re-creates only
 * lost jobs.
 */
export async function enqueueQueuedPages(
  prisma: PrismaClient,
  scanId: string,
  onlyHashes?: string[],
): Promise<number> {
  const rows = await listQueuedScanUrls(prisma, scanId, onlyHashes)
  await enqueueJobs(
    getScanRuntime().queues,
    JOBS.scanPage,
    rows.map((row) => ({ scanId, url: row.url, depth: row.depth, urlHash: row.urlHash })),
  )
  return rows.length
}

export async function enqueueFinalizeIfReady(prisma: PrismaClient, scanId: string): Promise<boolean> {
  const counts = await readCounts(prisma, scanId)
  if (!counts || !isReadyToFinalize(counts)) return false
  await enqueueJob(getScanRuntime().queues, JOBS.finalizeScan, { scanId })
  return true
}

export async function enqueueLighthousePage(payload: LighthousePagePayload): Promise<void> {
  await enqueueJob(getScanRuntime().queues, JOBS.lighthousePage, payload)
}

export async function enqueueScanSite(scanId: string): Promise<void> {
  await enqueueJob(getScanRuntime().queues, JOBS.scanSite, { scanId })
}
