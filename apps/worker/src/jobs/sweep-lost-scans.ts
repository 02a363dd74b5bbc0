import { JOBS } from '@canopy/contracts'
import { defineJob } from './define-job.js'
import { sweepLostScans } from './sweep-lost-scans.handler.js'

/**
 * Every SCAN_SWEEP_INTERVAL_MS (a minute by default): scans without a live job are resumed or failed. 0 turns
 * it off, for tests that run workers of several queue prefixes against one database (each would take the
 * others' scans for lost).
 */
export const sweepLostScansJob = defineJob(JOBS.sweepLostScans, {
  schedule: { every: (config) => config.sweepIntervalMs || null, payload: {} },
  handle: sweepLostScans,
})
