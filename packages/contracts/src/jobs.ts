import { z } from 'zod'

/**
 * Background jobs: the API enqueues them (BullMQ, under CANOPY_QUEUE_PREFIX) and apps/worker runs them.
 * Both sides read the queue, the job name and the payload schema from here, so a payload the worker
 * cannot parse is caught by the type checker in the API first.
 */
export const QUEUE_NAMES = {
  /** Housekeeping on the database: cheap, scheduled, never urgent. */
  maintenance: 'maintenance',
  /** Uptime checks of the sites' roots: many small requests, apart from scans so a big scan never delays them. */
  uptime: 'uptime',
} as const
export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES]

export const JOB_NAMES = {
  purgeExpiredSessions: 'purge-expired-sessions',
  /** a minute's tick: adds the uptime checks of the sites whose check falls in that minute */
  uptimeSweep: 'uptime-sweep',
  /** one request to one site's root, stored as an uptime check (and an incident opened or closed) */
  uptimeCheck: 'uptime-check',
  /** pages whose misspellings a dictionary change removed: their content-quality score and audit again */
  rescoreContentQuality: 'rescore-content-quality',
  /** a would-be site root checked before the site is added: does it answer, may the scanner read it */
  checkSiteUrl: 'check-site-url',
  /** each page's views of the last 30 days read from its site's web analytics (the issue lists sort by them) */
  refreshPageViews: 'refresh-page-views',
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
  /** a scheduler tick: scans queued or running without a live job are resumed or failed */
  sweepLostScans: 'sweep-lost-scans',
  /** a site admin's "Test sign-in": signs in to the site as a scan would and reports how it went */
  testScanLogin: 'test-scan-login',
} as const

export type ScanJobName = (typeof SCAN_JOB_NAMES)[keyof typeof SCAN_JOB_NAMES]

export const ScheduledSiteScanPayloadSchema = z.object({ siteId: z.string().min(1) })
export const ScanSitePayloadSchema = z.object({ scanId: z.string().min(1) })
export const ScanPagePayloadSchema = z.object({
  scanId: z.string().min(1),
  url: z.string().min(1),
  depth: z.number().int().nonnegative(),
  /** the frontier's hash of the normalised URL: names the job, so a URL's job is added once */
  urlHash: z.string().min(1),
})
export const FinalizeScanPayloadSchema = z.object({ scanId: z.string().min(1) })
export const LighthousePagePayloadSchema = z.object({
  scanId: z.string().min(1),
  pageId: z.string().min(1),
  url: z.string().min(1),
})
export const SinglePageScanPayloadSchema = z.object({ scanId: z.string().min(1), uri: z.string().min(1) })
export const SweepLostScansPayloadSchema = z.object({}).strict()
export const TestScanLoginPayloadSchema = z.object({
  siteId: z.string().min(1),
  /** names the admin's request: each press of the button is its own job */
  requestId: z.string().min(1).max(100),
})
export type TestScanLoginPayload = z.infer<typeof TestScanLoginPayloadSchema>
export type SweepLostScansPayload = z.infer<typeof SweepLostScansPayloadSchema>
export type ScanSitePayload = z.infer<typeof ScanSitePayloadSchema>
export type ScanPagePayload = z.infer<typeof ScanPagePayloadSchema>
export type LighthousePagePayload = z.infer<typeof LighthousePagePayloadSchema>

export const UptimeSweepPayloadSchema = z.object({}).strict()
export const UptimeCheckPayloadSchema = z.object({
  siteId: z.string().min(1),
  /** the slot the check is scheduled for, ms since the epoch: stored as the check's time */
  slot: z.number().int().nonnegative(),
})
export type UptimeCheckPayload = z.infer<typeof UptimeCheckPayloadSchema>

export const RescoreContentQualityPayloadSchema = z.object({
  siteId: z.string().min(1),
  /** names the dictionary change that asked for it: one job per change, however often it is queued */
  changeId: z.string().min(1).max(100),
  pageIds: z.array(z.string().min(1)).min(1).max(10_000),
})
export type RescoreContentQualityPayload = z.infer<typeof RescoreContentQualityPayloadSchema>

export const CheckSiteUrlPayloadSchema = z.object({
  /** names this one check (the API makes a random one): the job id, by which the API reads the answer */
  checkId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  url: z.string().min(1).max(2000),
})
export type CheckSiteUrlPayload = z.infer<typeof CheckSiteUrlPayloadSchema>

/**
 * One site's page views, or (the daily tick, without a site) one such job per site whose web analytics is
 * on. `key` names what asked for it, so asking twice adds one job: the day for the tick's jobs, the property
 * and the day when web analytics is turned on.
 */
export const RefreshPageViewsPayloadSchema = z
  .object({
    siteId: z.string().min(1).optional(),
    key: z
      .string()
      .regex(/^[\w-]{1,100}$/)
      .optional(),
  })
  .strict()
export type RefreshPageViewsPayload = z.infer<typeof RefreshPageViewsPayloadSchema>

/** What the check of a would-be site root found; `blocked`: the network guard refused the address. */
export const CheckSiteUrlResultSchema = z.object({
  reachable: z.boolean(),
  blocked: z.boolean(),
  statusCode: z.number().int().nullable(),
  finalUrl: z.string().nullable(),
  robotsAllowed: z.boolean().nullable(),
  message: z.string(),
})
export type CheckSiteUrlResult = z.infer<typeof CheckSiteUrlResultSchema>

// ─── The job catalogue ──────────────────────────────────────────────────────

export type AnyQueueName = QueueName | ScanQueueName
export type AnyJobName = JobName | ScanJobName

/** How often BullMQ tries a job and how long it waits in between. */
export interface JobRetryOptions {
  attempts: number
  backoff: { type: 'exponential' | 'fixed'; delay: number }
}

/** Options every job is added with: its retries, and how long finished jobs are kept. */
export interface JobAddOptions extends JobRetryOptions {
  removeOnComplete: { age: number; count: number }
  removeOnFail: { age: number; count: number }
  jobId?: string
  /** ms from now before the job may run */
  delay?: number
}

/**
 * Finished jobs stay a day (failed ones a week, for looking into them), so a re-add with the same id within
 * that time is still refused: that is what makes deriving a job id from its work de-duplicate it.
 */
const KEEP_FINISHED = {
  removeOnComplete: { age: 24 * 60 * 60, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 60 * 60, count: 10_000 },
} as const

/**
 * One job as both sides must agree on it: its queue and name, the payload schema the worker parses with, the
 * options it is added with (the worker never adds retries of its own), and how its id is derived from the
 * payload (a job id names the work, so adding the same work twice adds one job; BullMQ refuses ':' in ids).
 */
export interface JobSpec<Payload, Queue extends AnyQueueName = AnyQueueName> {
  name: AnyJobName
  queue: Queue
  payloadSchema: z.ZodType<Payload, Payload>
  options: Omit<JobAddOptions, 'jobId'>
  jobId?: (payload: Payload) => string
}

function jobSpec<Payload, Queue extends AnyQueueName>(
  spec: Omit<JobSpec<Payload, Queue>, 'options'> & { options: JobRetryOptions },
): JobSpec<Payload, Queue> {
  return { ...spec, options: { ...spec.options, ...KEEP_FINISHED } }
}

export const JOBS = {
  purgeExpiredSessions: jobSpec({
    name: JOB_NAMES.purgeExpiredSessions,
    queue: QUEUE_NAMES.maintenance,
    payloadSchema: PurgeExpiredSessionsPayloadSchema,
    options: { attempts: 3, backoff: { type: 'exponential', delay: 30_000 } },
  }),
  /** added by its job scheduler every minute; a tick that failed is overtaken by the next one */
  uptimeSweep: jobSpec({
    name: JOB_NAMES.uptimeSweep,
    queue: QUEUE_NAMES.uptime,
    payloadSchema: UptimeSweepPayloadSchema,
    options: { attempts: 2, backoff: { type: 'fixed', delay: 5_000 } },
  }),
  /** one quick retry (a lost database write); later, the next slot's check is worth more than this one */
  uptimeCheck: jobSpec({
    name: JOB_NAMES.uptimeCheck,
    queue: QUEUE_NAMES.uptime,
    payloadSchema: UptimeCheckPayloadSchema,
    options: { attempts: 2, backoff: { type: 'fixed', delay: 5_000 } },
    jobId: ({ siteId, slot }) => `uptime-${siteId}-${slot}`,
  }),
  /** cheap and idempotent (recomputed from what is stored): retried a few times */
  rescoreContentQuality: jobSpec({
    name: JOB_NAMES.rescoreContentQuality,
    queue: QUEUE_NAMES.maintenance,
    payloadSchema: RescoreContentQualityPayloadSchema,
    options: { attempts: 3, backoff: { type: 'exponential', delay: 5_000 } },
    jobId: ({ siteId, changeId }) => `rescore-${siteId}-${changeId}`,
  }),
  /** someone waits for the answer: one attempt; the API reads the result by the job id */
  checkSiteUrl: jobSpec({
    name: JOB_NAMES.checkSiteUrl,
    queue: QUEUE_NAMES.uptime,
    payloadSchema: CheckSiteUrlPayloadSchema,
    options: { attempts: 1, backoff: { type: 'fixed', delay: 0 } },
    jobId: ({ checkId }) => `check-url-${checkId}`,
  }),
  /** reads Google once per site and day (the report is kept): retried later when Google fails */
  refreshPageViews: jobSpec({
    name: JOB_NAMES.refreshPageViews,
    queue: QUEUE_NAMES.maintenance,
    payloadSchema: RefreshPageViewsPayloadSchema,
    options: { attempts: 3, backoff: { type: 'exponential', delay: 60_000 } },
    jobId: ({ siteId, key }) => `page-views-${siteId ?? 'all'}-${key ?? 'now'}`,
  }),
  /** added by each site's job scheduler, never by hand: the scheduler names each tick's job */
  scheduledSiteScan: jobSpec({
    name: SCAN_JOB_NAMES.scheduledSiteScan,
    queue: SCAN_QUEUE_NAMES.scans,
    payloadSchema: ScheduledSiteScanPayloadSchema,
    options: { attempts: 3, backoff: { type: 'exponential', delay: 30_000 } },
  }),
  /** discovery is cheap and safe to repeat; a flaky network deserves a few tries */
  scanSite: jobSpec({
    name: SCAN_JOB_NAMES.scanSite,
    queue: SCAN_QUEUE_NAMES.scans,
    payloadSchema: ScanSitePayloadSchema,
    options: { attempts: 3, backoff: { type: 'exponential', delay: 10_000 } },
    jobId: ({ scanId }) => `scan-site-${scanId}`,
  }),
  scanPage: jobSpec({
    name: SCAN_JOB_NAMES.scanPage,
    queue: SCAN_QUEUE_NAMES.scanPages,
    payloadSchema: ScanPagePayloadSchema,
    options: { attempts: 3, backoff: { type: 'exponential', delay: 5_000 } },
    jobId: ({ scanId, urlHash }) => `${scanId}-${urlHash}`,
  }),
  /** retried often and quickly: it also waits for pages a crash lost, which it re-enqueues */
  finalizeScan: jobSpec({
    name: SCAN_JOB_NAMES.finalizeScan,
    queue: SCAN_QUEUE_NAMES.scans,
    payloadSchema: FinalizeScanPayloadSchema,
    options: { attempts: 8, backoff: { type: 'fixed', delay: 3_000 } },
    jobId: ({ scanId }) => `finalize-${scanId}`,
  }),
  /** a crash or a hang of one run is often a one-off (memory pressure): retried twice, spaced out */
  lighthousePage: jobSpec({
    name: SCAN_JOB_NAMES.lighthousePage,
    queue: SCAN_QUEUE_NAMES.lighthouse,
    payloadSchema: LighthousePagePayloadSchema,
    options: { attempts: 3, backoff: { type: 'exponential', delay: 15_000 } },
    jobId: ({ scanId, pageId }) => `lighthouse-${scanId}-${pageId}`,
  }),
  /** someone is watching: one retry, then they are told it failed; the job id is the scan id */
  singlePageScan: jobSpec({
    name: SCAN_JOB_NAMES.singlePageScan,
    queue: SCAN_QUEUE_NAMES.singlePageScans,
    payloadSchema: SinglePageScanPayloadSchema,
    options: { attempts: 2, backoff: { type: 'fixed', delay: 2_000 } },
    jobId: ({ scanId }) => scanId,
  }),
  /**
   * On the scans queue, so the API relays the end of a scan it fails; the next tick is the retry, so one attempt.
   * Added by its scheduler (and at a worker's start): two sweeps at once are harmless, so it needs no id.
   */
  sweepLostScans: jobSpec({
    name: SCAN_JOB_NAMES.sweepLostScans,
    queue: SCAN_QUEUE_NAMES.scans,
    payloadSchema: SweepLostScansPayloadSchema,
    options: { attempts: 1, backoff: { type: 'fixed', delay: 0 } },
  }),
  /** someone is waiting for the answer: one attempt, its outcome is the answer (a failed sign-in is a result) */
  testScanLogin: jobSpec({
    name: SCAN_JOB_NAMES.testScanLogin,
    queue: SCAN_QUEUE_NAMES.scans,
    payloadSchema: TestScanLoginPayloadSchema,
    options: { attempts: 1, backoff: { type: 'fixed', delay: 0 } },
    jobId: ({ siteId, requestId }) => `test-scan-login-${siteId}-${requestId}`,
  }),
} as const

/** What the enqueue helper needs of a queue: BullMQ's Queue has this shape. */
export interface JobQueue {
  add(name: string, data: unknown, options: JobAddOptions): Promise<unknown>
  addBulk(jobs: { name: string; data: unknown; opts: JobAddOptions }[]): Promise<unknown>
}

/** The queues by name, as the API's registry and the worker's runtime hand them out. */
export interface JobQueues {
  get(name: AnyQueueName): JobQueue
}

/** The options a job is added with: the catalogue's, and its id from the payload. */
export function jobAddOptions<Payload>(spec: JobSpec<Payload>, payload: Payload): JobAddOptions {
  return { ...spec.options, ...(spec.jobId ? { jobId: spec.jobId(payload) } : {}) }
}

/**
 * The one way to add a job, in the API and the worker alike: the payload is checked against the job's
 * schema before it reaches Redis, and the options and id come from the catalogue.
 */
export function enqueueJob<Payload>(queues: JobQueues, spec: JobSpec<Payload>, payload: Payload) {
  const data = spec.payloadSchema.parse(payload)
  return queues.get(spec.queue).add(spec.name, data, jobAddOptions(spec, data))
}

/** Several jobs of one kind in one round trip. */
export async function enqueueJobs<Payload>(queues: JobQueues, spec: JobSpec<Payload>, payloads: Payload[]) {
  if (payloads.length === 0) return
  await queues.get(spec.queue).addBulk(
    payloads.map((payload) => {
      const data = spec.payloadSchema.parse(payload)
      return { name: spec.name, data, opts: jobAddOptions(spec, data) }
    }),
  )
}

/** Several jobs of one kind in one round trip, each held back until its delay (ms from now) has passed. */
export async function enqueueDelayedJobs<Payload>(
  queues: JobQueues,
  spec: JobSpec<Payload>,
  jobs: { payload: Payload; delayMs: number }[],
) {
  if (jobs.length === 0) return
  await queues.get(spec.queue).addBulk(
    jobs.map(({ payload, delayMs }) => {
      const data = spec.payloadSchema.parse(payload)
      return { name: spec.name, data, opts: { ...jobAddOptions(spec, data), delay: Math.max(0, delayMs) } }
    }),
  )
}

/** The template a job scheduler adds its jobs from (upsertJobScheduler's third argument). */
export function jobSchedulerTemplate<Payload>(spec: JobSpec<Payload>, payload: Payload) {
  return { name: spec.name, data: spec.payloadSchema.parse(payload), opts: { ...spec.options } }
}

// ─── Progress ──────────────────────────────────────────────────────────────

export const SCAN_JOB_STAGES = ['queued', 'loading', 'auditing', 'lighthouse', 'storing', 'done'] as const

/**
 * What a scan job reports through job.updateProgress: the step it is at, and the scan's state and counts as
 * the job last read them, so the API relays it to the scan's and the site's rooms without reading anything
 * (a single-page scan also to its requester's room).
 */
export const ScanJobProgressSchema = z.object({
  scanId: z.string(),
  stage: z.enum(SCAN_JOB_STAGES),
  percent: z.number().min(0).max(100),
  scan: z
    .object({
      siteId: z.string().nullable(),
      requestedById: z.string().nullable(),
      kind: z.enum(['site', 'section', 'page', 'single-page']),
      state: z.enum(['queued', 'running', 'completed', 'failed']),
      pagesQueued: z.number().int(),
      pagesScanned: z.number().int(),
      pagesFailed: z.number().int(),
    })
    .optional(),
})
export type ScanJobProgress = z.infer<typeof ScanJobProgressSchema>
