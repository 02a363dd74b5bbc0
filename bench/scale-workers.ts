/**
 * Scale-out on the queue: 1, 2 and 4 real worker processes (apps/worker/src/main.ts, each its own Node process
 * with its own Chromium, SCAN_PAGE_CONCURRENCY tabs each, Lighthouse off) on one Redis and one PostgreSQL scan
 * the same generated site of BENCH_PAGES (default 200) small pages, served locally with a sitemap so every page
 * is queued at once. Then two workers again, one SIGKILLed once BENCH_KILL_AT (default 30%) of the pages are done.
 *
 * Per run it prints pages/s (scan start to the last page stored), the time of one page job (BullMQ's
 * processedOn → finishedOn, median and p95), pages loaded more than once (the site counts every browser load per
 * path: pages scanned twice), pages lost (admitted but never stored) and whether the scan completed (a lost
 * scan), and the pages each worker loaded (each worker sends its own User-Agent to the site).
 *
 *   pnpm exec tsx bench/scale-workers.ts
 *
 * BENCH_WORKERS (default "1,2,4") picks the worker counts, BENCH_KILL=0 leaves the kill run out.
 */
import { availableParallelism, loadavg } from 'node:os'
import { descendants } from './lib/memory.js'
import { type SyntheticSite, startSyntheticSite } from './lib/synthetic-site.js'
import {
  type BenchServices,
  type BenchWorker,
  percentile,
  readPageJobs,
  startBenchScan,
  startBenchServices,
  startBenchWorker,
  waitForScan,
} from './lib/worker-fleet.js'

const PAGES = Number(process.env.BENCH_PAGES ?? 200)
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1,2,4').split(',').map(Number)
const KILL_AT = Number(process.env.BENCH_KILL_AT ?? 0.3)
const TABS = Number(process.env.SCAN_PAGE_CONCURRENCY ?? 2)
const SCAN_TIMEOUT_MS = Number(process.env.BENCH_SCAN_TIMEOUT_MS ?? 60 * 60_000)

interface RunResult {
  label: string
  workers: number
  state: string
  seconds: number
  pagesPerSecond: number
  jobMedianMs: number
  jobP95Ms: number
  stored: number
  lost: string[]
  loadedTwice: string[]
  retriedJobs: number
  perWorker: string
}

/** Pages loaded by each worker, from the User-Agent of each load the site saw. */
function loadsPerWorker(site: SyntheticSite, workers: BenchWorker[]): string {
  const counts = new Map(workers.map((worker) => [worker.userAgent, 0]))
  for (const agents of site.loads.values())
    for (const agent of agents) counts.set(agent, (counts.get(agent) ?? 0) + 1)
  return workers.map((worker) => `${worker.name} ${counts.get(worker.userAgent) ?? 0}`).join(', ')
}

/** What the database and the site say of a finished (or given up) scan. */
async function summarise(
  label: string,
  services: BenchServices,
  site: SyntheticSite,
  workers: BenchWorker[],
  scanId: string,
): Promise<RunResult> {
  const { prisma } = services
  const scan = await prisma.scan.findUniqueOrThrow({ where: { id: scanId } })
  const urls = await prisma.scanUrl.findMany({ where: { scanId } })
  const results = await prisma.pageResult.count({ where: { scanId } })
  const lastFinished = Math.max(...urls.map((row) => row.finishedAt?.getTime() ?? 0))
  const seconds = (lastFinished - (scan.startedAt?.getTime() ?? lastFinished)) / 1000
  const jobs = await readPageJobs(services)
  const durations = jobs.map((job) => job.finishedOn - job.processedOn).filter((ms) => ms > 0)
  const done = urls.filter((row) => row.state === 'scanned' || row.state === 'failed')
  return {
    label,
    workers: workers.length,
    state: scan.state,
    seconds,
    pagesPerSecond: done.length / Math.max(seconds, 0.001),
    jobMedianMs: percentile(durations, 0.5),
    jobP95Ms: percentile(durations, 0.95),
    stored: results,
    lost: urls.filter((row) => row.state === 'queued').map((row) => new URL(row.url).pathname),
    loadedTwice: [...site.loads].filter(([, agents]) => agents.length > 1).map(([path]) => path),
    retriedJobs: jobs.filter((job) => job.attemptsMade > 1 || job.stalledCounter > 0).length,
    perWorker: loadsPerWorker(site, workers),
  }
}

function printResult(result: RunResult): void {
  console.info(
    [
      `${result.label}: scan ${result.state}, ${result.stored} pages stored in ${result.seconds.toFixed(1)} s = ${result.pagesPerSecond.toFixed(2)} pages/s`,
      `  page job median ${(result.jobMedianMs / 1000).toFixed(2)} s, p95 ${(result.jobP95Ms / 1000).toFixed(2)} s; lane-seconds per page ${((result.seconds * result.workers * TABS) / Math.max(result.stored, 1)).toFixed(2)} s`,
      `  pages loaded more than once: ${result.loadedTwice.length}${result.loadedTwice.length ? ` (${result.loadedTwice.join(', ')})` : ''}; lost pages: ${result.lost.length}; jobs retried or stalled: ${result.retriedJobs}`,
      `  pages per worker: ${result.perWorker}  (load average ${loadavg()[0]?.toFixed(1)})`,
    ].join('\n'),
  )
}

interface Fleet {
  services: BenchServices
  site: SyntheticSite
  workers: BenchWorker[]
  close(): Promise<void>
}

async function startFleet(label: string, count: number): Promise<Fleet> {
  const services = await startBenchServices('scale')
  const site = await startSyntheticSite({ pages: PAGES })
  const workers = Array.from({ length: count }, (_, index) =>
    startBenchWorker(services, { name: `${label}-worker-${index + 1}` }),
  )
  await Promise.all(workers.map((worker) => worker.ready))
  return {
    services,
    site,
    workers,
    close: async () => {
      await Promise.all(workers.map((worker) => worker.stop('SIGTERM')))
      await site.close()
      await services.close()
    },
  }
}

async function runWithWorkers(count: number): Promise<RunResult> {
  const label = `${count}-workers`
  const fleet = await startFleet(label, count)
  try {
    const scan = await startBenchScan(fleet.services, fleet.site.url, PAGES)
    await waitForScan(fleet.services.prisma, scan.id, (row) => row.state === 'completed', SCAN_TIMEOUT_MS)
    return await summarise(label, fleet.services, fleet.site, fleet.workers, scan.id)
  } finally {
    await fleet.close()
  }
}

/** Paths the killed worker had loaded whose pages were not stored yet: the jobs it held when it died. */
async function inFlightOf(fleet: Fleet, worker: BenchWorker, scanId: string): Promise<string[]> {
  const queued = await fleet.services.prisma.scanUrl.findMany({ where: { scanId, state: 'queued' } })
  const queuedPaths = new Set(queued.map((row) => new URL(row.url).pathname))
  return [...fleet.site.loads]
    .filter(([path, agents]) => queuedPaths.has(path) && agents.includes(worker.userAgent))
    .map(([path]) => path)
}

/** Two workers; the second is SIGKILLed mid-scan, and the scan must still complete with every page once. */
async function runWithKill(): Promise<void> {
  const fleet = await startFleet('kill', 2)
  const victim = fleet.workers[1] as BenchWorker
  try {
    const scan = await startBenchScan(fleet.services, fleet.site.url, PAGES)
    const before = await waitForScan(
      fleet.services.prisma,
      scan.id,
      (row) => row.pagesScanned + row.pagesFailed >= PAGES * KILL_AT,
      SCAN_TIMEOUT_MS,
    )
    const processes = descendants(victim.pid)
    await victim.stop('SIGKILL')
    const killedAt = Date.now()
    const inFlight = await inFlightOf(fleet, victim, scan.id)
    console.info(
      `kill run: ${victim.name} (pid ${victim.pid}, ${processes.length - 1} processes under it) SIGKILLed at ${before.pagesScanned + before.pagesFailed}/${PAGES} pages; pages it was loading: ${inFlight.join(', ') || 'none'}`,
    )
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    const leftBehind = processes.filter((pid) => pid !== victim.pid && isAlive(pid))
    console.info(`  its processes still alive 3 s after the kill: ${leftBehind.length}`)
    await waitForScan(fleet.services.prisma, scan.id, (row) => row.state === 'completed', SCAN_TIMEOUT_MS)
    console.info(`  scan completed ${((Date.now() - killedAt) / 1000).toFixed(0)} s after the kill`)
    const result = await summarise(
      '2 workers, one SIGKILLed',
      fleet.services,
      fleet.site,
      fleet.workers,
      scan.id,
    )
    printResult(result)
    const unexpected = result.loadedTwice.filter((path) => !inFlight.includes(path))
    console.info(
      `  loaded twice beyond the killed worker's pages in flight: ${unexpected.length}${unexpected.length ? ` (${unexpected.join(', ')})` : ''}`,
    )
  } finally {
    await fleet.close()
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function main() {
  const cores = availableParallelism()
  console.info(
    `scale-workers: ${PAGES} generated pages, ${TABS} tabs per worker, Lighthouse off; ${cores} cores, load ${loadavg()[0]?.toFixed(1)}`,
  )
  if (cores <= 2) {
    console.info(
      `  this machine has ${cores} cores: each worker's Chromium needs about a core, so pages/s cannot grow past 2 workers here; the 4-worker run shows the queue spreading jobs, not more speed`,
    )
  }
  const results: RunResult[] = []
  for (const count of WORKER_COUNTS) {
    const result = await runWithWorkers(count)
    printResult(result)
    results.push(result)
  }
  const base = results[0]
  if (base && results.length > 1) {
    console.info(
      `speed-up against ${base.workers} worker(s): ${results.map((result) => `${result.workers}: ${(result.pagesPerSecond / base.pagesPerSecond).toFixed(2)}x`).join(', ')}`,
    )
  }
  if (process.env.BENCH_KILL !== '0') await runWithKill()
}

await main()
