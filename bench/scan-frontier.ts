/**
 * The scan frontier (packages/db scan-frontier.ts) as a scan's frontier grows to BENCH_URLS (default 100,000)
 * discovered URLs, in a fresh database of its own. URLs are admitted as page jobs admit them: a call per page
 * with BENCH_LINKS_NEW (20) new links and BENCH_LINKS_KNOWN (30) already admitted ones, each call in its own
 * transaction holding the Scan row's lock. Every BENCH_CHECKPOINT (10,000) URLs, BENCH_CLAIMS (200) URLs are
 * "claimed" as a scan-page job does with its frontier entry: looked up (findScanUrl), moved to scanned
 * (finishUrl, in a transaction), its new links' queued rows read to enqueue their jobs (listQueuedScanUrls with
 * hashes), the counts read (finalize check); then their Lighthouse runs are marked done (markLighthouseDone).
 * The same work is then timed on a fresh scan of 1,000 URLs, so the ratio of the two says what the frontier's
 * size costs however busy the machine is. Prints, per checkpoint, ms per 1,000 URLs admitted, claimed and
 * marked, and the sweeper's read of every queued URL; target: no slowing from the start to 100k.
 *
 *   pnpm exec tsx bench/scan-frontier.ts
 */
import { createHash } from 'node:crypto'
import { availableParallelism, loadavg } from 'node:os'
import {
  admitUrls,
  createScan,
  findScanUrl,
  finishUrl,
  listQueuedScanUrls,
  markLighthouseDone,
  type PrismaClient,
  readScanCounts,
  runInTransaction,
  startScan,
} from '../packages/db/src/index.js'
import { type BenchServices, createBenchSite, startBenchServices } from './lib/worker-fleet.js'

const URLS = Number(process.env.BENCH_URLS ?? 100_000)
const CHECKPOINT = Number(process.env.BENCH_CHECKPOINT ?? 10_000)
const NEW_PER_PAGE = Number(process.env.BENCH_LINKS_NEW ?? 20)
const KNOWN_PER_PAGE = Number(process.env.BENCH_LINKS_KNOWN ?? 30)
const CLAIMS = Number(process.env.BENCH_CLAIMS ?? 200)

function urlOf(index: number): string {
  return `https://bench.example/section-${index % 97}/page-${index}`
}

function candidateOf(index: number) {
  const url = urlOf(index)
  return {
    url,
    urlHash: createHash('sha256').update(url).digest('hex').slice(0, 32),
    depth: 2,
    discoveredVia: 'link' as const,
  }
}

/** Admits URLs [from, to) a page at a time, each page also naming known URLs; answers ms per 1,000 admitted. */
async function admitRange(prisma: PrismaClient, scanId: string, from: number, to: number): Promise<number> {
  const started = performance.now()
  for (let next = from; next < to; next += NEW_PER_PAGE) {
    const fresh = Array.from({ length: Math.min(NEW_PER_PAGE, to - next) }, (_, offset) =>
      candidateOf(next + offset),
    )
    const known = Array.from({ length: next > 0 ? KNOWN_PER_PAGE : 0 }, (_, offset) =>
      candidateOf(Math.floor(((offset + 1) * next) / (KNOWN_PER_PAGE + 1))),
    )
    await runInTransaction(prisma, (tx) => admitUrls(tx, scanId, [...fresh, ...known]))
  }
  return ((performance.now() - started) / (to - from)) * 1_000
}

interface ClaimTimes {
  claim: number
  lighthouse: number
}

/** A page job's frontier work for CLAIMS queued URLs, then their Lighthouse marks; ms per 1,000 each. */
async function claimBatch(prisma: PrismaClient, scanId: string, from: number): Promise<ClaimTimes> {
  const batch = Array.from({ length: CLAIMS }, (_, offset) => candidateOf(from + offset))
  const started = performance.now()
  for (const candidate of batch) {
    const entry = await findScanUrl(prisma, scanId, candidate.urlHash)
    if (entry?.state !== 'queued') throw new Error(`${candidate.url} is not queued`)
    await runInTransaction(prisma, (tx) => finishUrl(tx, scanId, candidate.urlHash, 'scanned', true))
    await listQueuedScanUrls(
      prisma,
      scanId,
      Array.from({ length: NEW_PER_PAGE }, (_, offset) => candidateOf(from + CLAIMS + offset).urlHash),
    )
    await readScanCounts(prisma, scanId)
  }
  const claimed = performance.now()
  for (const candidate of batch) await markLighthouseDone(prisma, scanId, candidate.urlHash)
  const per1000 = 1_000 / CLAIMS
  return { claim: (claimed - started) * per1000, lighthouse: (performance.now() - claimed) * per1000 }
}

async function sweeperRead(prisma: PrismaClient, scanId: string): Promise<number> {
  const started = performance.now()
  await listQueuedScanUrls(prisma, scanId)
  return performance.now() - started
}

async function prepareScan(services: BenchServices): Promise<string> {
  const site = await createBenchSite(services.prisma, 'https://bench.example/', URLS * 2)
  const scan = await createScan(services.prisma, {
    siteId: site.id,
    kind: 'site',
    requestedById: null,
    pageLimit: URLS * 2,
  })
  await startScan(services.prisma, scan.id, true)
  return scan.id
}

interface Checkpoint {
  admit: number
  claim: number
  lighthouse: number
  sweep: number
}

/**
 * The same work on a fresh scan (1,000 URLs admitted, then claimed and marked): measured right after the big
 * scan's, so that the ratio of the two says what the frontier's size costs, whatever else loads the machine.
 */
async function measureFreshScan(services: BenchServices, offset: number): Promise<Checkpoint> {
  const scanId = await prepareScan(services)
  const admit = await admitRange(services.prisma, scanId, offset, offset + 1_000)
  const claim = await claimBatch(services.prisma, scanId, offset)
  return { admit, ...claim, sweep: await sweeperRead(services.prisma, scanId) }
}

function formatRow(size: number, big: Checkpoint, fresh: Checkpoint): string {
  const cell = (key: keyof Checkpoint, width: number) =>
    `${big[key].toFixed(0)} / ${fresh[key].toFixed(0)} (${(big[key] / fresh[key]).toFixed(2)}x)`.padStart(
      width,
    )
  return `${String(size).padStart(13)} | ${cell('admit', 24)} | ${cell('claim', 24)} | ${cell('lighthouse', 24)} | ${cell('sweep', 22)} | ${loadavg()[0]?.toFixed(1)}`
}

async function main() {
  const services = await startBenchServices('frontier')
  console.info(
    `scan-frontier: ${URLS} URLs, ${NEW_PER_PAGE} new + ${KNOWN_PER_PAGE} known links a page, ${CLAIMS} claims a checkpoint, ${availableParallelism()} cores, load ${loadavg()[0]?.toFixed(1)}`,
  )
  console.info(
    'each cell: the big scan / a fresh scan of 1,000 URLs measured just after it (ratio); ms per 1,000 URLs, the sweeper read in ms',
  )
  console.info(
    'frontier size |            admit ms/1000 |            claim ms/1000 |  lighthouse mark ms/1000 |  sweeper read (queued) | load',
  )
  try {
    const scanId = await prepareScan(services)
    let claimedUpTo = 0
    for (let admitted = 0; admitted < URLS; admitted += CHECKPOINT) {
      // Claims take URLs the admits of the last checkpoint left queued; admits go on past them.
      const admit = await admitRange(services.prisma, scanId, admitted, admitted + CHECKPOINT)
      const claim = await claimBatch(services.prisma, scanId, claimedUpTo)
      claimedUpTo = admitted + CHECKPOINT / 2
      const big = { admit, ...claim, sweep: await sweeperRead(services.prisma, scanId) }
      const fresh = await measureFreshScan(services, URLS * 2 + admitted)
      console.info(formatRow(admitted + CHECKPOINT, big, fresh))
    }
  } finally {
    await services.close()
  }
}

await main()
