import {
  isInsideSiteScope,
  isScanLimitReached,
  JOBS,
  SCAN_MESSAGES,
  scanLimitPeriodStart,
  toScanUsage,
} from '@canopy/contracts'
import {
  countPagesScannedSince,
  createScanUnlessActive,
  findScanWithSite,
  findSiteScanSettings,
  listSectionRules,
  markScanFailed,
  type PrismaClient,
  runInTransaction,
  type Site,
} from '@canopy/db'
import { UnrecoverableError } from 'bullmq'
import { fetchRobots, readSitemaps } from '../crawl/discover.js'
import { hashUrl, normalizeUrl } from '../crawl/normalize-url.js'
import { checkRoot, SiteUnreachableError } from '../crawl/root-check.js'
import { couldBeInSection, type SectionConditionRule } from '../crawl/section-rules.js'
import { admitUrls, type FrontierCandidate, startScan } from '../storage/frontier.js'
import { defineJob, type JobContext } from './define-job.js'
import { enqueueFinalizeIfReady, enqueueQueuedPages, enqueueScanSite } from './scan-enqueue.js'
import { reportScanProgress } from './scan-progress.js'
import { getScanRuntime } from './scan-runtime.js'
import { ScanSignInError, scanSessionFor } from './scan-session.js'

export async function loadSectionRules(
  prisma: PrismaClient,
  sectionId: string | null,
): Promise<SectionConditionRule[] | null> {
  if (!sectionId) return null
  return listSectionRules(prisma, sectionId)
}

type ScanWithSite = NonNullable<Awaited<ReturnType<typeof findScanWithSite>>> & { site: Site }
type Runtime = ReturnType<typeof getScanRuntime>

/** One page added by hand: that page alone, no robots/sitemap discovery (scan-page follows no links). */
function pageScanCandidates(scan: ScanWithSite): FrontierCandidate[] {
  const pageUrl = scan.individualUrl ? normalizeUrl(scan.individualUrl) : null
  if (!pageUrl) throw new UnrecoverableError(`page scan ${scan.id} has no page address`)
  return [{ url: pageUrl, urlHash: hashUrl(pageUrl), depth: 0, discoveredVia: 'manual' }]
}

/** The root must answer: no answer is retried (the site may be down a minute), a refused address is final. */
async function assertRootAnswers(
  runtime: Runtime,
  rootUrl: string,
  userAgent: string,
  logger: JobContext['logger'],
) {
  const rootCheck = await checkRoot(runtime.guard, rootUrl, {
    userAgent,
    timeoutMs: runtime.config.linkCheckTimeoutMs,
  }).catch((error: unknown) => {
    if (error instanceof SiteUnreachableError && error.blocked) throw new UnrecoverableError(error.message)
    throw error
  })
  logger.debug({ rootUrl, status: rootCheck.status }, 'site root answers')
}

/**
 * The sitemaps read as seeds: those the site's admins submitted (each fetched through the address guard like
 * any request, and only its pages inside the site's scope are kept), else robots.txt's, else /sitemap.xml.
 */
function sitemapStarts(site: Site, rootUrl: string, robotsSitemaps: string[]): string[] {
  if (site.sitemapUrls.length > 0) return site.sitemapUrls
  if (robotsSitemaps.length > 0) return robotsSitemaps
  return [new URL('/sitemap.xml', rootUrl).toString()]
}

/** The root and the sitemap's pages inside the root that robots.txt allows (and a section's rules may take). */
async function siteScanCandidates(
  prisma: PrismaClient,
  runtime: Runtime,
  scan: ScanWithSite,
  logger: JobContext['logger'],
): Promise<FrontierCandidate[]> {
  const site = scan.site
  const rootUrl = normalizeUrl(site.rootUri)
  if (!rootUrl) throw new UnrecoverableError(`site root ${site.rootUri} is not a web address`)
  // The site's own user agent, when its admins set one, for every request of discovery too.
  const userAgent = site.userAgent ?? runtime.config.userAgent
  await assertRootAnswers(runtime, rootUrl, userAgent, logger)
  const rules = await loadSectionRules(prisma, scan.sectionId)
  const robots = await fetchRobots(runtime.guard, rootUrl, userAgent)
  const sitemapPages = await readSitemaps(
    runtime.guard,
    sitemapStarts(site, rootUrl, robots.sitemaps),
    userAgent,
  )

  const candidates: FrontierCandidate[] = [
    { url: rootUrl, urlHash: hashUrl(rootUrl), depth: 0, discoveredVia: 'root' },
  ]
  for (const raw of sitemapPages) {
    const url = normalizeUrl(raw)
    if (!url || !isInsideSiteScope(rootUrl, url)) continue
    if (site.respectRobots && !robots.isAllowed(url)) continue
    if (rules && !couldBeInSection(rules, url)) continue
    candidates.push({ url, urlHash: hashUrl(url), depth: 1, discoveredVia: 'sitemap' })
  }
  return candidates
}

/** A site scanned behind a login must let the scan sign in before any page is loaded: if not, the scan fails. */
async function assertSignsIn(prisma: PrismaClient, runtime: Runtime, scan: ScanWithSite): Promise<void> {
  await scanSessionFor(prisma, runtime, scan).catch((error: unknown) => {
    if (error instanceof ScanSignInError) throw new UnrecoverableError(error.message)
    throw error
  })
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
export const scanSiteJob = defineJob(JOBS.scanSite, {
  onFinalFailure: async ({ scanId }, { prisma, logger, job, error }) => {
    // Discovery never got going: without it no page job exists, so nothing else would end the scan.
    const { ended } = await markScanFailed(prisma, scanId, error.message)
    if (ended) logger.warn({ scanId, reason: error.message }, 'scan failed in discovery')
    await reportScanProgress(job, prisma, { scanId, stage: 'done', percent: 100 })
  },
  handle: async ({ scanId }, { prisma, logger, job }) => {
    const runtime = getScanRuntime()
    const scan = await findScanWithSite(prisma, scanId)
    if (!scan?.site) throw new UnrecoverableError(`scan ${scanId} has no site`)
    if (scan.state === 'completed' || scan.state === 'failed') return { skipped: scan.state }
    await startScan(prisma, scanId, scan.lighthouseEnabled && runtime.lighthousePages)
    const withSite = { ...scan, site: scan.site }
    await assertSignsIn(prisma, runtime, withSite)
    const candidates =
      scan.kind === 'page'
        ? pageScanCandidates(withSite)
        : await siteScanCandidates(prisma, runtime, withSite, logger)
    const admitted = await runInTransaction(prisma, (tx) => admitUrls(tx, scanId, candidates))
    const enqueued = await enqueueQueuedPages(prisma, scanId)
    await enqueueFinalizeIfReady(prisma, scanId)
    await reportScanProgress(job, prisma, { scanId, stage: 'queued', percent: 0 })
    logger.info(
      { scanId, candidates: candidates.length, admitted: admitted.length, enqueued },
      'scan discovery done',
    )
    return { candidates: candidates.length, admitted: admitted.length, enqueued }
  },
})

/** Whether the site has used its scan limit (pages per calendar month) already. */
async function hasReachedScanLimit(prisma: PrismaClient, site: { id: string; scanLimit: number }) {
  const pages = await countPagesScannedSince(prisma, { siteId: site.id, since: scanLimitPeriodStart() })
  return isScanLimitReached(toScanUsage(pages, site.scanLimit))
}

/**
 * A scheduler tick: a new Scan row for the site, then discovery. A site that has used its scan limit this
 * month is not scanned: the tick records a scan that did not run, with why (stopReason scan_limit).
 */
export const scheduledSiteScanJob = defineJob(JOBS.scheduledSiteScan, {
  handle: async ({ siteId }, { prisma, logger, job }) => {
    const site = await findSiteScanSettings(prisma, siteId)
    if (!site) return { skipped: 'site gone' }
    const limitReached = await hasReachedScanLimit(prisma, site)
    // One scan at a time per site: a tick while one is queued or running adds none (and a retried tick finds
    // the scan its first attempt created).
    const { scan, created } = await createScanUnlessActive(
      prisma,
      {
        siteId,
        kind: 'site',
        trigger: 'schedule',
        requestedById: null,
        pageLimit: site.maximumPageLimitPerScan,
      },
      { kind: { in: ['site', 'section', 'page'] } },
      limitReached ? { error: SCAN_MESSAGES.scanLimitReached, stopReason: 'scan_limit' } : undefined,
    )
    // The scan-site job id names the scan: enqueueing again after a failed first attempt adds it once.
    if (scan.state === 'queued') await enqueueScanSite(scan.id)
    if (!created) return { skipped: 'a scan is already under way', scanId: scan.id }
    if (limitReached) {
      logger.info({ siteId, scanId: scan.id }, 'scheduled scan not run: the site has used its scan limit')
      await reportScanProgress(job, prisma, { scanId: scan.id, stage: 'done', percent: 100 })
      return { skipped: 'scan limit reached', scanId: scan.id }
    }
    return { scanId: scan.id, tick: job.id }
  },
})
