import { JOBS } from '@canopy/contracts'
import { checkSiteUrl } from './check-site-url.handler.js'
import { defineJob } from './define-job.js'

/** The check of a would-be site root the API asks for before adding a site; the answer is the job's result. */
export const checkSiteUrlJob = defineJob(JOBS.checkSiteUrl, { handle: checkSiteUrl })
