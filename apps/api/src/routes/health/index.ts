import { ApiErrorBodySchema, NetworkHealthResponseSchema } from '@canopy/contracts'
import { pingDatabase } from '@canopy/db'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

const CHECK_TIMEOUT_MS = 3_000

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    )
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

const healthRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/network',
    {
      schema: {
        tags: ['health'],
        summary:
          'Whether PostgreSQL and Redis answer: {error: null}, else 503 with the failing service named',
        response: { 200: NetworkHealthResponseSchema, 503: ApiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const checks = await Promise.allSettled([
        withTimeout(pingDatabase(fastify.prisma), 'PostgreSQL'),
        withTimeout(fastify.redis.ping(), 'Redis'),
      ])
      const failed = checks.flatMap((check, index) =>
        check.status === 'rejected' ? [{ index, reason: check.reason }] : [],
      )
      if (failed.length === 0) return { error: null }
      for (const { reason } of failed) request.log.warn({ err: reason }, 'health check failed')
      // Only the names of the failing services: connection details stay in the log.
      const names = failed.map(({ index }) => (index === 0 ? 'PostgreSQL' : 'Redis'))
      const error = `${names.join(' and ')} ${names.length > 1 ? 'are' : 'is'} not answering.`
      return reply.code(503).send({ statusCode: 503, error, message: error })
    },
  )
}

export default healthRoutes
