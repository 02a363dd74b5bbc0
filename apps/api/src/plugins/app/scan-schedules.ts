import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import { createBackgroundTasks } from '../../lib/background-tasks.js'
import { syncSiteScanSchedules } from '../../services/scan-schedule-service.js'

export const REDIS_WAIT_MS = 10_000
const CLOSE_WAIT_MS = 5_000

/** Whether the connection is (or within `timeoutMs` becomes) ready; queue commands would wait forever. */
export async function isRedisReady(redis: Redis, timeoutMs: number, signal: AbortSignal): Promise<boolean> {
  if (redis.status === 'ready') return true
  const ready = new Promise<boolean>((resolve) => redis.once('ready', () => resolve(true)))
  const givenUp = sleep(timeoutMs, false, { ref: false, signal }).catch(() => false)
  return Promise.race([ready, givenUp])
}

/**
 * At start, every site's scheduled scan is upserted (and schedulers of deleted sites removed), so sites
 * created before the scheduler existed, or while Redis was away, get theirs. It runs after the server is
 * ready and does not hold the start up; closing the app waits for it.
 */
async function scanSchedulesPlugin(fastify: FastifyInstance) {
  const tasks = createBackgroundTasks(fastify.log)
  const closing = new AbortController()
  fastify.addHook('onReady', async () => {
    tasks.run('syncing the sites’ scan schedules failed', async () => {
      if (!(await isRedisReady(fastify.redis, REDIS_WAIT_MS, closing.signal))) {
        fastify.log.warn('Redis is not answering: site scan schedules were not synced at start')
        return
      }
      const result = await syncSiteScanSchedules(fastify.prisma, fastify.queues)
      if (result.failedSiteIds.length > 0) {
        fastify.log.warn({ siteIds: result.failedSiteIds }, 'sites with a scan schedule BullMQ refused')
      }
      fastify.log.info({ upserted: result.upserted, removed: result.removed }, 'site scan schedules synced')
    })
  })
  // A sync cut off by Redis going away must not keep the process from closing.
  fastify.addHook('onClose', async () => {
    closing.abort()
    await Promise.race([tasks.drain(), sleep(CLOSE_WAIT_MS, undefined, { ref: false })])
  })
}

export default fp(scanSchedulesPlugin, { name: 'scan-schedules', dependencies: ['prisma', 'queues'] })
