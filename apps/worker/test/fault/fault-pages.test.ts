import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createPrismaClient } from '@canopy/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CALM_PAGES, FAULT_PAGES, FAULTS_ROOT } from '../../../../tests/fixtures/site/fault-pages.js'
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/server.js'
import { loadWorkerConfig } from '../../src/config.js'
import { createFixtureSiteRow, startSiteScan, waitForScanState } from '../support/scan-fixtures.js'
import { faultTestEnv, startWorkerProcess, type WorkerProcess } from './support/worker-process.js'

// Pages that break the browser (tests/fixtures/site/fault-pages.ts, served only with `faultPages`): one busy-loops
// its main thread for ever, one crashes its tab while loading, one runs out of memory while it is audited. Each
// must end as a failed page with the reason, and the scan must go on to finish every other page, in a real
// worker process with the real Chromium.
const config = loadWorkerConfig()
const prisma = createPrismaClient(config.databaseUrl)
/** the index, the three fault pages, the calm index and three calm pages (the crawl admits them in that order) */
const PAGE_LIMIT = 8
let fixture: FixtureSite
let artifactsDir: string
let worker: WorkerProcess | undefined

beforeAll(async () => {
  artifactsDir = await mkdtemp(path.join(tmpdir(), 'canopy-fault-pages-'))
  fixture = await startFixtureSite({ faultPages: true })
})

afterAll(async () => {
  await worker?.stop('SIGKILL')
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
    worker = startWorkerProcess(faultTestEnv({ ARTIFACTS_DIR: artifactsDir, SCAN_PAGE_TIMEOUT_MS: '20000' }))
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
})
