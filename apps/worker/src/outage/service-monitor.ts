import { type PrismaClient, pingDatabase } from '@canopy/db'
import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { isConnectionError } from './connection-errors.js'

/** A check that does not answer within this long counts as the service being unreachable. */
const CHECK_TIMEOUT_MS = 1_500

export interface ServiceHealth {
  database: boolean
  redis: boolean
  /** the Redis server's run_id: a new one means Redis restarted, perhaps without its data */
  redisRunId?: string
}

export interface ServiceMonitor {
  /** whether either service was unreachable at the last check */
  readonly outage: boolean
  /** whether a job's error came from an outage: a connection error, or a service found unreachable now */
  isOutageFailure(error: unknown): Promise<boolean>
  stop(): Promise<void>
}

interface ServiceMonitorOptions {
  prisma: PrismaClient
  redisUrl: string
  logger: Logger
  intervalMs: number
  /** called once when a service stops answering; the worker stops taking jobs */
  onOutage: (health: ServiceHealth) => Promise<void>
  /**
   * called once when both answer again, and when Redis answers as a new server (restarted faster than a
   * check saw it gone); `redisWasDown` says whether Redis's contents may be gone
   */
  onRecovery: (redisWasDown: boolean) => Promise<void>
}

/** The promise's value, or undefined when it fails or takes longer than `ms`. */
function answerWithin<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms)
  })
  return Promise.race([promise, timeout])
    .catch(() => undefined)
    .finally(() => clearTimeout(timer))
}

async function checkRedis(redis: Redis): Promise<Pick<ServiceHealth, 'redis' | 'redisRunId'>> {
  const info = await answerWithin(redis.info('server'), CHECK_TIMEOUT_MS)
  if (info === undefined) return { redis: false }
  return { redis: true, redisRunId: /^run_id:(\w+)/m.exec(info)?.[1] }
}

function downServices(health: ServiceHealth): string[] {
  return [...(health.database ? [] : ['PostgreSQL']), ...(health.redis ? [] : ['Redis'])]
}

/**
 * Checks PostgreSQL and Redis every `intervalMs` on connections of its own (Redis without an offline queue, so
 * a check fails at once instead of waiting for the server), and reports each change once: an outage when
 * either stops answering, a recovery when both answer again. The transitions are logged.
 */
export function startServiceMonitor(options: ServiceMonitorOptions): ServiceMonitor {
  const { prisma, logger, intervalMs } = options
  const redis = new Redis(options.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: CHECK_TIMEOUT_MS,
    retryStrategy: () => Math.min(intervalMs, 1_000),
  })
  redis.on('error', () => undefined)
  let outage = false
  let redisWasDown = false
  let checking: Promise<ServiceHealth> | null = null

  const check = (): Promise<ServiceHealth> => {
    checking ??= Promise.all([
      answerWithin(
        pingDatabase(prisma).then(() => true),
        CHECK_TIMEOUT_MS,
      ),
      checkRedis(redis),
    ])
      .then(([database, redisHealth]) => ({ database: database === true, ...redisHealth }))
      .finally(() => {
        checking = null
      })
    return checking
  }

  let redisRunId: string | undefined
  const react = async (health: ServiceHealth) => {
    const healthy = health.database && health.redis
    if (!healthy) redisWasDown ||= !health.redis
    // A Redis that came back as a new server between two checks lost what it held, just the same.
    const restarted = Boolean(health.redisRunId && redisRunId && health.redisRunId !== redisRunId)
    if (health.redisRunId) redisRunId = health.redisRunId
    if (restarted && !outage) {
      logger.warn('Redis restarted: registering the schedulers again and sweeping')
      await options.onRecovery(true)
    }
    if (!healthy && !outage) {
      outage = true
      logger.warn({ down: downServices(health) }, 'service unreachable: pausing, no new jobs are taken')
      await options.onOutage(health)
    } else if (healthy && outage) {
      outage = false
      logger.info({ redisWasDown }, 'services reachable again: resuming')
      const wasDown = redisWasDown
      redisWasDown = false
      await options.onRecovery(wasDown)
    }
  }

  let ticking = false
  const timer = setInterval(() => {
    if (ticking) return
    ticking = true
    check()
      .then(react)
      .catch((error) => logger.error({ err: error }, 'service check failed'))
      .finally(() => {
        ticking = false
      })
  }, intervalMs)
  timer.unref()

  return {
    get outage() {
      return outage
    },
    isOutageFailure: async (error) => {
      if (isConnectionError(error)) return true
      const health = await check()
      return !(health.database && health.redis)
    },
    stop: async () => {
      clearInterval(timer)
      redis.disconnect()
    },
  }
}
