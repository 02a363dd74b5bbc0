import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createPrismaClient, type PrismaClient } from '@canopy/db'
import { createTestDatabase, type TestDatabase } from '@canopy/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CALM_PAGES } from '../../../../tests/fixtures/site/fault-pages.js'
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/server.js'
import { loadWorkerConfig } from '../../src/config.js'
import { expectEveryCalmPageOnce, restartServiceMidScan, startCalmScan } from './support/calm-scan.js'
import { type PrivatePostgres, startPrivatePostgres } from './support/private-postgres.js'
import { faultTestEnv, startWorkerProcess, type WorkerProcess } from './support/worker-process.js'

// PostgreSQL restarted under a running scan. The machine's PostgreSQL is shared with other sessions and must not
// be restarted, so the test makes a private cluster (the system's initdb and pg_ctl, a free port), migrates a
// database on it and points the worker at it: a real server shutting down (its connections terminated) and
// starting again, which a proxy would only imitate. The worker must pause while it is away, resume by itself,
// and the jobs the outage interrupted must run again without using an attempt or being recorded as failed
// pages, so the scan still finishes with every page exactly once and none failed.
const config = loadWorkerConfig()
let postgres: PrivatePostgres
let database: TestDatabase
let prisma: PrismaClient
let fixture: FixtureSite
let artifactsDir: string
let worker: WorkerProcess | undefined

beforeAll(async () => {
  artifactsDir = await mkdtemp(path.join(tmpdir(), 'canopy-postgres-restart-'))
  fixture = await startFixtureSite({ faultPages: true })
  postgres = await startPrivatePostgres()
  database = await createTestDatabase(postgres.serverUrl, { prefix: 'canopy_fault' })
  prisma = createPrismaClient(database.databaseUrl)
}, 120_000)

afterAll(async () => {
  await worker?.stop('SIGKILL')
  await prisma?.$disconnect()
  await postgres?.destroy()
  await fixture?.close()
  if (artifactsDir) await rm(artifactsDir, { recursive: true, force: true })
})

describe('PostgreSQL restarted mid-scan', () => {
  it('pauses the worker, resumes it, and the scan finishes with every page once and none failed', async () => {
    const env = { ARTIFACTS_DIR: artifactsDir, DATABASE_URL: database.databaseUrl }
    worker = startWorkerProcess(faultTestEnv(env))
    await worker.waitForLog(/worker ready/, 30_000)
    const scan = await startCalmScan(prisma, fixture, {
      redisUrl: config.redisUrl,
      prefix: config.queuePrefix,
    })
    const { midway, finished } = await restartServiceMidScan(prisma, worker, scan.id, postgres, 15_000)
    const figures = await expectEveryCalmPageOnce(prisma, finished)
    // Jobs the outage interrupted were postponed, none failed (which would have used one of its attempts).
    expect(worker.countLogs(/^job failed$/)).toBe(0)
    const postponed = worker.countLogs(/interrupted by an outage/)
    console.info(
      `PostgreSQL restarted at ${midway.pagesScanned}/${CALM_PAGES.length} pages: ${JSON.stringify({ ...figures, postponed })}`,
    )
  }, 180_000)
})
