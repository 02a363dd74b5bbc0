import type { AnyJobName, AnyQueueName, JobSpec } from '@canopy/contracts'
import type { PrismaClient } from '@canopy/db'
import { type Job, UnrecoverableError } from 'bullmq'
import type { Logger } from 'pino'
import { prettifyError } from 'zod'
import type { WorkerConfig } from '../config.js'

/** What a handler receives besides its payload: shared clients, never module globals. */
export interface JobContext {
  prisma: PrismaClient
  logger: Logger
  job: Job
}

/**
 * When a repeating job runs: a cron pattern, or an interval the worker's configuration gives (null: the
 * configuration turns the job off, and a scheduler left from before is removed).
 */
export type JobSchedule<Payload> = { payload: Payload } & (
  | { pattern: string }
  | { every: (config: WorkerConfig) => number | null }
)

/** What the worker adds to a catalogue entry (packages/contracts JOBS): the code that runs it. */
export interface JobHandlers<Payload> {
  /** a repeating job: registered with upsertJobScheduler at worker start (idempotent across processes) */
  schedule?: JobSchedule<Payload>
  handle: (payload: Payload, context: JobContext) => Promise<unknown>
  /** called once a job has failed for good (attempts used up, or stalled too often), e.g. to unblock a scan */
  onFinalFailure?: (payload: Payload, context: JobContext & { error: Error }) => Promise<void>
}

/** The payload type erased, so definitions of different jobs sit in one registry. */
export interface RegisteredJob {
  spec: JobSpec<unknown>
  name: AnyJobName
  queue: AnyQueueName
  schedule?: JobSchedule<unknown>
  /** parses the raw BullMQ data with the job's schema, then runs the handler */
  run: (data: unknown, context: JobContext) => Promise<unknown>
  runFinalFailure?: (data: unknown, context: JobContext & { error: Error }) => Promise<void>
}

/**
 * A job the worker runs: the catalogue's entry (queue, name, payload schema, options, id rule: the same
 * one the API enqueues with) plus its handler.
 */
export function defineJob<Payload>(spec: JobSpec<Payload>, handlers: JobHandlers<Payload>): RegisteredJob {
  const parse = (data: unknown) => spec.payloadSchema.safeParse(data)
  return {
    spec: spec as JobSpec<unknown>,
    name: spec.name,
    queue: spec.queue,
    schedule: handlers.schedule as JobSchedule<unknown> | undefined,
    run: (data, context) => {
      const payload = parse(data)
      // A payload that does not parse will not parse on a retry either: fail the job at once.
      if (!payload.success) throw new UnrecoverableError(`invalid payload: ${prettifyError(payload.error)}`)
      return handlers.handle(payload.data, context)
    },
    runFinalFailure: handlers.onFinalFailure
      ? async (data, context) => {
          const payload = parse(data)
          if (payload.success) await handlers.onFinalFailure?.(payload.data, context)
        }
      : undefined,
  }
}

/**
 * A failed attempt is the last one when the error is unrecoverable, the attempts are used up, or BullMQ
 * gave up on a job that stalled too often; earlier attempts will be retried and must not end anything.
 */
export function isFinalFailure(job: Pick<Job, 'attemptsMade' | 'opts'>, error: Error): boolean {
  return (
    error instanceof UnrecoverableError ||
    error.name === 'UnrecoverableError' ||
    job.attemptsMade >= (job.opts.attempts ?? 1) ||
    /stalled/i.test(error.message)
  )
}
