/**
 * Memory of one worker over a long scan: a generated site of BENCH_PAGES (default 5,000) small pages served
 * locally, scanned by one real worker process (apps/worker/src/main.ts, its own Chromium, Lighthouse off:
 * SCAN_LIGHTHOUSE=0, since Lighthouse runs in child processes of their own that end after a few runs). Every
 * BENCH_SAMPLE_EVERY pages (default 250) it prints the worker's RSS and V8 heap (from inside the process,
 * bench/lib/report-memory.ts) and the PSS of the worker with all its Chromium processes, then the growth from the
 * first thousand pages to the last thousand (mean of the samples in each; target < 10%).
 *
 *   pnpm exec tsx bench/scan-memory.ts
 *
 * Figures go to stdout as they come, so a run stopped early still says what it saw.
 */
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import type { PrismaClient } from '../packages/db/src/index.js'
import { readMemoryLines, readTreePss } from './lib/memory.js'
import { startSyntheticSite } from './lib/synthetic-site.js'
import {
  BENCH_SITE_ENGINES,
  RESULTS_DIR,
  startBenchScan,
  startBenchServices,
  startBenchWorker,
  waitForScan,
} from './lib/worker-fleet.js'

const PAGES = Number(process.env.BENCH_PAGES ?? 5_000)
const SAMPLE_EVERY = Number(process.env.BENCH_SAMPLE_EVERY ?? 250)
const WINDOW = Number(process.env.BENCH_WINDOW ?? 1_000)
const MB = 1024 * 1024

interface Sample {
  pages: number
  seconds: number
  rss: number
  heapUsed: number
  treePss: number
}

/** The worker's last memory line (written every second by bench/lib/report-memory.ts). */
function lastMemoryLine(file: string): { rss: number; heapUsed: number } {
  const { rss = 0, heapUsed = 0 } = readMemoryLines(file).at(-1) ?? {}
  return { rss, heapUsed }
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1)
}

function formatSample(sample: Sample, previous: Sample | undefined): string {
  const pagesPerSecond = previous
    ? (sample.pages - previous.pages) / Math.max(sample.seconds - previous.seconds, 0.001)
    : sample.pages / Math.max(sample.seconds, 0.001)
  return `${String(sample.pages).padStart(6)} pages ${sample.seconds.toFixed(0).padStart(6)} s  ${pagesPerSecond.toFixed(2)} pages/s  worker RSS ${(sample.rss / MB).toFixed(0)} MB, heap ${(sample.heapUsed / MB).toFixed(0)} MB; worker + Chromium PSS ${(sample.treePss / MB).toFixed(0)} MB  (load ${loadavg()[0]?.toFixed(1)})`
}

function growthReport(samples: Sample[]): string[] {
  const last = samples.at(-1)?.pages ?? 0
  const first = samples.filter((sample) => sample.pages <= WINDOW)
  const lastWindow = samples.filter((sample) => sample.pages > last - WINDOW)
  if (first.length === 0 || lastWindow.length === 0 || last <= WINDOW)
    return ['too few pages for a growth figure']
  return (['rss', 'heapUsed', 'treePss'] as const).map((key) => {
    const before = mean(first.map((sample) => sample[key]))
    const after = mean(lastWindow.map((sample) => sample[key]))
    const name = { rss: 'worker RSS', heapUsed: 'worker V8 heap', treePss: 'worker + Chromium PSS' }[key]
    const growth = ((after - before) / before) * 100
    return `${name.padEnd(22)} first ${WINDOW} pages ${(before / MB).toFixed(0)} MB → last ${WINDOW} ${(after / MB).toFixed(0)} MB: ${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%  (target < 10%)`
  })
}

/**
 * The growth from the first WINDOW pages to the last WINDOW, from every per-second memory line of the worker
 * (not only the samples taken every SAMPLE_EVERY pages): each page is placed in time by when its result was
 * stored, and each window's lines are those written while its pages were scanned.
 */
async function growthByLines(prisma: PrismaClient, scanId: string, memoryFile: string): Promise<string[]> {
  const stored = await prisma.pageResult.findMany({
    where: { scanId },
    select: { scannedAt: true },
    orderBy: { scannedAt: 'asc' },
  })
  const times = stored.map((row) => row.scannedAt.getTime())
  if (times.length < 2 * WINDOW) return [`${times.length} pages stored: too few for the per-second growth`]
  const lines = readMemoryLines(memoryFile)
  const between = (from: number, to: number) => lines.filter((line) => line.at >= from && line.at <= to)
  const first = between(times[0] ?? 0, times[WINDOW - 1] ?? 0)
  const last = between(times[times.length - WINDOW] ?? 0, times.at(-1) ?? 0)
  return (['rss', 'heapUsed'] as const).map((key) => {
    const before = mean(first.map((line) => line[key]))
    const after = mean(last.map((line) => line[key]))
    const growth = ((after - before) / before) * 100
    return `${key === 'rss' ? 'worker RSS' : 'worker V8 heap'}, every second: first ${WINDOW} pages ${(before / MB).toFixed(0)} MB (${first.length} lines) → last ${WINDOW} of ${times.length} ${(after / MB).toFixed(0)} MB (${last.length} lines): ${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%  (target < 10%)`
  })
}

async function main() {
  const site = await startSyntheticSite({ pages: PAGES })
  const services = await startBenchServices('memory')
  const memoryFile = join(RESULTS_DIR, `memory-worker-${Date.now()}.jsonl`)
  console.info(
    `scan-memory: ${PAGES} generated pages at ${site.url}, one worker (Lighthouse off; engines ${BENCH_SITE_ENGINES.join(', ')}), ${availableParallelism()} cores, load ${loadavg()[0]?.toFixed(1)}; memory lines in ${memoryFile}`,
  )
  const worker = startBenchWorker(services, { name: 'memory-worker', memoryFile })
  const samples: Sample[] = []
  try {
    const scan = await startBenchScan(services, site.url, PAGES)
    const started = Date.now()
    // Stopped early (Ctrl-C), the run still says how memory moved over the pages it scanned.
    process.once('SIGINT', async () => {
      for (const line of await growthByLines(services.prisma, scan.id, memoryFile)) console.info(line)
      await worker.stop('SIGTERM')
      process.exit(130)
    })
    let nextSample = SAMPLE_EVERY
    const finished = await waitForScan(
      services.prisma,
      scan.id,
      (row) => row.state === 'completed',
      Number(process.env.BENCH_TIMEOUT_MS ?? 4 * 60 * 60_000),
      (row) => {
        const done = row.pagesScanned + row.pagesFailed
        if (done < nextSample) return
        nextSample = (Math.floor(done / SAMPLE_EVERY) + 1) * SAMPLE_EVERY
        const own = lastMemoryLine(memoryFile)
        const sample = {
          pages: done,
          seconds: (Date.now() - started) / 1000,
          ...own,
          treePss: readTreePss(worker.pid),
        }
        console.info(formatSample(sample, samples.at(-1)))
        samples.push(sample)
        // So that a run stopped early still says how far memory moved since the first window.
        if (done > 2 * WINDOW) console.info(`  ${growthReport(samples).join('\n  ')}`)
      },
    )
    const seconds = (Date.now() - started) / 1000
    console.info(
      `scan ${finished.state}: ${finished.pagesScanned} scanned, ${finished.pagesFailed} failed of ${finished.pagesQueued} in ${seconds.toFixed(0)} s (${((finished.pagesScanned + finished.pagesFailed) / seconds).toFixed(2)} pages/s, finalize included)`,
    )
    const loadedTwice = [...site.loads.values()].filter((agents) => agents.length > 1).length
    const twice = [...site.loads].filter(([, agents]) => agents.length > 1).map(([path]) => path)
    console.info(
      `pages loaded by the browser: ${site.loads.size}, loaded more than once: ${loadedTwice}${twice.length ? ` (${twice.slice(0, 10).join(', ')})` : ''}`,
    )
    for (const line of growthReport(samples)) console.info(line)
    for (const line of await growthByLines(services.prisma, scan.id, memoryFile)) console.info(line)
  } finally {
    await worker.stop('SIGTERM')
    await site.close()
    await services.close()
  }
}

await main()
