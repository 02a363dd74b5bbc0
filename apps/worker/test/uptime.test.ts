import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { enqueueJob, JOBS, jobAddOptions, QUEUE_NAMES } from '@canopy/contracts'
import { createPrismaClient } from '@canopy/db'
import { type Job, Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AVAILABILITY_CONTROL_PATH,
  type FixtureSite,
  startFixtureSite,
} from '../../../tests/fixtures/site/server.js'
import { loadWorkerConfig } from '../src/config.js'
import { uptimeCheckJob } from '../src/jobs/uptime-check.js'
import { uptimeSweepJob } from '../src/jobs/uptime-sweep.js'
import { createLogger } from '../src/logger.js'
import { type RunningWorkers, startWorkers } from '../src/start-workers.js'
import { MINUTE_MS, slotInTick, tickStartOf } from '../src/uptime/index.js'
import { createFixtureSiteRow, scanTestEnv } from './support/scan-fixtures.js'

// Uptime against the fixture site through a real queue and database: the sweep adds each site's check for its
// slot, a worker runs the checks, and the fixture taken down and brought back up opens and closes an incident.
// The sweep's scheduler is left out (the test runs the sweep itself), so no check arrives unasked.
const config = loadWorkerConfig(
  scanTestEnv({ UPTIME_CHECK_INTERVAL_SECONDS: '60', UPTIME_CHECK_TIMEOUT_MS: '3000' }),
)
const prisma = createPrismaClient(config.databaseUrl)
const logger = createLogger({ logLevel: 'silent' })
let fixture: FixtureSite
let running: RunningWorkers
let connection: Redis
let queue: Queue

beforeAll(async () => {
  fixture = await startFixtureSite({})
  running = await startWorkers({
    config: { ...config, queues: [QUEUE_NAMES.uptime] },
    logger,
    jobs: [uptimeCheckJob],
  })
  connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null })
  queue = new Queue(QUEUE_NAMES.uptime, { connection, prefix: config.queuePrefix })
}, 60_000)

afterAll(async () => {
  await running?.close()
  await queue?.obliterate({ force: true })
  await queue?.close()
  await connection?.quit()
  await fixture?.close()
  await prisma.$disconnect()
})

async function setAvailability(state: 'down' | 'up') {
  const answer = await fetch(new URL(AVAILABILITY_CONTROL_PATH, fixture.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ state }),
  })
  expect(answer.status).toBe(204)
}

async function waitForCheck(siteId: string, slot: number) {
  const deadline = Date.now() + 20_000
  for (;;) {
    const check = await prisma.uptimeCheck.findUnique({
      where: { siteId_checkedAt: { siteId, checkedAt: new Date(slot) } },
    })
    if (check) return check
    if (Date.now() > deadline) throw new Error(`no uptime check of slot ${slot}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Adds the check of one slot to the queue, as the sweep does, and waits for the worker to store it. */
async function checkThroughQueue(siteId: string, slot: number) {
  await enqueueJob({ get: () => queue }, JOBS.uptimeCheck, { siteId, slot })
  return waitForCheck(siteId, slot)
}

/**
 * The sweep adds a check for every site of the shared test database (other files' sites among them, many
 * pointing at servers long gone and waiting out the timeout): only the given site's are kept, so its check
 * does not queue behind them. One the worker took meanwhile is locked and stays: it no longer waits ahead.
 */
async function keepOnlyChecksOf(siteId: string) {
  const jobs = await queue.getJobs(['delayed', 'waiting'])
  const others = jobs.filter((job) => job.data.siteId !== siteId)
  await Promise.allSettled(others.map((job) => job.remove()))
}

const incidentsOf = (siteId: string) =>
  prisma.uptimeIncident.findMany({ where: { siteId }, orderBy: { startedAt: 'asc' } })

describe('uptime', () => {
  it('adds each site’s check for its slot in the current minute, and a worker stores it', async () => {
    const site = await createFixtureSiteRow(prisma, fixture.url)
    const before = Date.now()
    const result = (await uptimeSweepJob.run({}, { prisma, logger, job: { id: 'sweep' } as Job })) as {
      due: number
    }
    expect(result.due).toBeGreaterThanOrEqual(1)
    await keepOnlyChecksOf(site.id)
    const slot = slotInTick(site.id, tickStartOf(before, MINUTE_MS), MINUTE_MS) ?? -1
    const jobId = jobAddOptions(JOBS.uptimeCheck, { siteId: site.id, slot }).jobId ?? ''
    const job = await queue.getJob(jobId)
    expect(job?.data).toEqual({ siteId: site.id, slot })

    // A second sweep in the same minute adds nothing twice: the job id names the site and the slot.
    await uptimeSweepJob.run({}, { prisma, logger, job: { id: 'sweep-again' } as Job })
    await keepOnlyChecksOf(site.id)
    const jobs = await queue.getJobs(['delayed', 'waiting', 'active', 'completed'])
    expect(jobs.filter((candidate) => candidate.data.siteId === site.id)).toHaveLength(1)

    // Its delay runs until its slot in this minute; promoted, the worker runs it now.
    if (await job?.isDelayed()) await job?.promote()
    const check = await waitForCheck(site.id, slot)
    expect(check).toMatchObject({ up: true, statusCode: 200, error: null })
    expect(check.responseTimeMs).toBeGreaterThanOrEqual(0)
  })

  it('checks a site with the user agent its scan settings name, as its scans load it', async () => {
    const seen: (string | undefined)[] = []
    const server = createServer((request, response) => {
      seen.push(request.headers['user-agent'])
      response.end('<!doctype html><title>up</title>')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const site = await createFixtureSiteRow(prisma, `http://127.0.0.1:${port}/`)
      await prisma.site.update({ where: { id: site.id }, data: { userAgent: 'ExampleOrgBot/2.0' } })
      const check = await checkThroughQueue(site.id, tickStartOf(Date.now(), MINUTE_MS))
      expect(check.up).toBe(true)
      expect(seen).toEqual(['ExampleOrgBot/2.0'])
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('opens an incident when the fixture goes down and closes it when it comes back up', async () => {
    const site = await createFixtureSiteRow(prisma, fixture.url)
    const base = tickStartOf(Date.now(), MINUTE_MS) + 10 * MINUTE_MS
    const slot = (index: number) => base + index * MINUTE_MS
    try {
      expect(await checkThroughQueue(site.id, slot(0))).toMatchObject({ up: true })
      expect(await incidentsOf(site.id)).toEqual([])

      await setAvailability('down')
      expect(await checkThroughQueue(site.id, slot(1))).toMatchObject({
        up: false,
        statusCode: 503,
        error: 'HTTP 503',
      })
      await checkThroughQueue(site.id, slot(2))
      const open = await incidentsOf(site.id)
      expect(open).toHaveLength(1)
      expect(open[0]).toMatchObject({ startedAt: new Date(slot(1)), endedAt: null, cause: 'HTTP 503' })
    } finally {
      await setAvailability('up')
    }
    expect(await checkThroughQueue(site.id, slot(3))).toMatchObject({ up: true, statusCode: 200 })
    const closed = await incidentsOf(site.id)
    expect(closed).toHaveLength(1)
    expect(closed[0]).toMatchObject({ startedAt: new Date(slot(1)), endedAt: new Date(slot(3)) })
  })

  it('keeps a late check that is older than the latest but lets it decide nothing', async () => {
    const site = await createFixtureSiteRow(prisma, 'http://127.0.0.1:1/')
    const base = tickStartOf(Date.now(), MINUTE_MS) + 20 * MINUTE_MS
    const context = { prisma, logger, job: { id: 'late' } as Job }
    await prisma.uptimeCheck.create({
      data: {
        siteId: site.id,
        checkedAt: new Date(base + MINUTE_MS),
        up: true,
        statusCode: 200,
        responseTimeMs: 5,
      },
    })
    const late = (await uptimeCheckJob.run({ siteId: site.id, slot: base }, context)) as { incident: string }
    expect(late.incident).toBe('unchanged')
    expect(await prisma.uptimeCheck.count({ where: { siteId: site.id } })).toBe(2)
    expect(await incidentsOf(site.id)).toEqual([])
  })

  it('deletes checks past the retention period and keeps incidents', async () => {
    const site = await createFixtureSiteRow(prisma, fixture.url)
    const old = new Date(Date.now() - 40 * 24 * 60 * MINUTE_MS)
    await prisma.uptimeCheck.create({
      data: { siteId: site.id, checkedAt: old, up: false, error: 'HTTP 500' },
    })
    await prisma.uptimeIncident.create({
      data: { siteId: site.id, startedAt: old, endedAt: old, cause: 'HTTP 500' },
    })
    const result = (await uptimeSweepJob.run({}, { prisma, logger, job: { id: 'sweep' } as Job })) as {
      deleted: number
    }
    expect(result.deleted).toBeGreaterThanOrEqual(1)
    expect(await prisma.uptimeCheck.count({ where: { siteId: site.id, checkedAt: old } })).toBe(0)
    expect(await incidentsOf(site.id)).toHaveLength(1)
  })
})
