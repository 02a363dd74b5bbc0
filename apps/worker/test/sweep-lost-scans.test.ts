import { enqueueJob, JOBS, SCAN_MESSAGES } from '@canopy/contracts'
import {
  admitUrls,
  createPrismaClient,
  createScan,
  finishUrl,
  runInTransaction,
  type Scan,
  startScan,
} from '@canopy/db'
import { type Queue, UnrecoverableError, Worker } from 'bullmq'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadWorkerConfig } from '../src/config.js'
import { hashUrl } from '../src/crawl/normalize-url.js'
import { closeScanRuntime, configureScanRuntime, getScanRuntime } from '../src/jobs/scan-runtime.js'
import { sweepScan } from '../src/jobs/sweep-lost-scans.handler.js'
import { createFixtureSiteRow } from './support/scan-fixtures.js'

// The sweeper against real PostgreSQL and Redis, with no worker running: the jobs a scan is owed are missing
// or failed on purpose, and one sweep must add the missing ones once, record what cannot go on, and change
// nothing when swept again.
const config = loadWorkerConfig()
const prisma = createPrismaClient(config.databaseUrl)
const ROOT = 'http://127.0.0.1:9/'
let siteId: string

beforeAll(async () => {
  configureScanRuntime(config, { lighthouseJobRegistered: false })
  siteId = (await createFixtureSiteRow(prisma, ROOT, { pageLimit: 10 })).id
})

afterAll(async () => {
  await closeScanRuntime()
  await prisma.$disconnect()
})

const queueOf = (name: Parameters<ReturnType<typeof getScanRuntime>['queue']>[0]): Queue =>
  getScanRuntime().queue(name)

/** Fails every job waiting in the queue for good, as a worker whose handler gave up would. */
async function failWaitingJobs(queue: Queue, reason: string) {
  const waiting = await queue.getWaitingCount()
  const worker = new Worker(
    queue.name,
    async () => {
      throw new UnrecoverableError(reason)
    },
    { connection: getScanRuntime().redis.duplicate(), prefix: config.queuePrefix },
  )
  while ((await queue.getFailedCount()) < waiting) await new Promise((resolve) => setTimeout(resolve, 50))
  await worker.close()
}

const sweep = (scan: Scan) => sweepScan(prisma, scan)

async function runningScanWithPages(paths: string[]) {
  const scan = await createScan(prisma, { siteId, kind: 'site', requestedById: null, pageLimit: 10 })
  await startScan(prisma, scan.id, false)
  const candidates = paths.map((path) => {
    const url = new URL(path, ROOT).href
    return { url, urlHash: hashUrl(url), depth: 1, discoveredVia: 'link' as const }
  })
  await runInTransaction(prisma, (tx) => admitUrls(tx, scan.id, candidates))
  return prisma.scan.findUniqueOrThrow({ where: { id: scan.id } })
}

describe('the sweeper', () => {
  it('adds a queued scan’s lost discovery job once, and fails the scan when that job failed for good', async () => {
    const scan = await createScan(prisma, { siteId, kind: 'site', requestedById: null, pageLimit: 10 })
    expect(await sweep(scan)).toMatchObject({ jobsAdded: 1, scanFailed: false })
    expect(await sweep(scan)).toMatchObject({ jobsAdded: 0, scanFailed: false })
    expect(await queueOf(JOBS.scanSite.queue).getJobState(`scan-site-${scan.id}`)).toBe('waiting')

    await failWaitingJobs(queueOf(JOBS.scanSite.queue), 'gave up')
    expect(await sweep(scan)).toMatchObject({ scanFailed: true })
    const failed = await prisma.scan.findUniqueOrThrow({ where: { id: scan.id } })
    expect(failed).toMatchObject({ state: 'failed', error: SCAN_MESSAGES.lost })
  })

  it('adds the lost job of every page still queued once, and fails a page whose job failed for good', async () => {
    const scan = await runningScanWithPages(['/a', '/b', '/c'])
    expect(await sweep(scan)).toMatchObject({ jobsAdded: 3, pagesFailed: 0 })
    expect(await sweep(scan)).toMatchObject({ jobsAdded: 0, pagesFailed: 0 })
    const pageQueue = queueOf(JOBS.scanPage.queue)
    expect(await pageQueue.getWaitingCount()).toBe(3)

    await failWaitingJobs(pageQueue, 'the page killed its worker')
    expect(await sweep(scan)).toMatchObject({ jobsAdded: 0, pagesFailed: 3 })
    expect(await sweep(scan)).toMatchObject({ jobsAdded: 0, pagesFailed: 0 })
    const results = await prisma.pageResult.findMany({ where: { scanId: scan.id } })
    expect(results.map((row) => [row.status, row.error])).toEqual(
      results.map(() => ['failed', 'the page killed its worker']),
    )
    const counts = await prisma.scan.findUniqueOrThrow({ where: { id: scan.id } })
    expect(counts).toMatchObject({ pagesQueued: 3, pagesFailed: 3, state: 'running' })
    // Every page done: the finalize job it was owed is there, once.
    expect(await queueOf(JOBS.finalizeScan.queue).getJobState(`finalize-${scan.id}`)).toBe('waiting')
  })

  it('fails a scan whose finalize job failed for good, with the reason', async () => {
    const { id } = await runningScanWithPages(['/done'])
    await runInTransaction(prisma, (tx) =>
      finishUrl(tx, id, hashUrl(new URL('/done', ROOT).href), 'scanned', false),
    )
    const scan = await prisma.scan.findUniqueOrThrow({ where: { id } })
    await enqueueJob(getScanRuntime().queues, JOBS.finalizeScan, { scanId: scan.id })
    await failWaitingJobs(queueOf(JOBS.finalizeScan.queue), 'disk full')
    expect(await sweep(scan)).toMatchObject({ scanFailed: true })
    const failed = await prisma.scan.findUniqueOrThrow({ where: { id: scan.id } })
    expect(failed).toMatchObject({ state: 'failed', error: `${SCAN_MESSAGES.notResumable}: disk full` })
  })
})
