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

/** A Redis connection for checks only: no offline queue, so a check fails at once instead of waiting. */
function createProbeConnection(redisUrl: string, intervalMs: number): Redis {
  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: CHECK_TIMEOUT_MS,
    retryStrategy: () => Math.min(intervalMs, 1_000),
  })
  redis.on('error', () => undefined)
  return redis
}

/** The outage state and its transitions: each change is reported (and logged) once. */
class ServiceWatch {
  outage = false
  private redisWasDown = false
  private redisRunId: string | undefined
  private checking: Promise<ServiceHealth> | null = null

  constructor(
    private readonly options: ServiceMonitorOptions,
    private readonly redis: Redis,
  ) {}

  /** One check of both services; callers at the same moment share it. */
  check(): Promise<ServiceHealth> {
    this.checking ??= Promise.all([
      answerWithin(
        pingDatabase(this.options.prisma).then(() => true),
        CHECK_TIMEOUT_MS,
      ),
      checkRedis(this.redis),
    ])
      .then(([database, redisHealth]) => ({ database: database === true, ...redisHealth }))
      .finally(() => {
        this.checking = null
      })
    return this.checking
  }

  async react(health: ServiceHealth): Promise<void> {
    const { logger } = this.options
    // A Redis that answers as a new server restarted between two checks: what it held is gone all the same.
    if (health.redisRunId && this.redisRunId && health.redisRunId !== this.redisRunId)
      this.redisWasDown = true
    if (health.redisRunId) this.redisRunId = health.redisRunId
    if (!health.database || !health.redis) {
      this.redisWasDown ||= !health.redis
      if (this.outage) return
      this.outage = true
      logger.warn({ down: downServices(health) }, 'service unreachable: pausing, no new jobs are taken')
      await this.options.onOutage(health)
      return
    }
    if (!this.outage && !this.redisWasDown) return
    const redisWasDown = this.redisWasDown
    if (this.outage) logger.info({ redisWasDown }, 'services reachable again: resuming')
    else logger.warn('Redis restarted: registering the schedulers again and sweeping')
    this.outage = false
    this.redisWasDown = false
    await this.options.onRecovery(redisWasDown)
  }
}

/**
 * Checks PostgreSQL and Redis every `intervalMs` on connections of its own and reports each change once: an
 * outage when either stops answering, a recovery when both answer again (or Redis restarted unseen).
 */
export function startServiceMonitor(options: ServiceMonitorOptions): ServiceMonitor {
  const redis = createProbeConnection(options.redisUrl, options.intervalMs)
  const watch = new ServiceWatch(options, redis)
  let ticking = false
  const timer = setInterval(() => {
    if (ticking) return
    ticking = true
    watch
      .check()
      .then((health) => watch.react(health))
      .catch((error) => options.logger.error({ err: error }, 'service check failed'))
      .finally(() => {
        ticking = false
      })
  }, options.intervalMs)
  timer.unref()

  return {
    get outage() {
      return watch.outage
    },
    isOutageFailure: async (error) => {
      if (isConnectionError(error)) return true
      const health = await watch.check()
      return !(health.database && health.redis)
    },
    stop: async () => {
      clearInterval(timer)
      redis.disconnect()
    },
  }
}
