import {
  enqueueJob,
  JOBS,
  jobAddOptions,
  type ScanSitePayload,
  type SinglePageScanPayloadSchema,
} from '@canopy/contracts'
import type { z } from 'zod'
import type { QueueRegistry } from '../plugins/app/queues.js'

/**
 * What the API puts on the scan queues, through the catalogue's one enqueue helper: the worker reads the
 * same options and job ids (packages/contracts JOBS). Job ids are derived from the scan id, so enqueueing
 * the same scan twice (a retried request) never starts it twice.
 */

export function scanSiteJobId(scanId: string): string {
  return jobAddOptions(JOBS.scanSite, { scanId }).jobId ?? scanId
}

/** The single-page scan's job id is the scan id: progress and queue position are looked up by it. */
export function singlePageScanJobId(scanId: string): string {
  return jobAddOptions(JOBS.singlePageScan, { scanId, uri: '' }).jobId ?? scanId
}

export function enqueueScanSite(queues: QueueRegistry, payload: ScanSitePayload) {
  return enqueueJob(queues, JOBS.scanSite, payload)
}

export function enqueueSinglePageScan(
  queues: QueueRegistry,
  payload: z.infer<typeof SinglePageScanPayloadSchema>,
) {
  return enqueueJob(queues, JOBS.singlePageScan, payload)
}

/**
 * Whether nothing will ever start this queued scan: its scan-site job is gone (Redis was emptied, the job
 * removed by hand) or failed for good. A job waiting, delayed, running or stalled is not lost.
 */
export async function isQueuedScanJobLost(queues: QueueRegistry, scanId: string): Promise<boolean> {
  const job = await queues.get(JOBS.scanSite.queue).getJob(scanSiteJobId(scanId))
  return !job || (await job.isFailed())
}
