import { LighthousePagePayloadSchema, SCAN_JOB_NAMES, SCAN_QUEUE_NAMES } from '@canopy/contracts'
import { sharedLighthouseRunner } from '../lighthouse/index.js'
import { defineJob } from './define-job.js'
import { countLighthouseDone, runLighthousePage } from './lighthouse-page.handler.js'

/**
 * Lighthouse on one page of a scan, on its own queue so its CPU-heavy runs (one child process and one
 * Chromium each) are limited by LIGHTHOUSE_CONCURRENCY, not by the page pipeline's concurrency.
 */
export const lighthousePageJob = defineJob({
  name: SCAN_JOB_NAMES.lighthousePage,
  queue: SCAN_QUEUE_NAMES.lighthouse,
  payloadSchema: LighthousePagePayloadSchema,
  // A crash or a hang of one run is often a one-off (memory pressure): retry twice, spaced out.
  options: { attempts: 3, backoff: { type: 'exponential', delay: 15_000 } },
  handle: (payload, context) =>
    runLighthousePage(payload, context, (options) => sharedLighthouseRunner().run(options)),
  // Performance stays unmeasured for that page; the rest of the scan still finishes.
  onFinalFailure: (payload, context) => countLighthouseDone(context, payload),
})
