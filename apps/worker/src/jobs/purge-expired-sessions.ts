import { JOBS } from '@canopy/contracts'
import { defineJob } from './define-job.js'
import { purgeExpiredSessions } from './purge-expired-sessions.handler.js'

export const purgeExpiredSessionsJob = defineJob(JOBS.purgeExpiredSessions, {
  // Hourly at minute 7, away from the top of the hour when other cron work piles up.
  schedule: { pattern: '7 * * * *', payload: {} },
  handle: purgeExpiredSessions,
})
