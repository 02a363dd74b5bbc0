import {
  SCAN_JOB_NAMES,
  SCAN_QUEUE_NAMES,
  type ScanSitePayloadSchema,
  type SinglePageScanPayloadSchema,
} from '@canopy/contracts'
import type { JobsOptions } from 'bullmq'
import type { z } from 'zod'
import type { QueueRegistry } from '../plugins/app/queues.js'

/**
 * What the API puts on the scan queues. Job ids are derived from the scan id, so enqueueing the same scan
 * twice (a retried request) never starts it twice; BullMQ refuses ':' in custom ids, hence the hyphens.
 */
const KEEP_FINISHED = {
  removeOnComplete: { age: 24 * 60 * 60, count: 1000 },
  removeOnFail: { age: 7 * 24 * 60 * 60, count: 5000 },
} satisfies JobsOptions

/** Discovery is cheap and safe to repeat; a flaky network deserves a few tries. */
export const SCAN_SITE_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 10_000 },
  ...KEEP_FINISHED,
} satisfies JobsOptions

/** Someone is watching a single-page scan: one retry, then tell them it failed. */
export const SINGLE_PAGE_SCAN_JOB_OPTIONS = {
  attempts: 2,
  backoff: { type: 'fixed', delay: 2_000 },
  ...KEEP_FINISHED,
} satisfies JobsOptions

export function scanSiteJobId(scanId: string): string {
  return `scan-site-${scanId}`
}

/** The single-page scan's job id is the scan id: progress and queue position are looked up by it. */
export function singlePageScanJobId(scanId: string): string {
  return scanId
}

export function enqueueScanSite(queues: QueueRegistry, payload: z.infer<typeof ScanSitePayloadSchema>) {
  return queues
    .get(SCAN_QUEUE_NAMES.scans)
    .add(SCAN_JOB_NAMES.scanSite, payload, { ...SCAN_SITE_JOB_OPTIONS, jobId: scanSiteJobId(payload.scanId) })
}

export function enqueueSinglePageScan(
  queues: QueueRegistry,
  payload: z.infer<typeof SinglePageScanPayloadSchema>,
) {
  return queues.get(SCAN_QUEUE_NAMES.singlePageScans).add(SCAN_JOB_NAMES.singlePageScan, payload, {
    ...SINGLE_PAGE_SCAN_JOB_OPTIONS,
    jobId: singlePageScanJobId(payload.scanId),
  })
}
