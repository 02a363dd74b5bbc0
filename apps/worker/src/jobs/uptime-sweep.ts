import { JOBS } from '@canopy/contracts'
import { tickMsOf } from '../uptime/index.js'
import { defineJob } from './define-job.js'
import { sweepUptime } from './uptime-sweep.handler.js'

export const uptimeSweepJob = defineJob(JOBS.uptimeSweep, {
  // Every tick (a minute, or the interval when shorter): each adds the checks whose slot falls in it
  // (UPTIME_CHECK_INTERVAL_SECONDS decides how long passes between two checks of one site).
  schedule: { every: (config) => tickMsOf(config.uptimeCheckIntervalSeconds * 1_000), payload: {} },
  handle: sweepUptime,
})
