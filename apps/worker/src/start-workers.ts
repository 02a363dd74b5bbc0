import {
  enqueueJob,
  JOBS,
  jobSchedulerTemplate,
  QUEUE_NAMES,
  SCAN_JOB_NAMES,
  SCAN_QUEUE_NAMES,
} from '@canopy/contracts'
import { createPrismaClient, type PrismaClient } from '@canopy/db'
import { DelayedError, type Job, Queue, UnrecoverableError, Worker } from 'bullmq'
import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import type { WorkerConfig } from './config.js'
import { startHeartbeat } from './heartbeat.js'
import { isFinalFailure, type RegisteredJob } from './jobs/define-job.js'
import { removeLeftoversOfDeletedSite } from './jobs/deleted-site-leftovers.js'
import { ALL_JOBS } from './jobs/index.js'
import {
  artifactsRootOf,
  closeScanRuntime,
  configureScanRuntime,
  getScanRuntime,
} from './jobs/scan-runtime.js'
import { createLighthouseLanes } from './lighthouse-lanes.js'
import { isNetworkError } from './outage/connection-errors.js'
import { type ServiceMonitor, startServiceMonitor } from './outage/service-monitor.js'

export interface RunningWorkers {
  workers: Worker[]
  /** waits for running jobs to finish, then releases Redis and the database pool */
  close: () => Promise<void>
}

interface StartWorkersOptions {
  config: WorkerConfig
  logger: Logger
  jobs?: RegisteredJob[]
}

/** A job interrupted by an outage waits this long before it runs again (the worker is paused meanwhile). */
const OUTAGE_RETRY_DELAY_MS = 5_000

function groupByQueue(jobs: RegisteredJob[], queues: string[]): Map<string, Map<string, RegisteredJob>> {
  const grouped = new Map<string, Map<string, RegisteredJob>>()
  for (const job of jobs) {
    if (!queues.includes(job.queue)) continue
    const byName = grouped.get(job.queue) ?? new Map<string, RegisteredJob>()
    byName.set(job.name, job)
    grouped.set(job.queue, byName)
  }
  return grouped
}

/**
 * Page loads share one Chromium and Lighthouse is CPU-bound; uptime checks mostly wait on the network: their
 * queues have their own limits.
 */
function concurrencyOf(queueName: string, config: WorkerConfig): number {
  if (queueName === SCAN_QUEUE_NAMES.scanPages) return config.scanPageConcurrency
  if (queueName === SCAN_QUEUE_NAMES.lighthouse) return config.lighthouseConcurrency
  if (queueName === QUEUE_NAMES.uptime) return config.uptimeCheckConcurrency
  return config.concurrency
}

/**
 * A job that failed because PostgreSQL or Redis was unreachable is put back, delayed, without using one of its
 * attempts: the outage says nothing about its work, so it must neither use up its retries nor be recorded as a
 * failed page. When Redis itself is gone the job cannot be moved; it stays active and the stalled check (or,
 * if Redis lost it, the sweeper) brings it back.
 */
async function postponeForOutage(job: Job, token: string | undefined, logger: Logger): Promise<never> {
  logger.warn('job interrupted by an outage: postponed without using an attempt')
  await job
    .moveToDelayed(Date.now() + OUTAGE_RETRY_DELAY_MS, token)
    .catch((error) => logger.warn({ err: error }, 'could not postpone the job; the stalled check will'))
  throw new DelayedError()
}

function createProcessor(
  jobsByName: Map<string, RegisteredJob>,
  prisma: PrismaClient,
  logger: Logger,
  monitor: () => ServiceMonitor,
) {
  return async (job: Job, token?: string) => {
    const definition = jobsByName.get(job.name)
    // Retrying cannot help a job nobody handles: fail it at once.
    if (!definition) throw new UnrecoverableError(`no handler for job "${job.name}"`)
    const jobLogger = logger.child({
      queue: job.queueName,
      job: job.name,
      jobId: job.id,
      attempt: job.attemptsMade + 1,
    })
    try {
      return await definition.run(job.data, { prisma, logger: jobLogger, job })
    } catch (error) {
      if (error instanceof UnrecoverableError || !(await monitor().isOutageFailure(error))) throw error
      return postponeForOutage(job, token, jobLogger.child({ err: error }))
    }
  }
}

/** The scheduler's repeat options in this configuration, or null when the configuration turns the job off. */
function repeatOf(schedule: NonNullable<RegisteredJob['schedule']>, config: WorkerConfig) {
  if ('pattern' in schedule) return { pattern: schedule.pattern }
  const every = schedule.every(config)
  return every === null ? null : { every }
}

/** Registers the repeating jobs (upsertJobScheduler is idempotent: every process, and every recovery, may call it). */
async function registerSchedules(
  queues: Map<string, Queue>,
  jobs: RegisteredJob[],
  config: WorkerConfig,
  logger: Logger,
) {
  for (const definition of jobs) {
    const queue = queues.get(definition.queue)
    if (!definition.schedule || !queue) continue
    const repeat = repeatOf(definition.schedule, config)
    if (!repeat) {
      await queue.removeJobScheduler(definition.name)
      continue
    }
    await queue.upsertJobScheduler(
      definition.name,
      repeat,
      jobSchedulerTemplate(definition.spec, definition.schedule.payload),
    )
    logger.info({ job: definition.name, ...repeat }, 'job scheduled')
  }
}

/** A sweep now (at start and after Redis came back), rather than a whole interval later. */
async function sweepNow(jobs: RegisteredJob[], config: WorkerConfig, logger: Logger) {
  if (!config.sweepIntervalMs || !jobs.some((job) => job.name === JOBS.sweepLostScans.name)) return
  await enqueueJob(getScanRuntime().queues, JOBS.sweepLostScans, {}).catch((error) =>
    logger.warn({ err: error }, 'could not start a sweep'),
  )
}

/** A finished job of a site deleted while it ran leaves nothing behind (deleted-site-leftovers.ts). */
function forgetJobsOfDeletedSites(
  worker: Worker,
  prisma: PrismaClient,
  config: WorkerConfig,
  logger: Logger,
) {
  const root = artifactsRootOf(config)
  const forget = (job: Job | undefined) => {
    if (!job) return
    removeLeftoversOfDeletedSite(prisma, job, root)
      .then((removed) => {
        if (removed) logger.info({ job: job.name, jobId: job.id }, 'removed the job of a deleted site')
      })
      .catch((error: unknown) =>
        logger.warn({ err: error, jobId: job.id }, 'could not remove a deleted site’s job'),
      )
  }
  worker.on('completed', forget)
  worker.on('failed', forget)
}

interface WorkerSet {
  workers: Worker[]
  queues: Map<string, Queue>
  jobs: RegisteredJob[]
}

function createWorkers(
  { config, logger, jobs }: Required<StartWorkersOptions>,
  prisma: PrismaClient,
  connection: Redis,
  monitor: () => ServiceMonitor,
): WorkerSet {
  const set: WorkerSet = { workers: [], queues: new Map(), jobs: [] }
  const lighthouseLanes = createLighthouseLanes({
    busy: config.lighthouseConcurrency,
    idle: config.lighthouseIdleConcurrency,
  })
  for (const [queueName, jobsByName] of groupByQueue(jobs, config.queues)) {
    const run = createProcessor(jobsByName, prisma, logger, monitor)
    const processor =
      queueName === SCAN_QUEUE_NAMES.scanPages
        ? (job: Job, token?: string) => lighthouseLanes.whileAuditing(() => run(job, token))
        : run
    const worker = new Worker(queueName, processor, {
      connection,
      prefix: config.queuePrefix,
      concurrency: concurrencyOf(queueName, config),
      // Stalled-job recovery: a job whose process died (SIGKILL, OOM) loses its lock within lockDuration and
      // is picked up again at the next stalled check; twice stalled means the job itself kills workers.
      lockDuration: config.lockDurationMs,
      stalledInterval: Math.ceil(config.lockDurationMs / 2),
      maxStalledCount: 2,
    })
    forgetJobsOfDeletedSites(worker, prisma, config, logger)
    worker.on('failed', (job, error) => {
      logger.error({ err: error, queue: queueName, job: job?.name, jobId: job?.id }, 'job failed')
      const definition = job ? jobsByName.get(job.name) : undefined
      if (job && definition?.runFinalFailure && isFinalFailure(job, error)) {
        definition
          .runFinalFailure(job.data, { prisma, logger, job, error })
          .catch((hookError) => logger.error({ err: hookError, jobId: job.id }, 'final-failure hook failed'))
      }
    })
    worker.on('error', (error) => {
      // A lost connection is the service monitor's to report (once, as an outage), not each worker's.
      if (isNetworkError(error)) logger.debug({ err: error, queue: queueName }, 'worker connection error')
      else logger.error({ err: error, queue: queueName }, 'worker error')
    })
    set.workers.push(worker)
    if (queueName === SCAN_QUEUE_NAMES.lighthouse) lighthouseLanes.attach(worker)
    const queue = new Queue(queueName, { connection, prefix: config.queuePrefix })
    queue.on('error', (error) => logger.debug({ err: error, queue: queueName }, 'queue error'))
    set.queues.set(queueName, queue)
    set.jobs.push(...jobsByName.values())
  }
  return set
}

/** While PostgreSQL or Redis is unreachable no job is taken (running ones finish or are postponed). */
function monitorServices(set: WorkerSet, prisma: PrismaClient, config: WorkerConfig, logger: Logger) {
  return startServiceMonitor({
    prisma,
    redisUrl: config.redisUrl,
    logger,
    intervalMs: config.serviceCheckIntervalMs,
    onOutage: async () => {
      await Promise.all(set.workers.map((worker) => worker.pause(true)))
    },
    onRecovery: async (redisWasDown) => {
      await Promise.all(set.workers.map((worker) => worker.resume()))
      // A Redis that restarted empty lost the schedulers and every job: register them again and sweep.
      if (!redisWasDown) return
      await registerSchedules(set.queues, set.jobs, config, logger)
      await sweepNow(set.jobs, config, logger)
    },
  })
}

/**
 * One BullMQ Worker per queue this process serves (WORKER_QUEUES), each running WORKER_CONCURRENCY jobs at
 * once; repeating jobs are registered with upsertJobScheduler, which every process may call safely.
 */
export async function startWorkers({
  config,
  logger,
  jobs = ALL_JOBS,
}: StartWorkersOptions): Promise<RunningWorkers> {
  const prisma = createPrismaClient(config.databaseUrl)
  // BullMQ's blocking commands must wait forever rather than fail after a retry count.
  const connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null })
  // Each failed reconnect while Redis is away: the service monitor logs the outage and the recovery once.
  connection.on('error', (error) => logger.debug({ err: error }, 'Redis connection error'))

  configureScanRuntime(config, {
    // Scans wait for Lighthouse runs only when some worker can run them.
    lighthouseJobRegistered: jobs.some((job) => job.name === SCAN_JOB_NAMES.lighthousePage),
  })
  let monitor: ServiceMonitor | null = null
  const set = createWorkers({ config, logger, jobs }, prisma, connection, () => {
    if (!monitor) throw new Error('service monitor not started')
    return monitor
  })
  monitor = monitorServices(set, prisma, config, logger)
  await registerSchedules(set.queues, set.jobs, config, logger)
  await Promise.all(set.workers.map((worker) => worker.waitUntilReady()))
  await sweepNow(set.jobs, config, logger)
  const heartbeat = await startHeartbeat({
    redis: connection,
    prefix: config.queuePrefix,
    chromiumPath: config.chromiumPath,
    queues: set.workers.map((worker) => worker.name),
    logger,
  })
  logger.info(
    { queues: [...set.workers.map((worker) => worker.name)], concurrency: config.concurrency },
    'worker ready',
  )

  return {
    workers: set.workers,
    close: async () => {
      await monitor?.stop()
      await heartbeat.stop()
      await Promise.all(set.workers.map((worker) => worker.close()))
      await closeScanRuntime()
      await Promise.all([...set.queues.values()].map((queue) => queue.close()))
      await connection.quit()
      await prisma.$disconnect()
    },
  }
}
