import { randomBytes } from 'node:crypto'
import { JOB_NAMES, PurgeExpiredSessionsResultSchema, QUEUE_NAMES } from '@canopy/contracts'
import { createPrismaClient } from '@canopy/db'
import { Queue, QueueEvents } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadWorkerConfig } from '../src/config.js'
import { createLogger } from '../src/logger.js'
import { type RunningWorkers, startWorkers } from '../src/start-workers.js'

// DATABASE_URL, REDIS_URL and a unique CANOPY_QUEUE_PREFIX come from the integration global setup.
const config = loadWorkerConfig()
const prisma = createPrismaClient(config.databaseUrl)
const HOUR = 3_600_000

let running: RunningWorkers
let connection: Redis
let eventsConnection: Redis
let queue: Queue
let events: QueueEvents

function hoursFromNow(hours: number) {
  return new Date(Date.now() + hours * HOUR)
}

function randomId() {
  return randomBytes(16).toString('hex')
}

beforeAll(async () => {
  running = await startWorkers({ config, logger: createLogger({ logLevel: 'silent' }) })
  connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null })
  // QueueEvents blocks on its connection, so it gets one of its own.
  eventsConnection = new Redis(config.redisUrl, { maxRetriesPerRequest: null })
  queue = new Queue(QUEUE_NAMES.maintenance, { connection, prefix: config.queuePrefix })
  events = new QueueEvents(QUEUE_NAMES.maintenance, {
    connection: eventsConnection,
    prefix: config.queuePrefix,
  })
  await events.waitUntilReady()
})

afterAll(async () => {
  await running?.close()
  await queue?.obliterate({ force: true })
  await events?.close()
  await queue?.close()
  await connection?.quit()
  await eventsConnection?.quit()
  await prisma.$disconnect()
})

describe('purge-expired-sessions', () => {
  it('deletes expired sessions and used or expired account tokens, and keeps live ones', async () => {
    const user = await prisma.user.create({
      data: { email: `purge-${randomId()}@canopy.example`, firstName: 'Purge', lastName: 'Test' },
    })
    const expiredSession = await prisma.session.create({
      data: { id: randomId(), userId: user.id, expiresAt: hoursFromNow(-1) },
    })
    const liveSession = await prisma.session.create({
      data: { id: randomId(), userId: user.id, expiresAt: hoursFromNow(24) },
    })
    const token = (kind: 'verify_email' | 'reset_password', expiresAt: Date, usedAt: Date | null = null) =>
      prisma.accountToken.create({
        data: { userId: user.id, kind, tokenHash: randomId(), expiresAt, usedAt },
      })
    const usedToken = await token('verify_email', hoursFromNow(24), hoursFromNow(-0.5))
    const expiredToken = await token('reset_password', hoursFromNow(-1))
    const liveToken = await token('reset_password', hoursFromNow(1))

    const job = await queue.add(JOB_NAMES.purgeExpiredSessions, {})
    const result = PurgeExpiredSessionsResultSchema.parse(await job.waitUntilFinished(events, 20_000))

    expect(result.sessionsDeleted).toBeGreaterThanOrEqual(1)
    expect(result.accountTokensDeleted).toBeGreaterThanOrEqual(2)
    const sessionIds = (await prisma.session.findMany({ where: { userId: user.id } })).map((row) => row.id)
    expect(sessionIds).toEqual([liveSession.id])
    expect(sessionIds).not.toContain(expiredSession.id)
    const tokenIds = (await prisma.accountToken.findMany({ where: { userId: user.id } })).map((row) => row.id)
    expect(tokenIds).toEqual([liveToken.id])
    expect(tokenIds).not.toContain(usedToken.id)
    expect(tokenIds).not.toContain(expiredToken.id)
  })

  it('registers an hourly scheduler when the worker starts', async () => {
    const scheduler = await queue.getJobScheduler(JOB_NAMES.purgeExpiredSessions)
    expect(scheduler?.pattern).toBe('7 * * * *')
    expect(scheduler?.name).toBe(JOB_NAMES.purgeExpiredSessions)
  })

  it('fails a job with a malformed payload at once instead of retrying it', async () => {
    const job = await queue.add(
      JOB_NAMES.purgeExpiredSessions,
      { unexpected: true },
      { attempts: 3, backoff: { type: 'fixed', delay: 10 } },
    )
    await expect(job.waitUntilFinished(events, 20_000)).rejects.toThrow(/invalid payload/)
    const failed = await queue.getJob(job.id ?? '')
    expect(failed?.attemptsMade).toBe(1)
  })
})
