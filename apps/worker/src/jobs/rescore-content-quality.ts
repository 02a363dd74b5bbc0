import { JOBS } from '@canopy/contracts'
import { defineJob } from './define-job.js'
import { rescoreContentQuality } from './rescore-content-quality.handler.js'

export const rescoreContentQualityJob = defineJob(JOBS.rescoreContentQuality, {
  handle: rescoreContentQuality,
})
