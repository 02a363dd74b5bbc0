import { JOB_NAMES, PurgeExpiredSessionsPayloadSchema, QUEUE_NAMES } from '@canopy/contracts'
import { defineJob } from './define-job.js'
import { purgeExpiredSessions } from './purge-expired-sessions.handler.js'

export const purgeExpiredSessionsJob = defineJob({
  name: JOB_NAMES.purgeExpiredSessions,
  queue: QUEUE_NAMES.maintenance,
  payloadSchema: PurgeExpiredSessionsPayloadSchema,
  options: { attempts: 3, backoff: { type: 'exponential', delay: 30_000 } },
  // Hourly at minute 7, away from the top of the hour when other cron work piles up.
  schedule: { pattern: '7 * * * *', payload: {} },
  handle: purgeExpiredSessions,
})
