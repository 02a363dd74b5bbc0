import { FinalizeScanPayloadSchema, SCAN_JOB_NAMES, SCAN_QUEUE_NAMES } from '@canopy/contracts'
import { checkLinks } from '../audits/links/index.js'
import { finalizeScanData, linksOfScan, storeLinkChecks } from '../storage/finalize.js'
import { isReadyToFinalize, readCounts } from '../storage/frontier.js'
import { defineJob } from './define-job.js'
import { enqueueQueuedPages } from './scan-enqueue.js'
import { getScanRuntime } from './scan-runtime.js'

/**
 * Runs when every page (and Lighthouse run) of a scan is done: link checks of every distinct URL once,
 * duplicates, orphans, sections, history; then the scan is completed and the site marked first-scanned.
 */
export const finalizeScanJob = defineJob({
  name: SCAN_JOB_NAMES.finalizeScan,
  queue: SCAN_QUEUE_NAMES.scans,
  payloadSchema: FinalizeScanPayloadSchema,
  options: { attempts: 8, backoff: { type: 'fixed', delay: 3_000 } },
  handle: async ({ scanId }, { prisma, logger }) => {
    const runtime = getScanRuntime()
    const counts = await readCounts(prisma, scanId)
    if (!counts || counts.state === 'completed') return { skipped: counts?.state ?? 'gone' }
    if (!isReadyToFinalize(counts)) {
      // Pages still outstanding (a job lost in a crash): recreate their jobs and try again later.
      await enqueueQueuedPages(prisma, scanId)
      throw new Error(`scan ${scanId} not finished yet: ${JSON.stringify(counts)}`)
    }
    const started = Date.now()
    const links = await linksOfScan(prisma, scanId)
    const checks = await checkLinks(
      links.map((link) => link.url),
      {
        guard: runtime.guard,
        userAgent: runtime.config.userAgent,
        timeoutMs: runtime.config.linkCheckTimeoutMs,
      },
    )
    await storeLinkChecks(
      prisma,
      scanId,
      links,
      new Map(
        [...checks].map(([url, check]) => [
          url,
          {
            status: check.status,
            error: check.error,
            isBroken: check.isBroken,
            isUnverified: check.isUnverified,
            redirectChain: check.redirectChain,
            finalUrl: check.finalUrl,
          },
        ]),
      ),
    )
    const summary = await finalizeScanData(prisma, scanId)
    const scan = await prisma.scan.update({
      where: { id: scanId },
      data: { state: 'completed', finishedAt: new Date(), pagesOrphaned: summary?.orphaned ?? 0 },
    })
    if (scan.siteId)
      await prisma.site.update({ where: { id: scan.siteId }, data: { firstScanCompleted: true } })
    logger.info({ scanId, links: links.length, ms: Date.now() - started, ...summary }, 'scan finalized')
    return { links: links.length, ...summary }
  },
})
