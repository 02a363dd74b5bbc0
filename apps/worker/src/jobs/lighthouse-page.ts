import { JOBS } from '@canopy/contracts'
import { sharedLighthouseRunner } from '../lighthouse/index.js'
import { defineJob } from './define-job.js'
import { countLighthouseDone, runLighthousePage } from './lighthouse-page.handler.js'
import { getScanRuntime } from './scan-runtime.js'

/**
 * Lighthouse on one page of a scan, on its own queue so its CPU-heavy runs (one child process and one
 * Chromium each) are limited by LIGHTHOUSE_CONCURRENCY, not by the page pipeline's concurrency.
 */
export const lighthousePageJob = defineJob(JOBS.lighthousePage, {
  handle: (payload, context) =>
    runLighthousePage(payload, context, (options) =>
      sharedLighthouseRunner(getScanRuntime().config).run(options),
    ),
  // Performance stays unmeasured for that page; the rest of the scan still finishes.
  onFinalFailure: (payload, context) => countLighthouseDone(context, payload),
})
