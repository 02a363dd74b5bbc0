import type { LighthousePagePayload, ScanJobProgress } from '@canopy/contracts'
import { findPageSite, runInTransaction, updatePagePerformance } from '@canopy/db'
import { UnrecoverableError } from 'bullmq'
import { hashUrl } from '../crawl/normalize-url.js'
import { type LighthouseResult, type RunLighthouseOptions, runLighthouse } from '../lighthouse/index.js'
import { markLighthouseDone } from '../storage/frontier.js'
import { storeCategoryIssues } from '../storage/store-page.js'
import type { JobContext } from './define-job.js'
import { enqueueFinalizeIfReady } from './scan-enqueue.js'
import { reportScanProgress } from './scan-progress.js'

export interface LighthousePageResult {
  pageId: string
  performanceScore: number | null
  failed: number
  stored: number
  lighthouseVersion: string
}

function reportProgress(context: JobContext, progress: Omit<ScanJobProgress, 'scan'>): Promise<void> {
  return reportScanProgress(context.job, context.prisma, progress)
}

/**
 * Runs our tuned Lighthouse on one page of a scan and stores the performance category: one PageIssue per
 * listed audit (upserted by page, category and audit, so a retried job rewrites rather than duplicates),
 * audits no longer reported removed, and the page's score, metrics and failed count. Counting the page as
 * done on the scan is guarded by ScanUrl.lighthouseDone, so a retry never counts it twice.
 */
export async function runLighthousePage(
  payload: LighthousePagePayload,
  context: JobContext,
  /** a runner keeping a child ready (see lighthouse-page.ts); default one fresh child per run */
  run: (options: RunLighthouseOptions) => Promise<LighthouseResult> = runLighthouse,
): Promise<LighthousePageResult> {
  const { prisma, logger } = context
  const page = await findPageSite(prisma, payload.pageId)
  // The page was deleted (site removed) while the job waited: nothing to store, and a retry cannot help.
  if (!page) throw new UnrecoverableError(`page ${payload.pageId} no longer exists`)

  await reportProgress(context, { scanId: payload.scanId, stage: 'lighthouse', percent: 10 })
  const started = performance.now()
  const result = await run({ url: payload.url, formFactor: 'desktop', mode: 'tuned' })
  logger.info(
    { url: payload.url, ms: Math.round(performance.now() - started), score: result.performance.score },
    'lighthouse finished',
  )
  await reportProgress(context, { scanId: payload.scanId, stage: 'storing', percent: 90 })

  const category = result.performance
  await runInTransaction(prisma, async (tx) => {
    // Merged by page, category and audit: a retried job rewrites rather than duplicates, an audit this
    // Lighthouse no longer reports (renamed, removed) is settled like any audit the page stopped reporting.
    await storeCategoryIssues(
      tx,
      { siteId: page.siteId, pageId: page.id, scanId: payload.scanId },
      'performance',
      category,
    )
    await updatePagePerformance(tx, page.id, {
      performanceScore: category.score,
      performanceMetrics: result.metrics,
      failedCount: category.audits.failed.length,
    })
  })
  await countLighthouseDone(context, payload)
  await reportProgress(context, { scanId: payload.scanId, stage: 'done', percent: 100 })
  return {
    pageId: page.id,
    performanceScore: category.score,
    failed: category.audits.failed.length,
    stored: Object.values(category.audits).reduce((sum, audits) => sum + audits.length, 0),
    lighthouseVersion: result.lighthouseVersion,
  }
}

/**
 * Marks the page's Lighthouse as done on its scan, once (only the update that flips the flag counts), then
 * finalizes the scan if this was the last thing it waited for. Also called when every attempt failed, so a
 * page Lighthouse cannot measure never holds its scan open.
 */
export async function countLighthouseDone(
  { prisma }: Pick<JobContext, 'prisma'>,
  payload: LighthousePagePayload,
): Promise<void> {
  await markLighthouseDone(prisma, payload.scanId, hashUrl(payload.url))
  await enqueueFinalizeIfReady(prisma, payload.scanId)
}
