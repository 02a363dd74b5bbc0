import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createFixtureSiteRow, startSiteScan } from '../../apps/worker/test/support/scan-fixtures.js'
import { DEFAULT_ENGINES, type EngineId } from '../../packages/contracts/src/index.js'
import { createPrismaClient, type PrismaClient } from '../../packages/db/src/index.js'
import { createTestDatabase } from '../../packages/db/src/testing.js'

/*
 * Real worker processes for the scale and memory benches: `apps/worker/src/main.ts` started as its own Node
 * process (as `pnpm --filter @canopy/worker start` does), each with its own Chromium, all on one Redis (a queue
 * prefix of the bench's own, so no other worker on that Redis takes its jobs) and one fresh database.
 */

export const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '../..')
const WORKER_DIR = join(ROOT, 'apps/worker')
export const RESULTS_DIR = join(ROOT, 'bench/results')
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

/** The services of one bench run: a fresh migrated database, a queue prefix and an artifacts folder of its own. */
export interface BenchServices {
  databaseUrl: string
  redisUrl: string
  queuePrefix: string
  artifactsDir: string
  prisma: PrismaClient
  close(): Promise<void>
}

export async function startBenchServices(name: string): Promise<BenchServices> {
  const database = await createTestDatabase(process.env.DATABASE_URL, { prefix: `canopy_bench_${name}` })
  const artifactsDir = await mkdtemp(join(tmpdir(), `canopy-bench-${name}-`))
  const prisma = createPrismaClient(database.databaseUrl)
  await mkdir(RESULTS_DIR, { recursive: true })
  return {
    databaseUrl: database.databaseUrl,
    redisUrl: REDIS_URL,
    queuePrefix: `bench-${name}-${randomBytes(3).toString('hex')}`,
    artifactsDir,
    prisma,
    close: async () => {
      await prisma.$disconnect()
      await database.drop()
      await rm(artifactsDir, { recursive: true, force: true })
    },
  }
}

export interface BenchWorker {
  name: string
  /** the User-Agent its Chromium sends: the synthetic site counts each worker's page loads by it */
  userAgent: string
  child: ChildProcess
  pid: number
  /** resolves once the process logged 'worker ready' (its queues are listened to) */
  ready: Promise<void>
  stop(signal: NodeJS.Signals): Promise<void>
}

export interface BenchWorkerOptions {
  name: string
  /** extra environment (e.g. SCAN_PAGE_CONCURRENCY, JOB_LOCK_DURATION_MS) */
  env?: Record<string, string>
  /** the process appends its memory use here every second (bench/lib/report-memory.ts) */
  memoryFile?: string
}

/**
 * One worker process. Lighthouse is off (SCAN_LIGHTHOUSE=0: the page pipeline is what scales with workers; a
 * Lighthouse run is its own job of 3-5 s a page), the bench site on 127.0.0.1 is allowed, logs go to
 * bench/results/<name>.log (info: one line per job failure, the start and the end).
 */
export function startBenchWorker(services: BenchServices, options: BenchWorkerOptions): BenchWorker {
  const userAgent = `CanopyBench/${options.name}`
  const preload = options.memoryFile ? ['--import', join(ROOT, 'bench/lib/report-memory.ts')] : []
  // node --import tsx runs the worker in this very process id, so a SIGKILL hits the worker itself.
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload, 'src/main.ts'], {
    cwd: WORKER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: services.databaseUrl,
      REDIS_URL: services.redisUrl,
      CANOPY_QUEUE_PREFIX: services.queuePrefix,
      ARTIFACTS_DIR: services.artifactsDir,
      SCAN_LIGHTHOUSE: '0',
      CANOPY_SCAN_ALLOW_HOSTS: '127.0.0.1',
      SCAN_USER_AGENT: userAgent,
      LOG_LEVEL: 'info',
      ...(options.memoryFile ? { BENCH_MEMORY_FILE: options.memoryFile } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const log = createWriteStream(join(RESULTS_DIR, `${options.name}.log`))
  child.stdout?.pipe(log)
  child.stderr?.pipe(log)
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code, signal) => reject(new Error(`${options.name} exited (${code ?? signal})`)))
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('"msg":"worker ready"')) resolve()
    })
  })
  ready.catch(() => undefined)
  return {
    name: options.name,
    userAgent,
    child,
    pid: child.pid ?? 0,
    ready,
    stop: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill(signal)
      await exited
    },
  }
}

/**
 * A site row for the bench site and a site scan of it, its discovery job queued as the API queues it. The site's
 * monthly scan limit is off (0), or its default of 100 pages a month would stop the scan.
 */
export async function startBenchScan(services: BenchServices, siteUrl: string, pageLimit: number) {
  const site = await createBenchSite(services.prisma, siteUrl, pageLimit)
  return startSiteScan(services.prisma, site.id, pageLimit, services.redisUrl, services.queuePrefix)
}

/**
 * The engines a bench site runs: the product's default (every engine and Canopy's checks), or BENCH_ENGINES
 * (comma-separated, e.g. "axe" for axe alone).
 */
export const BENCH_SITE_ENGINES: readonly EngineId[] = process.env.BENCH_ENGINES
  ? (process.env.BENCH_ENGINES.split(',') as EngineId[])
  : DEFAULT_ENGINES

/** A site of the bench: no monthly scan limit, `pageLimit` pages a scan, the engines of BENCH_SITE_ENGINES. */
export async function createBenchSite(prisma: PrismaClient, siteUrl: string, pageLimit: number) {
  const site = await createFixtureSiteRow(prisma, siteUrl, { pageLimit, engines: BENCH_SITE_ENGINES })
  return prisma.site.update({ where: { id: site.id }, data: { scanLimit: 0 } })
}

export interface ScanRow {
  state: string
  pagesQueued: number
  pagesScanned: number
  pagesFailed: number
  startedAt: Date | null
  finishedAt: Date | null
  error: string | null
}

/** Polls the scan every 250 ms until `done` holds (or it failed, or timeoutMs passed); calls `onPoll` each time. */
export async function waitForScan(
  prisma: PrismaClient,
  scanId: string,
  done: (scan: ScanRow) => boolean,
  timeoutMs: number,
  onPoll?: (scan: ScanRow) => void,
): Promise<ScanRow> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const scan = await prisma.scan.findUniqueOrThrow({ where: { id: scanId } })
    onPoll?.(scan)
    if (done(scan) || scan.state === 'failed' || Date.now() > deadline) return scan
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** What BullMQ kept of one finished scan-page job. */
export interface PageJobRecord {
  id: string
  processedOn: number
  finishedOn: number
  attemptsMade: number
  stalledCounter: number
}

interface JobView {
  id?: string
  processedOn?: number
  finishedOn?: number
  attemptsMade: number
  stalledCounter: number
}
interface QueueView {
  getJobs(types: string[], start?: number, end?: number): Promise<JobView[]>
  close(): Promise<void>
}
type QueueConstructor = new (
  name: string,
  options: { connection: { host: string; port: number; db: number }; prefix: string },
) => QueueView

/** The scan-page jobs BullMQ kept (finished jobs stay a day), read through the worker's own bullmq. */
export async function readPageJobs(services: BenchServices): Promise<PageJobRecord[]> {
  const { Queue } = createRequire(join(WORKER_DIR, 'package.json'))('bullmq') as { Queue: QueueConstructor }
  const redis = new URL(services.redisUrl)
  const queue = new Queue('scan-pages', {
    connection: {
      host: redis.hostname,
      port: Number(redis.port || 6379),
      db: Number(redis.pathname.slice(1) || 0),
    },
    prefix: services.queuePrefix,
  })
  try {
    const jobs = await queue.getJobs(['completed', 'failed'], 0, -1)
    return jobs.map((job) => ({
      id: job.id ?? '',
      processedOn: job.processedOn ?? 0,
      finishedOn: job.finishedOn ?? 0,
      attemptsMade: job.attemptsMade,
      stalledCounter: job.stalledCounter,
    }))
  } finally {
    await queue.close()
  }
}

export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number
}
