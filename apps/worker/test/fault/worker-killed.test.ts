import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createPrismaClient } from '@canopy/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/server.js'
import { loadWorkerConfig } from '../../src/config.js'
import { createFixtureSiteRow, startSiteScan, waitForScanState } from '../support/scan-fixtures.js'
import { faultTestEnv, startWorkerProcess, type WorkerProcess } from './support/worker-process.js'

// A worker process is killed without warning (SIGKILL: no shutdown code runs) three times during a site scan of
// the fixture site, each time once two more pages are done, and a fresh one started each time. Jobs the dead
// worker held come back through BullMQ's stalled check; jobs it never got to add (killed between storing a
// page and enqueueing its links) through the sweeper. After a final worker the scan completes with every page
// exactly once: none lost, none doubled, in the stored rows. Then the same with two workers, one killed.
const PAGE_LIMIT = 10
const KILLS = 3
const config = loadWorkerConfig()
const prisma = createPrismaClient(config.databaseUrl)
let fixture: FixtureSite
let artifactsDir: string
const workers: WorkerProcess[] = []

function startWorker(): WorkerProcess {
  const worker = startWorkerProcess(faultTestEnv({ ARTIFACTS_DIR: artifactsDir }))
  workers.push(worker)
  return worker
}

beforeAll(async () => {
  artifactsDir = await mkdtemp(path.join(tmpdir(), 'canopy-killed-'))
  fixture = await startFixtureSite({})
})

afterAll(async () => {
  for (const worker of workers) await worker.stop('SIGKILL')
  await fixture?.close()
  await prisma.$disconnect()
  if (artifactsDir) await rm(artifactsDir, { recursive: true, force: true })
})

/** Kills a worker once `done` more pages are finished than at the last kill, while the scan is still running. */
async function killAfterProgress(scanId: string, done: number) {
  const worker = startWorker()
  const midway = await waitForScanState(
    prisma,
    scanId,
    (row) => row.pagesScanned + row.pagesFailed >= done,
    90_000,
  )
  await worker.stop('SIGKILL')
  expect(midway.state).toBe('running')
  return midway.pagesScanned + midway.pagesFailed
}

/** Every admitted page stored exactly once (none lost, none doubled), the counts agreeing, one history point. */
async function expectEveryPageOnce(
  scanId: string,
  siteId: string,
  finished: { pagesQueued: number; pagesScanned: number; pagesFailed: number },
  what: string,
) {
  const results = await prisma.pageResult.findMany({ where: { scanId }, include: { page: true } })
  const urls = await prisma.scanUrl.findMany({ where: { scanId } })
  const pages = urls.filter((row) => row.state !== 'skipped')
  const resultUrls = results.map((row) => row.page.url)
  const lost = pages.filter((row) => !resultUrls.includes(row.url))
  const doubled = resultUrls.filter((url, index) => resultUrls.indexOf(url) !== index)
  console.info(`${what}: ${results.length} pages stored, ${lost.length} lost, ${doubled.length} doubled`)
  expect(lost).toEqual([])
  expect(doubled).toEqual([])
  expect(finished.pagesQueued).toBe(PAGE_LIMIT)
  expect(pages).toHaveLength(PAGE_LIMIT)
  expect(pages.every((row) => row.state === 'scanned' || row.state === 'failed')).toBe(true)
  expect(results).toHaveLength(PAGE_LIMIT)
  expect(finished.pagesScanned + finished.pagesFailed).toBe(PAGE_LIMIT)
  expect(await prisma.page.count({ where: { siteId } })).toBe(PAGE_LIMIT)
  expect(await prisma.historyPoint.count({ where: { scanId, sectionId: null } })).toBe(1)
}

describe('a worker killed three times mid-scan', () => {
  it('completes the scan after a final worker, every page exactly once', async () => {
    const site = await createFixtureSiteRow(prisma, fixture.url, { pageLimit: PAGE_LIMIT })
    const scan = await startSiteScan(prisma, site.id, PAGE_LIMIT, config.redisUrl, config.queuePrefix)
    let done = 0
    for (let kill = 1; kill <= KILLS; kill++) done = await killAfterProgress(scan.id, done + 2)
    expect(done).toBeLessThan(PAGE_LIMIT)

    const last = startWorker()
    const finished = await waitForScanState(prisma, scan.id, (row) => row.state === 'completed', 150_000)
    await last.stop('SIGTERM')
    expect(last.child.exitCode).toBe(0)

    await expectEveryPageOnce(scan.id, site.id, finished, `worker killed ${KILLS} times`)
  }, 300_000)
})

// Two workers share a scan; one is SIGKILLed once a few pages are done, and nothing replaces it. The survivor
// takes the dead worker's jobs back when their locks expire (BullMQ's stalled check: JOB_LOCK_DURATION_MS, 6 s
// here) and finishes the scan alone: the pages the dead worker had in flight are loaded again, never stored twice.
describe('one of two workers killed mid-scan', () => {
  it('is taken over by the other worker: the scan completes with every page exactly once', async () => {
    const site = await createFixtureSiteRow(prisma, fixture.url, { pageLimit: PAGE_LIMIT })
    const survivor = startWorker()
    const victim = startWorker()
    // Both must be taking jobs before the scan starts, however long a busy machine takes to start them.
    await Promise.all([
      survivor.waitForLog(/worker ready/, 180_000),
      victim.waitForLog(/worker ready/, 180_000),
    ])
    const scan = await startSiteScan(prisma, site.id, PAGE_LIMIT, config.redisUrl, config.queuePrefix)
    const midway = await waitForScanState(
      prisma,
      scan.id,
      (row) => row.pagesScanned + row.pagesFailed >= 3,
      90_000,
    )
    await victim.stop('SIGKILL')
    expect(midway.state).toBe('running')

    const finished = await waitForScanState(prisma, scan.id, (row) => row.state === 'completed', 150_000)
    await survivor.stop('SIGTERM')
    expect(survivor.child.exitCode).toBe(0)
    await expectEveryPageOnce(scan.id, site.id, finished, 'one of two workers killed')
  }, 480_000)
})
