import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createPrismaClient } from '@canopy/db'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { CALM_PAGES } from '../../../../tests/fixtures/site/fault-pages.js'
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/server.js'
import { loadWorkerConfig } from '../../src/config.js'
import { expectEveryCalmPageOnce, restartServiceMidScan, startCalmScan } from './support/calm-scan.js'
import { type PrivateRedis, startPrivateRedis } from './support/private-redis.js'
import { faultTestEnv, startWorkerProcess, type WorkerProcess } from './support/worker-process.js'

// Redis restarted under a running scan. The machine's Redis is shared with other sessions and must not be
// restarted, so the test runs a private redis-server of its own (the system's binary, a free port) and points
// the worker at it: a real server going away and coming back, which a proxy would only imitate. It keeps nothing
// on disk, so it comes back empty, as after a crash without persistence: every queued job, the job schedulers
// and the crawl's slots are gone. The worker must pause while it is away, resume by itself, and its sweeper must
// add the lost page jobs again from the database, so the scan still finishes with every page exactly once.
const config = loadWorkerConfig()
const prisma = createPrismaClient(config.databaseUrl)
let fixture: FixtureSite
let redis: PrivateRedis
let artifactsDir: string
let worker: WorkerProcess | undefined

beforeAll(async () => {
  artifactsDir = await mkdtemp(path.join(tmpdir(), 'canopy-redis-restart-'))
  fixture = await startFixtureSite({ faultPages: true })
  redis = await startPrivateRedis()
})

afterAll(async () => {
  await worker?.stop('SIGKILL')
  await redis?.destroy()
  await fixture?.close()
  await prisma.$disconnect()
  if (artifactsDir) await rm(artifactsDir, { recursive: true, force: true })
})

describe('Redis restarted mid-scan', () => {
  it('pauses the worker, resumes it, and the scan finishes with every page once', async () => {
    worker = startWorkerProcess(faultTestEnv({ ARTIFACTS_DIR: artifactsDir, REDIS_URL: redis.url }))
    await worker.waitForLog(/worker ready/, 30_000)
    const scan = await startCalmScan(prisma, fixture, { redisUrl: redis.url, prefix: config.queuePrefix })
    const { midway, finished } = await restartServiceMidScan(prisma, worker, scan.id, redis, 10_000)
    const figures = await expectEveryCalmPageOnce(prisma, finished)
    console.info(
      `Redis restarted at ${midway.pagesScanned}/${CALM_PAGES.length} pages: ${JSON.stringify(figures)}`,
    )
  }, 180_000)
})
