import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createPrismaClient } from '@canopy/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FixtureSite, startFixtureSite } from '../../../tests/fixtures/site/server.js'
import { loadWorkerConfig } from '../src/config.js'
import { createFixtureSiteRow, startSiteScan, waitForScanState } from './support/scan-fixtures.js'

// The worker is killed without warning mid-scan (SIGKILL: no shutdown code runs) and started again; the
// scan must still complete with every page exactly once.
const WORKER_DIR = fileURLToPath(new URL('..', import.meta.url))
const PAGE_LIMIT = 14
const config = loadWorkerConfig()
const prisma = createPrismaClient(config.databaseUrl)
let fixture: FixtureSite
let artifactsDir: string
const children: ChildProcess[] = []

function startWorkerProcess(): ChildProcess {
  // node --import tsx runs the worker in this very process id, so SIGKILL hits the worker itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: WORKER_DIR,
    env: {
      ...process.env,
      SCAN_LIGHTHOUSE: '0',
      CANOPY_SCAN_ALLOW_HOSTS: '127.0.0.1',
      SCAN_PAGE_TIMEOUT_MS: '5000',
      LINK_CHECK_TIMEOUT_MS: '2000',
      ARTIFACTS_DIR: artifactsDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  children.push(child)
  return child
}

async function stopWorkerProcess(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill(signal)
  await exited
}

beforeAll(async () => {
  artifactsDir = await mkdtemp(path.join(tmpdir(), 'canopy-crash-'))
  fixture = await startFixtureSite({})
})

afterAll(async () => {
  for (const child of children) await stopWorkerProcess(child, 'SIGKILL')
  await fixture?.close()
  await prisma.$disconnect()
  if (artifactsDir) await rm(artifactsDir, { recursive: true, force: true })
})

describe('a worker killed mid-scan', () => {
  it('completes the scan after a restart, every page exactly once', async () => {
    const site = await createFixtureSiteRow(prisma, fixture.url, { pageLimit: PAGE_LIMIT })
    const first = startWorkerProcess()
    const scan = await startSiteScan(prisma, site.id, PAGE_LIMIT, config.redisUrl, config.queuePrefix)
    const midway = await waitForScanState(
      prisma,
      scan.id,
      (row) => row.pagesScanned + row.pagesFailed >= 3,
      90_000,
    )
    await stopWorkerProcess(first, 'SIGKILL')
    expect(midway.state).toBe('running')
    expect(midway.pagesScanned + midway.pagesFailed).toBeLessThan(PAGE_LIMIT)

    const second = startWorkerProcess()
    const finished = await waitForScanState(prisma, scan.id, (row) => row.state === 'completed', 150_000)
    await stopWorkerProcess(second, 'SIGTERM')
    expect(second.exitCode).toBe(0)

    const results = await prisma.pageResult.findMany({ where: { scanId: scan.id }, include: { page: true } })
    const urls = await prisma.scanUrl.findMany({ where: { scanId: scan.id } })
    const pages = urls.filter((row) => row.state !== 'skipped')
    expect(finished.pagesQueued).toBe(PAGE_LIMIT)
    expect(pages).toHaveLength(PAGE_LIMIT)
    expect(pages.every((row) => row.state === 'scanned' || row.state === 'failed')).toBe(true)
    expect(results).toHaveLength(PAGE_LIMIT)
    expect(finished.pagesScanned + finished.pagesFailed).toBe(PAGE_LIMIT)
    expect(new Set(results.map((row) => row.pageId)).size).toBe(PAGE_LIMIT)
    expect(new Set(results.map((row) => row.page.url))).toEqual(new Set(pages.map((row) => row.url)))
    expect(await prisma.historyPoint.count({ where: { scanId: scan.id, sectionId: null } })).toBe(1)
  }, 300_000)
})
