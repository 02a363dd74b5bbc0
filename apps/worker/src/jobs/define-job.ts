import type { JobName, QueueName, ScanJobName, ScanQueueName } from '@canopy/contracts'
import type { PrismaClient } from '@canopy/db'
import { type Job, UnrecoverableError } from 'bullmq'
import type { Logger } from 'pino'
import { prettifyError, type z } from 'zod'

/** What a handler receives besides its payload: shared clients, never module globals. */
export interface JobContext {
  prisma: PrismaClient
  logger: Logger
  job: Job
}

export interface JobRetryOptions {
  attempts: number
  backoff: { type: 'exponential' | 'fixed'; delay: number }
}

/** One background job: typed data plus a handler, the way the API and the worker agree on it. */
export interface JobDefinition<Payload> {
  name: JobName | ScanJobName
  queue: QueueName | ScanQueueName
  payloadSchema: z.ZodType<Payload>
  options: JobRetryOptions
  /** a repeating job: registered with upsertJobScheduler at worker start (idempotent across processes) */
  schedule?: { pattern: string; payload: Payload }
  handle: (payload: Payload, context: JobContext) => Promise<unknown>
  /** called once a job has failed for good (attempts used up, or stalled too often), e.g. to unblock a scan */
  onFinalFailure?: (payload: Payload, context: JobContext & { error: Error }) => Promise<void>
}

/** The payload type erased, so definitions of different jobs sit in one registry. */
export interface RegisteredJob {
  name: JobName | ScanJobName
  queue: QueueName | ScanQueueName
  options: JobRetryOptions
  schedule?: { pattern: string; payload: unknown }
  /** parses the raw BullMQ data with the job's schema, then runs the handler */
  run: (data: unknown, context: JobContext) => Promise<unknown>
  runFinalFailure?: (data: unknown, context: JobContext & { error: Error }) => Promise<void>
}

export function defineJob<Payload>(
  definition: JobDefinition<Payload>,
): RegisteredJob & JobDefinition<Payload> {
  return {
    ...definition,
    run: (data, context) => {
      const payload = definition.payloadSchema.safeParse(data)
      // A payload that does not parse will not parse on a retry either: fail the job at once.
      if (!payload.success) throw new UnrecoverableError(`invalid payload: ${prettifyError(payload.error)}`)
      return definition.handle(payload.data, context)
    },
    runFinalFailure: definition.onFinalFailure
      ? async (data, context) => {
          const payload = definition.payloadSchema.safeParse(data)
          if (payload.success) await definition.onFinalFailure?.(payload.data, context)
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
