import {
  SCAN_QUEUE_NAMES,
  type ScanProgress,
  type SinglePageScanRequest,
  type SinglePageScanResponseSchema,
} from '@canopy/contracts'
import {
  countActiveSinglePageScans,
  createScan,
  findScanVisibleToUser,
  listRecentSinglePageScanDurations,
  markScanFailed,
  type PrismaClient,
} from '@canopy/db'
import type { z } from 'zod'
import { badRequest, HttpError, notFound } from '../http-errors.js'
import type { QueueRegistry } from '../plugins/app/queues.js'
import type { ScanEvents } from '../plugins/app/scan-events.js'
import type { SiteAccessChecks } from '../plugins/app/site-access.js'
import { enqueueSinglePageScan, singlePageScanJobId } from './scan-jobs.js'
import { SCAN_NOT_FOUND_MESSAGE, SCAN_NOT_QUEUED_MESSAGE } from './scan-service.js'
import { assertScanLimitNotReached } from './scan-usage-service.js'

export const PAGE_URL_REQUIRED_MESSAGE = 'Page URL is required'
export const PAGE_URL_WITH_CREDENTIALS_MESSAGE = 'Enter the page address without a user name or password.'
export const UNKNOWN_SITE_CONFIG_MESSAGE = 'No site could be found with this alias.'
/** Each scan holds a browser and Lighthouse for seconds: one user may not fill the queue for everyone. */
export const MAX_ACTIVE_SINGLE_PAGE_SCANS = 5
export const TOO_MANY_SINGLE_PAGE_SCANS_MESSAGE = `You already have ${MAX_ACTIVE_SINGLE_PAGE_SCANS} page scans waiting. Please wait for one to finish.`

/** How long POST /api/v1/scans {useSocket: false} waits before answering with the id to wait on instead. */
export const SINGLE_PAGE_SCAN_WAIT_MS = 120_000
/** The queue estimate before any single-page scan has finished: a page load, the audits and Lighthouse. */
export const DEFAULT_SINGLE_PAGE_SCAN_MS = 30_000
/** The estimate is the mean of this many most recent scans: it follows the machine's current pace. */
export const SCAN_DURATION_WINDOW = 20

type SinglePageScanResponse = z.infer<typeof SinglePageScanResponseSchema>

interface SinglePageScanDeps {
  prisma: PrismaClient
  queues: QueueRegistry
  scanEvents: ScanEvents
  siteAccess: SiteAccessChecks
}

/**
 * The address rules the API can check itself: http(s) (the schema), a host, no credentials, no fragment.
 * Private and loopback addresses are refused by the worker's address guard, after DNS and every redirect.
 */
export function toScannableUrl(uri: string): URL {
  let url: URL
  try {
    url = new URL(uri.trim())
  } catch {
    throw badRequest('uri', PAGE_URL_REQUIRED_MESSAGE)
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw badRequest('uri', PAGE_URL_REQUIRED_MESSAGE)
  }
  if (url.username || url.password) throw badRequest('uri', PAGE_URL_WITH_CREDENTIALS_MESSAGE)
  url.hash = ''
  return url
}

/**
 * Queues a single-page scan. With useSocket the answer is the id to wait on (socket waitForScan); without,
 * the request waits for the result up to SINGLE_PAGE_SCAN_WAIT_MS and then falls back to the id.
 * `config` names a site the user may see: its members may then follow the scan too.
 */
export async function requestSinglePageScan(
  { prisma, queues, scanEvents, siteAccess }: SinglePageScanDeps,
  userId: string,
  body: SinglePageScanRequest,
  waitMs: number = SINGLE_PAGE_SCAN_WAIT_MS,
): Promise<SinglePageScanResponse> {
  const url = toScannableUrl(body.uri)
  let siteId: string | null = null
  if (body.config) {
    const access = await siteAccess.resolve(userId, body.config).catch(() => null)
    if (!access) throw badRequest('config', UNKNOWN_SITE_CONFIG_MESSAGE)
    siteId = access.siteId
    // A scan for one of the site's pages counts against the site's scan limit.
    await assertScanLimitNotReached(prisma, siteId)
  }
  if ((await countActiveSinglePageScans(prisma, userId)) >= MAX_ACTIVE_SINGLE_PAGE_SCANS) {
    throw new HttpError(429, TOO_MANY_SINGLE_PAGE_SCANS_MESSAGE)
  }
  const scan = await createScan(prisma, {
    siteId,
    kind: 'single_page',
    requestedById: userId,
    individualUrl: url.href,
    pageLimit: 1,
  })
  try {
    await enqueueSinglePageScan(queues, { scanId: scan.id, uri: url.href })
  } catch (error) {
    await markScanFailed(prisma, scan.id, SCAN_NOT_QUEUED_MESSAGE)
    throw new HttpError(503, SCAN_NOT_QUEUED_MESSAGE, undefined, error)
  }
  if (body.useSocket) return { success: true, id: scan.id }
  const answer = await scanEvents.waitForAnswer(scan.id, waitMs)
  if (!answer) return { success: true, id: scan.id }
  return { success: answer.success, id: scan.id, result: answer }
}

/** Mean of the recent durations, or the default before there are any. */
export function estimateScanDuration(durations: number[]): number {
  if (durations.length === 0) return DEFAULT_SINGLE_PAGE_SCAN_MS
  return Math.round(durations.reduce((sum, duration) => sum + duration, 0) / durations.length)
}

/**
 * Where a single-page scan stands: its place in the queue (1 = next, 0 = running or done), how many scans
 * are waiting or running, and an estimate in ms: the scans ahead, one after another, plus its own run
 * (less the time it has already run).
 */
export async function getSinglePageScanProgress(
  { prisma, queues }: Pick<SinglePageScanDeps, 'prisma' | 'queues'>,
  userId: string,
  scanId: string,
): Promise<ScanProgress> {
  const scan = await findScanVisibleToUser(prisma, { scanId, userId })
  if (scan?.kind !== 'single_page') throw notFound(SCAN_NOT_FOUND_MESSAGE)
  const queue = queues.get(SCAN_QUEUE_NAMES.singlePageScans)
  const [counts, durations] = await Promise.all([
    queue.getJobCounts('waiting', 'active'),
    listRecentSinglePageScanDurations(prisma, SCAN_DURATION_WINDOW),
  ])
  const totalCount = (counts.waiting ?? 0) + (counts.active ?? 0)
  const duration = estimateScanDuration(durations)
  if (scan.state === 'completed' || scan.state === 'failed') return { position: 0, totalCount, eta: 0 }

  const jobId = singlePageScanJobId(scan.id)
  const state = await queue.getJobState(jobId)
  if (state === 'active') {
    const elapsed = scan.startedAt ? Date.now() - scan.startedAt.getTime() : 0
    return { position: 0, totalCount, eta: Math.max(0, duration - elapsed) }
  }
  if (state !== 'waiting') {
    // Delayed for a retry, or already gone from the queue: it runs next or is about to finish.
    return { position: 0, totalCount, eta: duration }
  }
  // BullMQ hands out the oldest waiting job first, and lists them oldest first when asked ascending.
  const waiting = await queue.getRanges(['waiting'], 0, -1, true)
  const index = waiting.indexOf(jobId)
  const ahead = index >= 0 ? index : waiting.length
  const position = ahead + 1
  return { position, totalCount, eta: position * duration }
}
