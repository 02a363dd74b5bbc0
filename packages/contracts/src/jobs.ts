import { z } from 'zod'

/**
 * Background jobs: the API enqueues them (BullMQ, under CANOPY_QUEUE_PREFIX) and apps/worker runs them.
 * Both sides read the queue, the job name and the payload schema from here, so a payload the worker
 * cannot parse is caught by the type checker in the API first.
 */
export const QUEUE_NAMES = {
  /** Housekeeping on the database: cheap, scheduled, never urgent. */
  maintenance: 'maintenance',
} as const
export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES]

export const JOB_NAMES = {
  purgeExpiredSessions: 'purge-expired-sessions',
} as const
export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES]

/** Removes sessions past their expiry and account tokens (verify e-mail, reset password) that were used or expired. */
export const PurgeExpiredSessionsPayloadSchema = z.object({}).strict()
export type PurgeExpiredSessionsPayload = z.infer<typeof PurgeExpiredSessionsPayloadSchema>

export const PurgeExpiredSessionsResultSchema = z.object({
  sessionsDeleted: z.number().int().nonnegative(),
  accountTokensDeleted: z.number().int().nonnegative(),
})
export type PurgeExpiredSessionsResult = z.infer<typeof PurgeExpiredSessionsResultSchema>
