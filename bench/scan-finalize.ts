/**
 * The finalize of a large scan, in a real worker: a generated site of BENCH_SEED_PAGES (default 20) pages is
 * scanned for real (one worker process, its Chromium, every engine, Lighthouse off), its pages are copied in
 * the database until the scan holds BENCH_PAGES (default 5,000; bench/lib/clone-pages.ts), every page given
 * the root's title and meta description (BENCH_SHARED_TEXT=0 keeps each source's own), and the scan's
 * finalize-scan job is queued again as the last page of a scan queues it. The worker then runs it under its
 * job lock (JOB_LOCK_DURATION_MS, 20 s), as it would at the end of a scan of that many pages.
 *
 * It prints how the finalize went: the scan's end state, the job's attempts and stalls (a job whose worker
 * held its event loop past the lock is stalled and retried, and the sweeper fails the scan), the finalize's
 * time, the longest the worker's event loop was held meanwhile and its memory (per second, from
 * bench/lib/report-memory.ts), and what it stored: duplicate groups and the duplicate checks' listed rows.
 *
 *   pnpm exec tsx bench/scan-finalize.ts
 */
import { readFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import { readFinalizeScanJob, requeueFinalizeScan } from '../apps/worker/test/support/scan-fixtures.js'
import type { PrismaClient } from '../packages/db/src/index.js'
import { clonePages, shareRootText } from './lib/clone-pages.js'
import { type MemoryLine, readMemoryLines } from './lib/memory.js'
import { startSyntheticSite } from './lib/synthetic-site.js'
import {
  type BenchServices,
  RESULTS_DIR,
  startBenchScan,
  startBenchServices,
  startBenchWorker,
  waitForScan,
} from './lib/worker-fleet.js'

const PAGES = Number(process.env.BENCH_PAGES ?? 5_000)
const SEED_PAGES = Number(process.env.BENCH_SEED_PAGES ?? 20)
const SHARED_TEXT = process.env.BENCH_SHARED_TEXT !== '0'
const MB = 1024 * 1024
/** The worker's name: its log is bench/results/<name>.log. */
const WORKER_NAME = 'finalize-worker'

/** The worker's memory lines from `from` to a second past `to` (the line that covers the last second). */
function linesBetween(file: string, from: number, to: number): MemoryLine[] {
  return readMemoryLines(file).filter((line) => line.at >= from && line.at <= to + 1_000)
}

/** What the worker logged when the scan was finalized (its `ms` and counts), if it was. */
function finalizedLogLine(scanId: string): Record<string, unknown> | null {
  const lines = readFileSync(join(RESULTS_DIR, `${WORKER_NAME}.log`), 'utf8')
    .trim()
    .split('\n')
  const line = lines.reverse().find((entry) => entry.includes('"scan finalized"') && entry.includes(scanId))
  return line ? (JSON.parse(line) as Record<string, unknown>) : null
}

async function storedFigures(prisma: PrismaClient, scanId: string) {
  const groups = await prisma.$queryRawUnsafe<{ kind: string; groups: bigint; largest: number }[]>(
    `SELECT kind::text, count(*) AS groups, max("pageCount") AS largest FROM "DuplicateGroup"
     WHERE "scanId" = $1 GROUP BY kind ORDER BY kind`,
    scanId,
  )
  const listed = await prisma.$queryRawUnsafe<
    { issue: string; pages: bigint; rows: bigint; counted: bigint }[]
  >(
    `SELECT "issueId" AS issue, count(*) AS pages,
       sum(coalesce(jsonb_array_length(details->'items'), 0)) AS rows, sum("nodeCount") AS counted
     FROM "PageIssue" WHERE "scanId" = $1 AND "issueId" LIKE 'duplicate-%' AND outcome = 'failed'
     GROUP BY "issueId" ORDER BY "issueId"`,
    scanId,
  )
  return { groups, listed }
}

async function scanSeedSite(services: BenchServices, siteUrl: string) {
  const scan = await startBenchScan(services, siteUrl, SEED_PAGES)
  const seeded = await waitForScan(services.prisma, scan.id, (row) => row.state === 'completed', 30 * 60_000)
  if (seeded.state !== 'completed') throw new Error(`the seed scan ended ${seeded.state}: ${seeded.error}`)
  return scan
}

async function growAndFinalize(
  services: BenchServices,
  scan: { id: string; siteId: string | null },
  url: string,
) {
  const siteId = scan.siteId as string
  const copied = await clonePages(services.prisma, { siteId, scanId: scan.id }, PAGES)
  if (SHARED_TEXT) await shareRootText(services.prisma, siteId, url)
  console.info(
    `copied: ${copied} pages added, ${PAGES} in the scan; shared title and description: ${SHARED_TEXT}`,
  )
  const started = Date.now()
  await requeueFinalizeScan(services.redisUrl, services.queuePrefix, scan.id)
  const ended = await waitForScan(
    services.prisma,
    scan.id,
    (row) => row.state === 'completed',
    Number(process.env.BENCH_TIMEOUT_MS ?? 60 * 60_000),
  )
  return { started, ended, finishedAt: Date.now() }
}

function printRun(memoryFile: string, started: number, finishedAt: number) {
  const lines = linesBetween(memoryFile, started, finishedAt)
  const loop = Math.max(0, ...lines.map((line) => line.loopDelayMaxMs ?? 0))
  const rss = Math.max(0, ...lines.map((line) => line.rss))
  const heap = Math.max(0, ...lines.map((line) => line.heapUsed))
  console.info(
    `worker while finalizing (${lines.length} per-second lines): longest event-loop hold ${loop} ms (the lock is 20 s, renewed every 10 s); peak RSS ${(rss / MB).toFixed(0)} MB, heap ${(heap / MB).toFixed(0)} MB`,
  )
}

async function main() {
  const site = await startSyntheticSite({ pages: SEED_PAGES })
  const services = await startBenchServices('finalize')
  const memoryFile = join(RESULTS_DIR, `finalize-worker-${Date.now()}.jsonl`)
  console.info(
    `scan-finalize: ${SEED_PAGES} pages scanned at ${site.url}, grown to ${PAGES}; one worker, ${availableParallelism()} cores, load ${loadavg()[0]?.toFixed(1)}`,
  )
  const worker = startBenchWorker(services, { name: WORKER_NAME, memoryFile })
  try {
    const scan = await scanSeedSite(services, site.url)
    const run = await growAndFinalize(services, scan, site.url)
    const logged = finalizedLogLine(scan.id)
    console.info(
      `scan ${run.ended.state}${run.ended.error ? ` (${run.ended.error})` : ''} after ${((run.finishedAt - run.started) / 1000).toFixed(1)} s; the worker's finalize: ${logged ? `${logged.ms} ms for ${logged.pages} pages` : 'not logged'}`,
    )
    console.info(
      `finalize-scan job: ${JSON.stringify(await readFinalizeScanJob(services.redisUrl, services.queuePrefix, scan.id))}`,
    )
    printRun(memoryFile, run.started, run.finishedAt)
    const figures = await storedFigures(services.prisma, scan.id)
    for (const group of figures.groups)
      console.info(`duplicate groups, ${group.kind}: ${group.groups}, the largest of ${group.largest} pages`)
    for (const issue of figures.listed)
      console.info(
        `${issue.issue}: failed on ${issue.pages} pages, ${issue.rows} rows listed, ${issue.counted} pages counted`,
      )
  } finally {
    await worker.stop('SIGTERM')
    await site.close()
    await services.close()
  }
}

await main()
