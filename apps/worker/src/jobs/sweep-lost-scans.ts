import { JOBS } from '@canopy/contracts'
import { defineJob } from './define-job.js'
import { sweepLostScans } from './sweep-lost-scans.handler.js'

/** Every SCAN_SWEEP_INTERVAL_MS (a minute by default): scans without a live job are resumed or failed. */
export const sweepLostScansJob = defineJob(JOBS.sweepLostScans, {
  schedule: { every: (config) => config.sweepIntervalMs, payload: {} },
  handle: sweepLostScans,
})
