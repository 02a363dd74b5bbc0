import {
  isInsideSiteScope,
  SCAN_JOB_NAMES,
  SCAN_QUEUE_NAMES,
  ScanSitePayloadSchema,
  ScheduledSiteScanPayloadSchema,
} from '@canopy/contracts'
import type { PrismaClient } from '@canopy/db'
import { UnrecoverableError } from 'bullmq'
import { fetchRobots, readSitemaps } from '../crawl/discover.js'
import { hashUrl, normalizeUrl } from '../crawl/normalize-url.js'
import { checkRoot, SiteUnreachableError } from '../crawl/root-check.js'
import { couldBeInSection, type SectionConditionRule } from '../crawl/section-rules.js'
import { admitUrls, type FrontierCandidate, failScan, startScan } from '../storage/frontier.js'
import { defineJob } from './define-job.js'
import { enqueueFinalizeIfReady, enqueueQueuedPages } from './scan-enqueue.js'
import { getScanRuntime } from './scan-runtime.js'

export async function loadSectionRules(
  prisma: PrismaClient,
  sectionId: string | null,
): Promise<SectionConditionRule[] | null> {
  if (!sectionId) return null
  const conditions = await prisma.sectionCondition.findMany({
    where: { sectionId },
    orderBy: { position: 'asc' },
  })
  return conditions.map((condition) => ({
    matchType: condition.matchType,
    source: condition.source,
    operator: condition.operator,
    name: condition.name,
    value: condition.value,
  }))
}

/**
 * Discovery of a site or section scan: robots.txt, the sitemap(s), the root page; every admitted URL
 * becomes a scan-page job. A page scan admits its one page. Safe to retry: the frontier admits each URL once and job ids are derived
 * from it.
 *
 * A root that gives no HTTP answer (refused, unknown host, timeout, bad certificate) fails the attempt, so
 * BullMQ retries with backoff (the site may be down for a minute); once every attempt has failed the scan
 * is `failed` with the reason (onFinalFailure). A root the address guard refuses fails at once.
 */
export const scanSiteJob = defineJob({
  name: SCAN_JOB_NAMES.scanSite,
  queue: SCAN_QUEUE_NAMES.scans,
  payloadSchema: ScanSitePayloadSchema,
  options: { attempts: 3, backoff: { type: 'exponential', delay: 10_000 } },
  onFinalFailure: async ({ scanId }, { prisma, logger, error }) => {
    // Discovery never got going: without it no page job exists, so nothing else would end the scan.
    const failed = await failScan(prisma, scanId, error.message)
    if (failed) logger.warn({ scanId, reason: error.message }, 'scan failed in discovery')
  },
  handle: async ({ scanId }, { prisma, logger }) => {
    const runtime = getScanRuntime()
    const scan = await prisma.scan.findUnique({ where: { id: scanId }, include: { site: true } })
    if (!scan?.site) throw new UnrecoverableError(`scan ${scanId} has no site`)
    if (scan.state === 'completed' || scan.state === 'failed') return { skipped: scan.state }
    const site = scan.site
    await startScan(prisma, scanId, scan.lighthouseEnabled && runtime.lighthousePages)
    if (scan.kind === 'page') {
      // One page added by hand: that page alone, no robots/sitemap discovery (scan-page follows no links).
      const pageUrl = scan.individualUrl ? normalizeUrl(scan.individualUrl) : null
      if (!pageUrl) throw new UnrecoverableError(`page scan ${scanId} has no page address`)
      await prisma.$transaction((tx) =>
        admitUrls(tx, scanId, [
          { url: pageUrl, urlHash: hashUrl(pageUrl), depth: 0, discoveredVia: 'manual' },
        ]),
      )
      const enqueued = await enqueueQueuedPages(prisma, scanId)
      await enqueueFinalizeIfReady(prisma, scanId)
      return { sitemapPages: 0, admitted: 1, enqueued }
    }
    const rootUrl = normalizeUrl(site.rootUri)
    if (!rootUrl) throw new UnrecoverableError(`site root ${site.rootUri} is not a web address`)
    const rootCheck = await checkRoot(runtime.guard, rootUrl, {
      userAgent: runtime.config.userAgent,
      timeoutMs: runtime.config.linkCheckTimeoutMs,
    }).catch((error: unknown) => {
      if (error instanceof SiteUnreachableError && error.blocked) throw new UnrecoverableError(error.message)
      throw error
    })
    logger.debug({ scanId, rootUrl, status: rootCheck.status }, 'site root answers')
    const rules = await loadSectionRules(prisma, scan.sectionId)
    const robots = await fetchRobots(runtime.guard, rootUrl, runtime.config.userAgent)
    const sitemapStarts = site.sitemapUrl
      ? [site.sitemapUrl]
      : robots.sitemaps.length
        ? robots.sitemaps
        : [new URL('/sitemap.xml', rootUrl).toString()]
    const sitemapPages = await readSitemaps(runtime.guard, sitemapStarts, runtime.config.userAgent)

    const candidates: FrontierCandidate[] = [
      { url: rootUrl, urlHash: hashUrl(rootUrl), depth: 0, discoveredVia: 'root' },
    ]
    for (const raw of sitemapPages) {
      const url = normalizeUrl(raw)
      if (!url || !isInsideSiteScope(rootUrl, url) || !robots.isAllowed(url)) continue
      if (rules && !couldBeInSection(rules, url)) continue
      candidates.push({ url, urlHash: hashUrl(url), depth: 1, discoveredVia: 'sitemap' })
    }
    const admitted = await prisma.$transaction((tx) => admitUrls(tx, scanId, candidates))
    const enqueued = await enqueueQueuedPages(prisma, scanId)
    await enqueueFinalizeIfReady(prisma, scanId)
    logger.info(
      { scanId, sitemapPages: sitemapPages.length, admitted: admitted.length, enqueued },
      'scan discovery done',
    )
    return { sitemapPages: sitemapPages.length, admitted: admitted.length }
  },
})

/** A scheduler tick: a new Scan row for the site, then discovery. */
export const scheduledSiteScanJob = defineJob({
  name: SCAN_JOB_NAMES.scheduledSiteScan,
  queue: SCAN_QUEUE_NAMES.scans,
  payloadSchema: ScheduledSiteScanPayloadSchema,
  options: { attempts: 3, backoff: { type: 'exponential', delay: 30_000 } },
  handle: async ({ siteId }, { prisma, job }) => {
    const site = await prisma.site.findUnique({ where: { id: siteId } })
    if (!site) return { skipped: 'site gone' }
    // One scheduled scan per tick, even when the tick's job is retried: the tick's job id names it.
    const active = await prisma.scan.findFirst({ where: { siteId, state: { in: ['queued', 'running'] } } })
    if (active) return { skipped: 'a scan is already running', scanId: active.id }
    const scan = await prisma.scan.create({
      data: { siteId, kind: 'site', trigger: 'schedule', pageLimit: site.maximumPageLimitPerScan },
    })
    await getScanRuntime()
      .queue(SCAN_QUEUE_NAMES.scans)
      .add(
        SCAN_JOB_NAMES.scanSite,
        { scanId: scan.id },
        { jobId: `scan-site-${scan.id}`, attempts: 3, backoff: { type: 'exponential', delay: 10_000 } },
      )
    return { scanId: scan.id, tick: job.id }
  },
})
