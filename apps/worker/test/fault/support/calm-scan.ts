import type { PrismaClient } from '@canopy/db'
import { expect } from 'vitest'
import { CALM_PAGES, CALM_ROOT } from '../../../../../tests/fixtures/site/fault-pages.js'
import type { FixtureSite } from '../../../../../tests/fixtures/site/server.js'
import { createFixtureSiteRow, startSiteScan } from '../../support/scan-fixtures.js'
import type { WorkerProcess } from './worker-process.js'

type ScanRow = Awaited<ReturnType<PrismaClient['scan']['findUniqueOrThrow']>>

/** A site scan of the fixture's calm pages (fault-pages.ts): every page loads at once and succeeds. */
export async function startCalmScan(
  prisma: PrismaClient,
  fixture: FixtureSite,
  queue: { redisUrl: string; prefix: string },
) {
  const site = await createFixtureSiteRow(prisma, new URL(CALM_ROOT, fixture.url).href, {
    pageLimit: CALM_PAGES.length,
  })
  return startSiteScan(prisma, site.id, CALM_PAGES.length, queue.redisUrl, queue.prefix)
}

/**
 * Polls the scan until `predicate` holds; a read that fails (the test's own client meets the outage too) is
 * tried again rather than ending the test.
 */
export async function waitForScan(
  prisma: PrismaClient,
  scanId: string,
  predicate: (scan: ScanRow) => boolean,
  timeoutMs: number,
): Promise<ScanRow> {
  const deadline = Date.now() + timeoutMs
  let last: ScanRow | null = null
  for (;;) {
    last = await prisma.scan.findUniqueOrThrow({ where: { id: scanId } }).catch(() => last)
    if (last && predicate(last)) return last
    if (last?.state === 'failed') throw new Error(`scan failed: ${last.error}`)
    if (Date.now() > deadline) throw new Error(`timed out waiting for the scan: ${JSON.stringify(last)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Every calm page stored once and succeeded: none lost, none doubled, none failed by the outage. */
export async function expectEveryCalmPageOnce(prisma: PrismaClient, scan: ScanRow) {
  const results = await prisma.pageResult.findMany({ where: { scanId: scan.id }, include: { page: true } })
  const paths = results.map((row) => new URL(row.page.url).pathname)
  const lost = CALM_PAGES.filter((page) => !paths.includes(page))
  const doubled = paths.filter((page, index) => paths.indexOf(page) !== index)
  const failed = results
    .filter((row) => row.status !== 'succeeded')
    .map((row) => `${row.page.url}: ${row.error}`)
  expect({ lost, doubled, failed }).toEqual({ lost: [], doubled: [], failed: [] })
  expect(paths.sort()).toEqual([...CALM_PAGES].sort())
  expect(scan.pagesScanned).toBe(CALM_PAGES.length)
  expect(scan.pagesFailed).toBe(0)
  return { stored: results.length, lost: lost.length, doubled: doubled.length }
}

/**
 * A service the worker needs (a private PostgreSQL or Redis) stopped once the calm scan is under way and
 * started again a second later: the worker must say it pauses, then that it resumes, and the scan must
 * complete; the worker then stops cleanly. Answers the scan as it was midway and once finished.
 */
export async function restartServiceMidScan(
  prisma: PrismaClient,
  worker: WorkerProcess,
  scanId: string,
  service: { stop(): Promise<void>; start(): Promise<void> },
  resumeWithinMs: number,
) {
  const midway = await waitForScan(prisma, scanId, (row) => row.pagesScanned >= 3, 60_000)
  await service.stop()
  await worker.waitForLog(/service unreachable: pausing/, 10_000)
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  await service.start()
  await worker.waitForLog(/services reachable again: resuming/, resumeWithinMs)
  const finished = await waitForScan(prisma, scanId, (row) => row.state === 'completed', 90_000)
  await worker.stop('SIGTERM')
  expect(worker.child.exitCode).toBe(0)
  expect(midway.pagesScanned).toBeLessThan(CALM_PAGES.length)
  return { midway, finished }
}
