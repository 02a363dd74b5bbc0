import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { HttpError } from '../../http-errors.js'
import { closeRedis } from '../../lib/close-redis.js'

/**
 * Limits are opt-in per route (`config.rateLimit`). Counters live in Redis so that every API process
 * shares them; the plugin gets its own connection because it is registered before the app's Redis plugin.
 */
async function rateLimitPlugin(fastify: FastifyInstance) {
  const redis = new Redis(fastify.config.redisUrl, { connectTimeout: 5_000, maxRetriesPerRequest: 2 })
  redis.on('error', (error) => fastify.log.warn({ err: error }, 'rate-limit Redis connection error'))
  fastify.addHook('onClose', async () => {
    await closeRedis(redis)
  })

  await fastify.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: `${fastify.config.queuePrefix}:rate-limit:`,
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, `Too many attempts. Please wait ${context.after} and try again.`),
  })
}

export default fp(rateLimitPlugin, { name: 'rate-limit' })
