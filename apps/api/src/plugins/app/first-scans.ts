import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createBackgroundTasks } from '../../lib/background-tasks.js'
import { queueFirstScansOfNewSites } from '../../services/first-scan-service.js'
import { isRedisReady, REDIS_WAIT_MS } from './scan-schedules.js'

const CLOSE_WAIT_MS = 5_000

/**
 * At start, every site that was never scanned gets its first full scan queued (a freshly seeded demo site
 * is scanned right away instead of waiting for its weekly schedule). It runs after the server is ready
 * and does not hold the start up; QUEUE_FIRST_SCANS=false turns it off.
 */
async function firstScansPlugin(fastify: FastifyInstance) {
  if (!fastify.config.queueFirstScans) return
  const tasks = createBackgroundTasks(fastify.log)
  const closing = new AbortController()
  fastify.addHook('onReady', async () => {
    tasks.run('queueing the first scans of new sites failed', async () => {
      // A job added while Redis is away would wait forever, its scan left "queued".
      if (!(await isRedisReady(fastify.redis, REDIS_WAIT_MS, closing.signal))) {
        fastify.log.warn('Redis is not answering: the first scans of new sites were not queued at start')
        return
      }
      const result = await queueFirstScansOfNewSites({ prisma: fastify.prisma, queues: fastify.queues })
      if (result.failedSiteIds.length > 0) {
        fastify.log.warn({ siteIds: result.failedSiteIds }, 'sites whose first scan could not be queued')
      }
      if (result.queued > 0) fastify.log.info({ queued: result.queued }, 'first scans of new sites queued')
    })
  })
  fastify.addHook('onClose', async () => {
    closing.abort()
    await Promise.race([tasks.drain(), sleep(CLOSE_WAIT_MS, undefined, { ref: false })])
  })
}

export default fp(firstScansPlugin, { name: 'first-scans', dependencies: ['prisma', 'redis', 'queues'] })
