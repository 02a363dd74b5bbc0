import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createPrismaClient } from '@canopy/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CALM_PAGES,
  CALM_ROOT,
  FAULT_PAGES,
  FAULTS_ROOT,
} from '../../../../tests/fixtures/site/fault-pages.js'
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/server.js'
import { loadWorkerConfig } from '../../src/config.js'
import { createFixtureSiteRow, startSiteScan, waitForScanState } from '../support/scan-fixtures.js'
import { faultTestEnv, startWorkerProcess, type WorkerProcess } from './support/worker-process.js'

// Pages that break the browser (tests/fixtures/site/fault-pages.ts, served only with `faultPages`): one busy-loops
// its main thread for ever, one crashes its tab while loading, one runs out of memory while it is audited. Each
// must end as a failed page with the reason, and the scan must go on to finish every other page, in a real
// worker process with the real Chromium. With one lane and a navigation timeout longer than the busy loop's
// patience, the deadline on the whole page (SCAN_PAGE_DEADLINE_MS) gives it up and frees the lane.
const config = loadWorkerConfig()
const prisma = createPrismaClient(config.databaseUrl)
/** the index, the three fault pages, the calm index and three calm pages (the crawl admits them in that order) */
const PAGE_LIMIT = 8
/** the whole-page deadline of the single-lane test: calm pages take a few seconds even on a busy machine */
const DEADLINE_MS = 20_000
let fixture: FixtureSite
let artifactsDir: string
const workers: WorkerProcess[] = []

function startWorker(env: Record<string, string>): WorkerProcess {
  const worker = startWorkerProcess(faultTestEnv({ ARTIFACTS_DIR: artifactsDir, ...env }))
  workers.push(worker)
  return worker
}

beforeAll(async () => {
  artifactsDir = await mkdtemp(path.join(tmpdir(), 'canopy-fault-pages-'))
  fixture = await startFixtureSite({ faultPages: true })
})

afterAll(async () => {
  for (const worker of workers) await worker.stop('SIGKILL')
  await fixture?.close()
  await prisma.$disconnect()
  if (artifactsDir) await rm(artifactsDir, { recursive: true, force: true })
})

describe('pages that hang, crash their tab or exhaust memory', () => {
  it('are each failed with a reason while the scan finishes the other pages', async () => {
    const site = await createFixtureSiteRow(prisma, new URL(FAULTS_ROOT, fixture.url).href, {
      pageLimit: PAGE_LIMIT,
    })
    // The crash page's renderer dies once its heap is full: about 9 s on an idle machine, longer on a busy one.
    // The page timeout leaves it that time, so the tab crashes before the navigation gives up.
    const worker = startWorker({ SCAN_PAGE_TIMEOUT_MS: '20000' })
    const scan = await startSiteScan(prisma, site.id, PAGE_LIMIT, config.redisUrl, config.queuePrefix)
    const finished = await waitForScanState(prisma, scan.id, (row) => row.state === 'completed', 120_000)
    await worker.stop('SIGTERM')

    const results = await prisma.pageResult.findMany({ where: { scanId: scan.id }, include: { page: true } })
    const byPath = new Map(results.map((result) => [new URL(result.page.url).pathname, result]))
    const failedPaths = Object.values(FAULT_PAGES)
    const firstLine = (faultPath: string) => byPath.get(faultPath)?.error?.split('\n')[0]
    console.info(
      `fault pages: ${failedPaths.map((faultPath) => `${faultPath}: ${firstLine(faultPath)}`).join('; ')}`,
    )
    for (const faultPath of failedPaths) {
      expect(byPath.get(faultPath)?.status, faultPath).toBe('failed')
      expect(byPath.get(faultPath)?.error, faultPath).toBeTruthy()
    }
    // The reason's first line (Playwright appends its call log, which names the page's address).
    expect(firstLine(FAULT_PAGES.busyLoop)).toMatch(/timeout/i)
    expect(firstLine(FAULT_PAGES.crash)).toMatch(/crashed/i)
    expect(firstLine(FAULT_PAGES.memory)).toMatch(/crashed|timed out/i)

    const others = results.filter(
      (result) => !failedPaths.some((faultPath) => result.page.url.endsWith(faultPath)),
    )
    expect(others.map((result) => result.status)).toEqual(others.map(() => 'succeeded'))
    expect(others.map((result) => new URL(result.page.url).pathname).sort()).toEqual(
      [FAULTS_ROOT, ...CALM_PAGES.slice(0, PAGE_LIMIT - 4)].sort(),
    )
    expect(results).toHaveLength(PAGE_LIMIT)
    expect(finished.pagesFailed).toBe(3)
    expect(finished.pagesScanned).toBe(PAGE_LIMIT - 3)
  }, 180_000)

  it('are given up at the page deadline, so a worker with a single lane still finishes the scan', async () => {
    const site = await createFixtureSiteRow(prisma, new URL(FAULTS_ROOT, fixture.url).href, {
      pageLimit: PAGE_LIMIT,
    })
    // One lane, a navigation timeout the busy loop would outlast: only the deadline on the whole page (load and
    // audit) can give it up, and only a lane given back lets the scan go on to the calm pages.
    const worker = startWorker({
      SCAN_PAGE_CONCURRENCY: '1',
      SCAN_PAGE_TIMEOUT_MS: '90000',
      SCAN_PAGE_DEADLINE_MS: String(DEADLINE_MS),
    })
    // Timed from a worker that listens, however long a busy machine takes to start it.
    await worker.waitForLog(/worker ready/, 180_000)
    const scan = await startSiteScan(prisma, site.id, PAGE_LIMIT, config.redisUrl, config.queuePrefix)
    const finished = await waitForScanState(prisma, scan.id, (row) => row.state === 'completed', 150_000)
    await worker.stop('SIGTERM')

    const results = await prisma.pageResult.findMany({ where: { scanId: scan.id }, include: { page: true } })
    const byPath = new Map(results.map((result) => [new URL(result.page.url).pathname, result]))
    const busy = byPath.get(FAULT_PAGES.busyLoop)
    console.info(`busy loop with one lane: ${busy?.error?.split('\n')[0]}`)
    expect(busy?.status).toBe('failed')
    expect(busy?.error).toContain(`did not finish within ${DEADLINE_MS} ms`)
    for (const faultPath of [FAULT_PAGES.crash, FAULT_PAGES.memory])
      expect(byPath.get(faultPath)?.status, faultPath).toBe('failed')
    const calm = results.filter((result) => new URL(result.page.url).pathname.startsWith(CALM_ROOT))
    expect(calm.map((result) => result.status)).toEqual(calm.map(() => 'succeeded'))
    expect(results).toHaveLength(PAGE_LIMIT)
    expect(finished.pagesScanned + finished.pagesFailed).toBe(PAGE_LIMIT)
  }, 360_000)
})
