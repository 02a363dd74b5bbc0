import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { closeRedis } from '../../lib/close-redis.js'

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis
  }
}

/** The shared Redis connection of the API: queue handles and health checks use it. */
async function redisPlugin(fastify: FastifyInstance) {
  // BullMQ requires maxRetriesPerRequest null on connections it uses.
  const redis = new Redis(fastify.config.redisUrl, { maxRetriesPerRequest: null, connectTimeout: 5_000 })
  redis.on('error', (error) => fastify.log.warn({ err: error }, 'Redis connection error'))
  fastify.decorate('redis', redis)
  fastify.addHook('onClose', async () => {
    await closeRedis(redis)
  })
}

export default fp(redisPlugin, { name: 'redis' })
