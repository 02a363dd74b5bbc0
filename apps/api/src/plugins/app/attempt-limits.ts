import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { HttpError } from '../../http-errors.js'
import { type AttemptLimit, countAttempt, findWait } from '../../lib/attempt-counter.js'
import { closeRedis } from '../../lib/close-redis.js'

export type AttemptKind = 'login' | 'register' | 'reset' | 'verify' | 'sso'

export const TOO_MANY_ATTEMPTS_MESSAGE = (seconds: number) =>
  `Too many attempts. Please wait ${seconds} seconds and try again.`
export const ATTEMPTS_UNAVAILABLE_MESSAGE =
  'Signing in is unavailable for a moment. Please try again shortly.'

declare module 'fastify' {
  interface FastifyRequest {
    /** the limits a failed sign-in of this request counts against */
    attemptLimitsToCount?: AttemptLimit[]
  }
  interface FastifyInstance {
    attemptLimits: {
      /**
       * preHandler of an account route: 429 with Retry-After once any of the kind's limits is over. Sign-in
       * counts only its failures (a user signing in often is not an attack); the others count every request.
       */
      guard(kind: AttemptKind, subjectOf?: (request: FastifyRequest) => string): preHandlerAsyncHookHandler
    }
  }
}

const MINUTE = 60_000

/**
 * The limits of each kind of account request, from LOGIN_RATE_LIMIT_MAX (`max`): per address and account
 * together, per account from anywhere (guessing one password from many addresses), per address for every
 * account (spraying one password over many accounts), and for everyone together (a spray from many
 * addresses); the last is wide, so that it slows an attack without locking every user out.
 */
function limitsOf(kind: AttemptKind, max: number, ip: string, subject: string | null): AttemptLimit[] {
  const limits: AttemptLimit[] = [
    { key: `${kind}:ip:${ip}`, max: max * 3, windowMs: MINUTE },
    { key: `${kind}:all`, max: max * 100, windowMs: MINUTE },
  ]
  if (subject !== null) {
    limits.push(
      { key: `${kind}:ip-subject:${ip}:${subject}`, max, windowMs: MINUTE },
      { key: `${kind}:subject:${subject}`, max: max * 3, windowMs: 15 * MINUTE },
    )
  }
  return limits
}

/**
 * Sign-in, registration, password reset and verification are limited in Redis, shared by every API
 * process; the limiter has its own connection that gives up quickly, so an unreachable Redis answers 503
 * at once instead of letting attempts through unlimited or hanging.
 */
async function attemptLimitsPlugin(fastify: FastifyInstance) {
  const redis = new Redis(fastify.config.redisUrl, { connectTimeout: 5_000, maxRetriesPerRequest: 1 })
  redis.on('error', (error) => fastify.log.warn({ err: error }, 'attempt-limit Redis connection error'))
  fastify.addHook('onClose', async () => {
    await closeRedis(redis)
  })
  const prefix = `${fastify.config.queuePrefix}:attempts:`
  const max = fastify.config.loginRateLimitMax

  const unavailable = (error: unknown) => {
    throw new HttpError(503, ATTEMPTS_UNAVAILABLE_MESSAGE, undefined, error)
  }
  // A failed sign-in is counted when its answer goes out; the guard itself only reads the counters.
  fastify.addHook('onResponse', async (request, reply) => {
    const limits = request.attemptLimitsToCount
    if (limits && reply.statusCode === 401) {
      await countAttempt(redis, prefix, limits).catch((error) =>
        request.log.warn({ err: error }, 'a failed sign-in was not counted'),
      )
    }
  })

  fastify.decorate('attemptLimits', {
    guard: (kind, subjectOf) => async (request: FastifyRequest, reply: FastifyReply) => {
      const limits = limitsOf(kind, max, request.ip, subjectOf ? subjectOf(request) : null)
      const countFailuresOnly = kind === 'login'
      const waitMs = await (countFailuresOnly ? findWait : countAttempt)(redis, prefix, limits).catch(
        unavailable,
      )
      if (waitMs === null || waitMs === undefined) {
        if (countFailuresOnly) request.attemptLimitsToCount = limits
        return
      }
      const seconds = Math.max(1, Math.ceil(waitMs / 1000))
      reply.header('retry-after', String(seconds))
      throw new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE(seconds))
    },
  })
}

export default fp(attemptLimitsPlugin, { name: 'attempt-limits' })
