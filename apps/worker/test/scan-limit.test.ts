import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { JOBS, jobAddOptions, SCAN_MESSAGES } from '@canopy/contracts'
import {
  admitUrls,
  createPrismaClient,
  createScan,
  type FrontierCandidate,
  type PrismaClient,
  runInTransaction,
} from '@canopy/db'
import { type Job, Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCANNED_PAGES } from '../../../tests/fixtures/site/planted.js'
import { type FixtureSite, startFixtureSite } from '../../../tests/fixtures/site/server.js'
import { loadWorkerConfig } from '../src/config.js'
import { scheduledSiteScanJob } from '../src/jobs/scan-site.js'
import { createLogger } from '../src/logger.js'
import { type RunningWorkers, startWorkers } from '../src/start-workers.js'
import {
  createFixtureSiteRow,
  scanTestEnv,
  startSiteScan,
  waitForScanState,
} from './support/scan-fixtures.js'

// The site's monthly scan limit and its pages per scan, enforced by the worker's real jobs on the fixture
// site in Chromium (Lighthouse off): the scan stops taking pages at the tighter one, says which, and is
// finalized with what it scanned. A scheduled tick once the month's limit is used records a scan not run.
const config = loadWorkerConfig(scanTestEnv())
const prisma = createPrismaClient(config.databaseUrl)
let fixture: FixtureSite
let artifactsDir: string
let running: RunningWorkers
let connection: Redis
let scansQueue: Queue

beforeAll(async () => {
  artifactsDir = await mkdtemp(path.join(tmpdir(), 'canopy-scan-limit-'))
  fixture = await startFixtureSite({})
  connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null })
  scansQueue = new Queue(JOBS.scanSite.queue, { connection, prefix: config.queuePrefix })
  running = await startWorkers({
    config: { ...config, artifactsDir },
    logger: createLogger({ logLevel: 'silent' }),
  })
}, 60_000)

afterAll(async () => {
  await running?.close()
  await scansQueue?.close()
  await connection?.quit()
  await prisma.$disconnect()
  await fixture?.close()
  if (artifactsDir) await rm(artifactsDir, { recursive: true, force: true })
})

/** An earlier scan of the site this month that scanned `pages` pages: credits already used. */
async function recordEarlierScan(db: PrismaClient, siteId: string, pages: number) {
  const earlier = await createScan(db, { siteId, kind: 'site', requestedById: null, pageLimit: 100 })
  await db.scan.update({
    where: { id: earlier.id },
    data: { state: 'completed', pagesQueued: pages, pagesScanned: pages, finishedAt: new Date() },
  })
}

async function runScanToEnd(siteId: string, pageLimit: number) {
  const scan = await startSiteScan(prisma, siteId, pageLimit, config.redisUrl, config.queuePrefix)
  return waitForScanState(prisma, scan.id, (row) => row.state === 'completed', 90_000)
}

describe('scan limits on the fixture site', () => {
  it('stops a full scan at the monthly scan limit, counting the pages scanned earlier this month', async () => {
    expect(SCANNED_PAGES.length).toBeGreaterThan(5)
    const site = await createFixtureSiteRow(prisma, fixture.url)
    await prisma.site.update({ where: { id: site.id }, data: { scanLimit: 5 } })
    await recordEarlierScan(prisma, site.id, 2)

    const scan = await runScanToEnd(site.id, site.maximumPageLimitPerScan)

    expect(scan).toMatchObject({ state: 'completed', stopReason: 'scan_limit', pagesQueued: 3, error: null })
    // The pages left out are neither scanned nor failures: only the three admitted pages were worked on.
    expect(scan.pagesScanned + scan.pagesFailed).toBe(3)
    expect(await prisma.scanUrl.count({ where: { scanId: scan.id, state: { in: ['queued'] } } })).toBe(0)
    const history = await prisma.historyPoint.findFirstOrThrow({
      where: { scanId: scan.id, sectionId: null },
    })
    expect(history.numberOfPages).toBe(scan.pagesScanned)
    expect(history.accessibilityScore).toBeGreaterThan(0)
    expect((await prisma.site.findUniqueOrThrow({ where: { id: site.id } })).firstScanCompleted).toBe(true)
  }, 120_000)

  it('stops at the pages per scan with page_limit when that is the tighter limit', async () => {
    const site = await createFixtureSiteRow(prisma, fixture.url, { pageLimit: 2 })
    await prisma.site.update({ where: { id: site.id }, data: { scanLimit: 1000 } })

    const scan = await runScanToEnd(site.id, 2)

    expect(scan).toMatchObject({ state: 'completed', stopReason: 'page_limit', pagesQueued: 2 })
    expect(scan.pagesScanned + scan.pagesFailed).toBe(2)
    const history = await prisma.historyPoint.findFirstOrThrow({
      where: { scanId: scan.id, sectionId: null },
    })
    expect(history.accessibilityScore).toBeGreaterThan(0)
  }, 120_000)
})

describe('admitting pages under the scan limit', () => {
  it('never admits past the limit however many pages admit links at once', async () => {
    const site = await createFixtureSiteRow(prisma, 'http://127.0.0.1:9/')
    await prisma.site.update({ where: { id: site.id }, data: { scanLimit: 7 } })
    await recordEarlierScan(prisma, site.id, 3)
    const scan = await createScan(prisma, {
      siteId: site.id,
      kind: 'site',
      requestedById: null,
      pageLimit: 50,
    })
    const lane = (index: number): FrontierCandidate[] =>
      Array.from({ length: 5 }, (_, page) => {
        const url = `http://127.0.0.1:9/lane-${index}/${page}`
        return { url, urlHash: `${index}-${page}`, depth: 1, discoveredVia: 'link' }
      })

    const admitted = await Promise.all(
      [0, 1, 2, 3].map((index) => runInTransaction(prisma, (tx) => admitUrls(tx, scan.id, lane(index)))),
    )

    expect(admitted.flat()).toHaveLength(4)
    const row = await prisma.scan.findUniqueOrThrow({ where: { id: scan.id } })
    expect(row).toMatchObject({ pagesQueued: 4, stopReason: 'scan_limit' })
    expect(await prisma.scanUrl.count({ where: { scanId: scan.id } })).toBe(4)
    // Ended, so the running worker's sweeper does not take it for a scan whose job was lost.
    await prisma.scan.update({ where: { id: scan.id }, data: { state: 'completed' } })
  })
})

describe('scheduled scan at the scan limit', () => {
  const progress: unknown[] = []
  const job = { id: 'tick', updateProgress: async (value: unknown) => void progress.push(value) } as Job
  const tick = (siteId: string) =>
    scheduledSiteScanJob.run({ siteId }, { prisma, logger: createLogger({ logLevel: 'silent' }), job })

  it('is not run: the tick records the scan with why, and adds no discovery job', async () => {
    const site = await createFixtureSiteRow(prisma, 'http://127.0.0.1:9/')
    await prisma.site.update({ where: { id: site.id }, data: { scanLimit: 4 } })
    await recordEarlierScan(prisma, site.id, 4)

    const outcome = (await tick(site.id)) as { scanId: string; skipped?: string }

    expect(outcome.skipped).toBe('scan limit reached')
    const scan = await prisma.scan.findUniqueOrThrow({ where: { id: outcome.scanId } })
    expect(scan).toMatchObject({
      kind: 'site',
      trigger: 'schedule',
      state: 'failed',
      stopReason: 'scan_limit',
      error: SCAN_MESSAGES.scanLimitReached,
      pagesScanned: 0,
      number: 2,
    })
    expect(scan.finishedAt).not.toBeNull()
    const jobId = jobAddOptions(JOBS.scanSite, { scanId: scan.id }).jobId ?? ''
    expect(await scansQueue.getJob(jobId)).toBeUndefined()
    expect(progress).toContainEqual(expect.objectContaining({ scanId: scan.id, stage: 'done' }))
  })
})
