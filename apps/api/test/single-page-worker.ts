import {
  SCAN_QUEUE_NAMES,
  type ScanJobProgress,
  SinglePageScanPayloadSchema,
  type SinglePageScanResult,
} from '@canopy/contracts'
import type { Prisma, Scan } from '@canopy/db'
import { type Job, UnrecoverableError, Worker } from 'bullmq'
import { Redis } from 'ioredis'
import type { TestApp } from './helper.js'

/**
 * The worker's side of a single-page scan for API tests: a real BullMQ Worker on the single-page queue marks
 * the scan running, reports progress, then stores a sample result (or fails an address naming
 * "unreachable"), so the answer reaches clients through QueueEvents and Socket.IO as in production.
 */

const emptyGroups = { failed: [], manual: [], passed: [], notApplicable: [] }

export function sampleResult(url: string): SinglePageScanResult {
  return {
    pageTitle: 'Planted problems',
    url,
    accessibility: {
      score: 71,
      audits: {
        ...emptyGroups,
        failed: [
          {
            id: 'image-alt',
            title: 'Images must have alternative text',
            description: 'Ensures <img> elements have alternate text or a role of none or presentation',
            issueLevel: 'A',
            score: 0,
            wcag: ['1.1.1'],
            nodeCount: 1,
            details: {
              type: 'table',
              headings: [{ key: 'node', valueType: 'node', label: 'Failing Elements' }],
              items: [
                { node: { type: 'node', selector: 'img.hero', snippet: '<img class="hero" src="/a.png">' } },
              ],
            },
          },
        ],
      },
    },
    seo: { score: 90, audits: emptyGroups },
    performance: { score: null, audits: emptyGroups },
    contentquality: { score: 100, audits: emptyGroups },
  }
}

/** What the worker stores in Scan.result: the contract's shape, as Prisma's JSON input. */
export function toJson(result: SinglePageScanResult): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(result)) as Prisma.InputJsonValue
}

/** A progress report as the worker makes it: the job's step with the scan's state and counts. */
export function progressReport(
  scan: Scan,
  step: Pick<ScanJobProgress, 'stage' | 'percent'>,
): ScanJobProgress {
  const kind = scan.kind === 'single_page' ? 'single-page' : scan.kind
  return {
    scanId: scan.id,
    ...step,
    scan: {
      siteId: scan.siteId,
      requestedById: scan.requestedById,
      kind,
      state: scan.state,
      pagesQueued: scan.pagesQueued,
      pagesScanned: scan.pagesScanned,
      pagesFailed: scan.pagesFailed,
    },
  }
}

/** The worker's side of the protocol: mark running, report progress, then store the result or fail. */
export async function startFakeSinglePageWorker(
  testApp: TestApp,
  closers: (() => Promise<unknown>)[],
  options: { autorun?: boolean } = {},
) {
  const { prisma } = testApp.app
  const connection = new Redis(testApp.config.redisUrl, { maxRetriesPerRequest: null })
  const worker = new Worker(
    SCAN_QUEUE_NAMES.singlePageScans,
    async (job: Job) => {
      const { scanId, uri } = SinglePageScanPayloadSchema.parse(job.data)
      const running = await prisma.scan.update({
        where: { id: scanId },
        data: { state: 'running', startedAt: new Date() },
      })
      await job.updateProgress(progressReport(running, { stage: 'auditing', percent: 50 }))
      if (uri.includes('unreachable')) {
        await prisma.scan.update({
          where: { id: scanId },
          data: {
            state: 'failed',
            error: 'The page could not be loaded.',
            finishedAt: new Date(),
            pagesFailed: 1,
          },
        })
        throw new UnrecoverableError('net::ERR_CONNECTION_REFUSED')
      }
      await prisma.scan.update({
        where: { id: scanId },
        data: {
          state: 'completed',
          result: toJson(sampleResult(uri)),
          finishedAt: new Date(),
          pagesScanned: 1,
        },
      })
      return { scanId }
    },
    { connection, prefix: testApp.config.queuePrefix, autorun: options.autorun ?? true },
  )
  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= worker.close().then(async () => {
      await connection.quit()
    })
    return closing
  }
  closers.push(close)
  await worker.waitUntilReady()
  return { worker, close }
}
