import { createPrismaClient } from '@canopy/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadWorkerConfig } from '../../src/config.js'
import { createLogger } from '../../src/logger.js'
import {
  type ServiceHealth,
  type ServiceMonitor,
  startServiceMonitor,
} from '../../src/outage/service-monitor.js'
import { waitUntil } from './support/ports.js'
import { type PrivateRedis, startPrivateRedis } from './support/private-redis.js'

// The worker's service monitor against a private Redis (see redis-restart.test.ts for why private) that is
// stopped and started: the outage is reported once and the recovery once, saying Redis's contents may be gone;
// a Redis restarted between two checks is noticed by its new run_id all the same.
const config = loadWorkerConfig()
const prisma = createPrismaClient(config.databaseUrl)
let redis: PrivateRedis
const monitors: ServiceMonitor[] = []

beforeAll(async () => {
  redis = await startPrivateRedis()
})

afterAll(async () => {
  for (const monitor of monitors) await monitor.stop()
  await redis?.destroy()
  await prisma.$disconnect()
})

function watch(intervalMs: number) {
  const events: string[] = []
  const monitor = startServiceMonitor({
    prisma,
    redisUrl: redis.url,
    logger: createLogger({ logLevel: 'silent' }),
    intervalMs,
    onOutage: async (health: ServiceHealth) => {
      events.push(`outage redis=${health.redis} database=${health.database}`)
    },
    onRecovery: async (redisWasDown) => {
      events.push(`recovery redisWasDown=${redisWasDown}`)
    },
  })
  monitors.push(monitor)
  return { monitor, events }
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the service monitor', () => {
  it('reports a Redis outage once and its end once', async () => {
    const { monitor, events } = watch(200)
    await settle(500)
    await redis.stop()
    await waitUntil(async () => monitor.outage, 5_000, 'the outage to be seen')
    expect(await monitor.isOutageFailure(new Error('anything'))).toBe(true)
    await settle(600)
    await redis.start()
    await waitUntil(async () => !monitor.outage, 5_000, 'the recovery to be seen')
    expect(events).toEqual(['outage redis=false database=true', 'recovery redisWasDown=true'])
    expect(await monitor.isOutageFailure(new Error('anything'))).toBe(false)
  })

  it('notices a Redis restarted between two checks by its new run_id', async () => {
    const { events } = watch(3_000)
    await settle(3_500)
    await redis.stop()
    await redis.start()
    await waitUntil(
      async () => events.includes('recovery redisWasDown=true'),
      8_000,
      'the restart to be seen',
    )
  })
})
