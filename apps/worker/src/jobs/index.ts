import { checkSiteUrlJob } from './check-site-url.js'
import type { RegisteredJob } from './define-job.js'
import { finalizeScanJob } from './finalize-scan.js'
import { lighthousePageJob } from './lighthouse-page.js'
import { purgeExpiredSessionsJob } from './purge-expired-sessions.js'
import { refreshPageViewsJob } from './refresh-page-views.js'
import { rescoreContentQualityJob } from './rescore-content-quality.js'
import { scanPageJob } from './scan-page.js'
import { scanSiteJob, scheduledSiteScanJob } from './scan-site.js'
import { singlePageScanJob } from './single-page-scan.js'
import { sweepLostScansJob } from './sweep-lost-scans.js'
import { testScanLoginJob } from './test-scan-login.js'
import { uptimeCheckJob } from './uptime-check.js'
import { uptimeSweepJob } from './uptime-sweep.js'

/** Every job the worker runs. A new job is a definition file, a handler file and one line here. */
export const ALL_JOBS: RegisteredJob[] = [
  purgeExpiredSessionsJob,
  sweepLostScansJob,
  scheduledSiteScanJob,
  scanSiteJob,
  scanPageJob,
  finalizeScanJob,
  singlePageScanJob,
  lighthousePageJob,
  uptimeSweepJob,
  uptimeCheckJob,
  rescoreContentQualityJob,
  testScanLoginJob,
  checkSiteUrlJob,
  refreshPageViewsJob,
]
