import {
  type AnyQueueName,
  enqueueJob,
  FRESH_QUEUED_SCAN_MS,
  JOBS,
  jobAddOptions,
  SCAN_MESSAGES,
  type SweepLostScansPayload,
} from '@canopy/contracts'
import {
  countScanUrls,
  listActiveScansQueuedBefore,
  listPendingLighthousePages,
  listQueuedScanUrls,
  markScanFailed,
  type PrismaClient,
  type SweptScan,
} from '@canopy/db'
import { hashUrl } from '../crawl/normalize-url.js'
import { isReadyToFinalize, markLighthouseDone, readCounts } from '../storage/frontier.js'
import type { JobContext } from './define-job.js'
import { isFinalizeNotReady } from './finalize-scan.js'
import { findJobFate, findJobFates, type JobFate } from './job-fate.js'
import { enqueueFinalizeIfReady, enqueueLighthousePage, enqueueQueuedPages } from './scan-enqueue.js'
import { finalizeJobId } from './scan-job-options.js'
import { failQueuedPage } from './scan-page-failure.js'
import { reportScanProgress } from './scan-progress.js'
import { getScanRuntime } from './scan-runtime.js'

/** Scans looked at per sweep, oldest first; the rest wait for the next tick. */
const SWEEP_BATCH = 200

/** What one sweep did to one scan: jobs it added again, pages it recorded as failed, whether it ended the scan. */
export interface ScanSweep {
  jobsAdded: number
  pagesFailed: number
  scanFailed: boolean
}

const NOTHING: ScanSweep = { jobsAdded: 0, pagesFailed: 0, scanFailed: false }

function sum(a: ScanSweep, b: ScanSweep): ScanSweep {
  return {
    jobsAdded: a.jobsAdded + b.jobsAdded,
    pagesFailed: a.pagesFailed + b.pagesFailed,
    scanFailed: a.scanFailed || b.scanFailed,
  }
}

function queueOf(spec: { queue: AnyQueueName }) {
  return getScanRuntime().queue(spec.queue)
}

/** A running scan whose work cannot go on ends failed, with the job's own reason after the shared words. */
function notResumable(reason: string): string {
  return `${SCAN_MESSAGES.notResumable}: ${reason}`
}

async function failScan(prisma: PrismaClient, scanId: string, reason: string): Promise<ScanSweep> {
  const { ended } = await markScanFailed(prisma, scanId, reason)
  return { ...NOTHING, scanFailed: ended }
}

/**
 * Discovery (scan-site) of a queued scan, or of a running one that admitted nothing yet: a lost job is added
 * again (its id names the scan, so it cannot run twice); a job that failed for good ends the scan.
 */
async function sweepDiscovery(prisma: PrismaClient, scan: SweptScan): Promise<ScanSweep> {
  const fate = await findJobFate(
    queueOf(JOBS.scanSite),
    jobAddOptions(JOBS.scanSite, { scanId: scan.id }).jobId ?? '',
  )
  if (fate.kind === 'live') return NOTHING
  if (fate.kind === 'missing') {
    await enqueueJob(getScanRuntime().queues, JOBS.scanSite, { scanId: scan.id })
    return { ...NOTHING, jobsAdded: 1 }
  }
  return failScan(prisma, scan.id, scan.state === 'queued' ? SCAN_MESSAGES.lost : notResumable(fate.reason))
}

/**
 * Every page still queued must have a live scan-page job: a missing one is added again (the job id names the
 * URL, so a page is never scanned twice), one that ended without storing the page is recorded as failed.
 */
async function sweepQueuedPages(prisma: PrismaClient, scanId: string): Promise<ScanSweep> {
  const rows = await listQueuedScanUrls(prisma, scanId)
  const fates = await findJobFates(
    queueOf(JOBS.scanPage),
    rows.map((row) => jobAddOptions(JOBS.scanPage, { scanId, ...row }).jobId ?? ''),
  )
  const missing = rows.filter((_, index) => fates[index]?.kind === 'missing').map((row) => row.urlHash)
  let pagesFailed = 0
  for (const [index, row] of rows.entries()) {
    const fate = fates[index]
    if (fate?.kind === 'ended' && (await failQueuedPage(prisma, scanId, row.url, fate.reason))) pagesFailed++
  }
  const jobsAdded = missing.length ? await enqueueQueuedPages(prisma, scanId, missing) : 0
  return { jobsAdded, pagesFailed, scanFailed: false }
}

/** Lighthouse runs still owed: a lost job is added again, one that ended is given up (the page stays unmeasured). */
async function sweepLighthouse(prisma: PrismaClient, scanId: string): Promise<ScanSweep> {
  const pages = await listPendingLighthousePages(prisma, scanId)
  const payloads = pages.map((page) => ({ scanId, pageId: page.pageId, url: page.url }))
  const fates = await findJobFates(
    queueOf(JOBS.lighthousePage),
    payloads.map((payload) => jobAddOptions(JOBS.lighthousePage, payload).jobId ?? ''),
  )
  let jobsAdded = 0
  for (const [index, payload] of payloads.entries()) {
    const fate = fates[index]
    if (fate?.kind === 'missing') {
      await enqueueLighthousePage(payload)
      jobsAdded++
    } else if (fate?.kind === 'ended') {
      await markLighthouseDone(prisma, scanId, hashUrl(payload.url))
    }
  }
  if (fates.some((fate) => fate.kind === 'ended')) await enqueueFinalizeIfReady(prisma, scanId)
  return { ...NOTHING, jobsAdded }
}

/**
 * A scan with every page done needs its finalize job: a lost one is added again, one that gave up while pages
 * were still outstanding is retried now that they are done, one that failed for another reason ends the scan.
 */
async function sweepFinalize(prisma: PrismaClient, scanId: string): Promise<ScanSweep> {
  const counts = await readCounts(prisma, scanId)
  if (!counts || !isReadyToFinalize(counts)) return NOTHING
  const fate: JobFate = await findJobFate(queueOf(JOBS.finalizeScan), finalizeJobId(scanId))
  if (fate.kind === 'live') return NOTHING
  if (fate.kind === 'missing') {
    await enqueueFinalizeIfReady(prisma, scanId)
    return { ...NOTHING, jobsAdded: 1 }
  }
  if (fate.job.failedReason && isFinalizeNotReady(fate.job.failedReason)) {
    await fate.job.retry('failed')
    return { ...NOTHING, jobsAdded: 1 }
  }
  return failScan(prisma, scanId, notResumable(fate.reason))
}

/** A single-page scan is one job named by the scan: added again when lost, the scan failed when it ended. */
async function sweepSinglePageScan(prisma: PrismaClient, scan: SweptScan): Promise<ScanSweep> {
  const fate = await findJobFate(queueOf(JOBS.singlePageScan), scan.id)
  if (fate.kind === 'live') return NOTHING
  if (fate.kind === 'missing' && scan.individualUrl) {
    await enqueueJob(getScanRuntime().queues, JOBS.singlePageScan, {
      scanId: scan.id,
      uri: scan.individualUrl,
    })
    return { ...NOTHING, jobsAdded: 1 }
  }
  const reason = fate.kind === 'ended' ? fate.reason : 'it has no page address'
  return failScan(prisma, scan.id, scan.state === 'queued' ? SCAN_MESSAGES.lost : notResumable(reason))
}

/** One scan brought back to having a live job for every piece of owed work, or ended with the reason. */
export async function sweepScan(prisma: PrismaClient, scan: SweptScan): Promise<ScanSweep> {
  if (scan.kind === 'single_page') return sweepSinglePageScan(prisma, scan)
  if (scan.state === 'queued' || (await countScanUrls(prisma, scan.id)) === 0)
    return sweepDiscovery(prisma, scan)
  const pages = await sweepQueuedPages(prisma, scan.id)
  const lighthouse = await sweepLighthouse(prisma, scan.id)
  return sum(sum(pages, lighthouse), await sweepFinalize(prisma, scan.id))
}

/**
 * The sweeper: scans queued or running whose jobs are gone (a worker killed before it added them, Redis
 * emptied or restarted without its data, a job failed while its final-failure hook could not reach the
 * database) are resumed by adding the owed jobs again, or failed with the reason when they cannot go on.
 * Everything it adds has the catalogue's derived id, so a sweep racing the scan's own jobs adds nothing twice.
 */
export async function sweepLostScans(_payload: SweepLostScansPayload, { prisma, logger, job }: JobContext) {
  const queuedBefore = new Date(Date.now() - FRESH_QUEUED_SCAN_MS)
  const scans = await listActiveScansQueuedBefore(prisma, { queuedBefore, take: SWEEP_BATCH })
  let total = NOTHING
  let scansFailed = 0
  for (const scan of scans) {
    const swept = await sweepScan(prisma, scan)
    if (swept.jobsAdded || swept.pagesFailed || swept.scanFailed)
      logger.warn({ scanId: scan.id, state: scan.state, ...swept }, 'scan had lost jobs')
    if (swept.scanFailed) {
      scansFailed++
      // The API relays this to the scan's and the site's rooms, as when a scan job ends it.
      await reportScanProgress(job, prisma, { scanId: scan.id, stage: 'done', percent: 100 })
    }
    total = sum(total, swept)
  }
  return { scans: scans.length, jobsAdded: total.jobsAdded, pagesFailed: total.pagesFailed, scansFailed }
}
