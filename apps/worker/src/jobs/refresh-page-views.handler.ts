import { enqueueJob, JOBS, type RefreshPageViewsPayload } from '@canopy/contracts'
import { listSitesWithAnalytics } from '@canopy/db'
import { findAnalyticsConnection, refreshPageViews, utcDay } from '@canopy/db/google-analytics'
import type { JobContext } from './define-job.js'
import { getScanRuntime } from './scan-runtime.js'

/**
 * With a site: its pages' views of the last 30 days, from the day's kept report or Google (a failure is
 * retried by the job's backoff). Without one (the daily tick): one such job per site whose web analytics is
 * on, so one site's failure never holds up another's.
 */
export async function refreshPageViewsJobHandler(
  payload: RefreshPageViewsPayload,
  { prisma, logger }: JobContext,
): Promise<{ sites: number; pagesChanged?: number }> {
  const runtime = getScanRuntime()
  const config = runtime.config.googleAnalytics
  if (!config) {
    logger.info('web analytics is not configured (GOOGLE_CLIENT_ID): no page views to refresh')
    return { sites: 0 }
  }
  if (!payload.siteId) {
    const siteIds = await listSitesWithAnalytics(prisma)
    const key = utcDay(new Date())
    for (const siteId of siteIds) await enqueueJob(runtime.queues, JOBS.refreshPageViews, { siteId, key })
    return { sites: siteIds.length }
  }
  const connection = await findAnalyticsConnection(prisma, runtime.secrets, payload.siteId)
  if (!connection) return { sites: 0 }
  const pagesChanged = await refreshPageViews(prisma, config, connection, utcDay(new Date()))
  logger.info({ siteId: payload.siteId, pagesChanged }, 'page views refreshed')
  return { sites: 1, pagesChanged }
}
