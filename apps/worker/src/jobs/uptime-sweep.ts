import { JOBS } from '@canopy/contracts'
import { defineJob } from './define-job.js'
import { sweepUptime } from './uptime-sweep.handler.js'

export const uptimeSweepJob = defineJob(JOBS.uptimeSweep, {
  // Every minute: each tick adds the checks whose slot falls in its minute (UPTIME_CHECK_INTERVAL_MINUTES
  // decides how many minutes pass between two checks of one site).
  schedule: { pattern: '* * * * *', payload: {} },
  handle: sweepUptime,
})
