/**
 * A whole-site scan as a user gets it: one real worker process (apps/worker/src/main.ts, SCAN_PAGE_CONCURRENCY
 * tabs, Lighthouse on every page, every accessibility engine and Canopy's checks) scans the fixture site
 * (tests/fixtures/site, served locally) from its root to the end of the scan (link checks and roll-ups
 * included). Prints the scan's seconds, its pages, seconds per page, and the median page and Lighthouse job
 * times.
 *
 *   pnpm exec tsx bench/site-scan.ts
 *
 * BENCH_ENGINES (default: every engine and Canopy's checks) sets the site's engines, e.g. "axe" for axe alone.
 * Target: at most 3 s a page on 2 cores with every check and Lighthouse.
 */
import { availableParallelism, loadavg } from 'node:os'
import { startSiteScan } from '../apps/worker/test/support/scan-fixtures.js'
import { startFixtureSite } from '../tests/fixtures/site/server.js'
import {
  BENCH_SITE_ENGINES,
  createBenchSite,
  percentile,
  readPageJobs,
  startBenchServices,
  startBenchWorker,
  waitForScan,
} from './lib/worker-fleet.js'

const SCAN_TIMEOUT_MS = 30 * 60_000

async function main() {
  const site = await startFixtureSite({ slowResponseMs: 1_000 })
  const services = await startBenchServices('site_scan')
  const worker = startBenchWorker(services, { name: 'site-scan', env: { SCAN_LIGHTHOUSE: '1' } })
  try {
    await worker.ready
    const row = await createBenchSite(services.prisma, site.url, 500)
    const started = Date.now()
    const { id: scanId } = await startSiteScan(
      services.prisma,
      row.id,
      500,
      services.redisUrl,
      services.queuePrefix,
    )
    const scan = await waitForScan(
      services.prisma,
      scanId,
      (scan) => scan.state === 'completed',
      SCAN_TIMEOUT_MS,
    )
    const seconds = (Date.now() - started) / 1000
    const pages = scan.pagesScanned + scan.pagesFailed
    const jobs = await readPageJobs(services)
    const jobMs = jobs.map((job) => job.finishedOn - job.processedOn)
    console.info(
      [
        `machine: ${availableParallelism()} cores, load average ${loadavg()
          .map((value) => value.toFixed(1))
          .join(' ')}; engines ${BENCH_SITE_ENGINES.join(', ')}; Lighthouse on every page`,
        `scan ${scan.state}: ${pages} pages (${scan.pagesFailed} failed) in ${seconds.toFixed(1)} s = ${(seconds / pages).toFixed(2)} s per page (target <= 3 s)`,
        `page job: median ${percentile(jobMs, 0.5).toFixed(0)} ms, p95 ${percentile(jobMs, 0.95).toFixed(0)} ms`,
      ].join('\n'),
    )
  } finally {
    await worker.stop('SIGTERM')
    await services.close()
    await site.close()
  }
}

await main()
