import { jobSchedulerTemplate, QUEUE_NAMES, SCAN_JOB_NAMES, SCAN_QUEUE_NAMES } from '@canopy/contracts'
import { createPrismaClient, type PrismaClient } from '@canopy/db'
import { type Job, Queue, UnrecoverableError, Worker } from 'bullmq'
import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import type { WorkerConfig } from './config.js'
import { isFinalFailure, type RegisteredJob } from './jobs/define-job.js'
import { ALL_JOBS } from './jobs/index.js'
import { closeScanRuntime, configureScanRuntime } from './jobs/scan-runtime.js'

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

function createProcessor(jobsByName: Map<string, RegisteredJob>, prisma: PrismaClient, logger: Logger) {
  return async (job: Job) => {
    const definition = jobsByName.get(job.name)
    // Retrying cannot help a job nobody handles: fail it at once.
    if (!definition) throw new UnrecoverableError(`no handler for job "${job.name}"`)
    const jobLogger = logger.child({
      queue: job.queueName,
      job: job.name,
      jobId: job.id,
      attempt: job.attemptsMade + 1,
    })
    return definition.run(job.data, { prisma, logger: jobLogger, job })
  }
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
  connection.on('error', (error) => logger.warn({ err: error }, 'Redis connection error'))

  configureScanRuntime(config, {
    // Scans wait for Lighthouse runs only when some worker can run them.
    lighthouseJobRegistered: jobs.some((job) => job.name === SCAN_JOB_NAMES.lighthousePage),
  })
  const workers: Worker[] = []
  const queues: Queue[] = []
  for (const [queueName, jobsByName] of groupByQueue(jobs, config.queues)) {
    const worker = new Worker(queueName, createProcessor(jobsByName, prisma, logger), {
      connection,
      prefix: config.queuePrefix,
      concurrency: concurrencyOf(queueName, config),
      // Stalled-job recovery: a job whose process died (SIGKILL, OOM) loses its lock within lockDuration and
      // is picked up again at the next stalled check; twice stalled means the job itself kills workers.
      lockDuration: 20_000,
      stalledInterval: 10_000,
      maxStalledCount: 2,
    })
    worker.on('failed', (job, error) => {
      logger.error({ err: error, queue: queueName, job: job?.name, jobId: job?.id }, 'job failed')
      const definition = job ? jobsByName.get(job.name) : undefined
      if (job && definition?.runFinalFailure && isFinalFailure(job, error)) {
        definition
          .runFinalFailure(job.data, { prisma, logger, job, error })
          .catch((hookError) => logger.error({ err: hookError, jobId: job.id }, 'final-failure hook failed'))
      }
    })
    worker.on('error', (error) => logger.error({ err: error, queue: queueName }, 'worker error'))
    workers.push(worker)

    const queue = new Queue(queueName, { connection, prefix: config.queuePrefix })
    queues.push(queue)
    for (const definition of jobsByName.values()) {
      if (!definition.schedule) continue
      await queue.upsertJobScheduler(
        definition.name,
        { pattern: definition.schedule.pattern },
        jobSchedulerTemplate(definition.spec, definition.schedule.payload),
      )
      logger.info({ job: definition.name, pattern: definition.schedule.pattern }, 'job scheduled')
    }
  }
  await Promise.all(workers.map((worker) => worker.waitUntilReady()))
  logger.info(
    { queues: [...workers.map((worker) => worker.name)], concurrency: config.concurrency },
    'worker ready',
  )

  return {
    workers,
    close: async () => {
      await Promise.all(workers.map((worker) => worker.close()))
      await closeScanRuntime()
      await Promise.all(queues.map((queue) => queue.close()))
      await connection.quit()
      await prisma.$disconnect()
    },
  }
}
