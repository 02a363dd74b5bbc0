import { JOBS } from '@canopy/contracts'
import { defineJob } from './define-job.js'
import { refreshPageViewsJobHandler } from './refresh-page-views.handler.js'

export const refreshPageViewsJob = defineJob(JOBS.refreshPageViews, {
  // Daily at 03:17 UTC, once the previous day's views are in the property and away from other cron work.
  schedule: { pattern: '17 3 * * *', payload: {} },
  handle: refreshPageViewsJobHandler,
})
