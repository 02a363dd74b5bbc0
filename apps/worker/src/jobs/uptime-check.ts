import { JOBS } from '@canopy/contracts'
import { defineJob } from './define-job.js'
import { checkSiteUptime } from './uptime-check.handler.js'

/** One site's uptime check, added by the uptime sweep for its slot. */
export const uptimeCheckJob = defineJob(JOBS.uptimeCheck, { handle: checkSiteUptime })
