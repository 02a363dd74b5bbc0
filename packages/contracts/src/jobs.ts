import { z } from 'zod'

/**
 * Background jobs: the API enqueues them (BullMQ, under CANOPY_QUEUE_PREFIX) and apps/worker runs them.
 * Both sides read the queue, the job name and the payload schema from here, so a payload the worker
 * cannot parse is caught by the type checker in the API first.
 */
export const QUEUE_NAMES = {
  /** Housekeeping on the database: cheap, scheduled, never urgent. */
  maintenance: 'maintenance',
} as const
export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES]

export const JOB_NAMES = {
  purgeExpiredSessions: 'purge-expired-sessions',
} as const
export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES]

/** Removes sessions past their expiry and account tokens (verify e-mail, reset password) that were used or expired. */
export const PurgeExpiredSessionsPayloadSchema = z.object({}).strict()
export type PurgeExpiredSessionsPayload = z.infer<typeof PurgeExpiredSessionsPayloadSchema>

export const PurgeExpiredSessionsResultSchema = z.object({
  sessionsDeleted: z.number().int().nonnegative(),
  accountTokensDeleted: z.number().int().nonnegative(),
})
export type PurgeExpiredSessionsResult = z.infer<typeof PurgeExpiredSessionsResultSchema>

/**
 * The scanning engine's queues. Discovery and bookkeeping are cheap; page loads run in a shared Chromium;
 * Lighthouse runs one at a time per two cores in its own processes; single-page scans jump the site queue.
 */
export const SCAN_QUEUE_NAMES = {
  scans: 'scans',
  scanPages: 'scan-pages',
  lighthouse: 'lighthouse',
  singlePageScans: 'single-page-scans',
} as const

export type ScanQueueName = (typeof SCAN_QUEUE_NAMES)[keyof typeof SCAN_QUEUE_NAMES]

export const SCAN_JOB_NAMES = {
  /** scheduler tick of one site: creates the Scan row and starts it */
  scheduledSiteScan: 'scheduled-site-scan',
  /** discovery of a site or section scan (robots, sitemap, first pages) */
  scanSite: 'scan-site',
  /** one page of a scan: load, audit, store; enqueues the links it finds */
  scanPage: 'scan-page',
  /** scores, history and section roll-ups once every page is done */
  finalizeScan: 'finalize-scan',
  lighthousePage: 'lighthouse-page',
  singlePageScan: 'single-page-scan',
} as const

export type ScanJobName = (typeof SCAN_JOB_NAMES)[keyof typeof SCAN_JOB_NAMES]

export const ScheduledSiteScanPayloadSchema = z.object({ siteId: z.string().min(1) })
export const ScanSitePayloadSchema = z.object({ scanId: z.string().min(1) })
export const ScanPagePayloadSchema = z.object({
  scanId: z.string().min(1),
  url: z.string().min(1),
  depth: z.number().int().nonnegative(),
})
export const FinalizeScanPayloadSchema = z.object({ scanId: z.string().min(1) })
export const LighthousePagePayloadSchema = z.object({
  scanId: z.string().min(1),
  pageId: z.string().min(1),
  url: z.string().min(1),
})
export const SinglePageScanPayloadSchema = z.object({ scanId: z.string().min(1), uri: z.string().min(1) })
export type ScanPagePayload = z.infer<typeof ScanPagePayloadSchema>
export type LighthousePagePayload = z.infer<typeof LighthousePagePayloadSchema>

/** What a running job reports through job.updateProgress, relayed to Socket.IO rooms by the API. */
export const ScanJobProgressSchema = z.object({
  scanId: z.string(),
  stage: z.enum(['queued', 'loading', 'auditing', 'lighthouse', 'storing', 'done']),
  percent: z.number().min(0).max(100),
})
export type ScanJobProgress = z.infer<typeof ScanJobProgressSchema>
