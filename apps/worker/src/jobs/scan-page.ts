import { rm } from 'node:fs/promises'
import { JOBS } from '@canopy/contracts'
import {
  countScanUrlsInState,
  findScanUrl,
  findScanWithSite,
  pageArtifactsDir,
  runInTransaction,
} from '@canopy/db'
import { UnrecoverableError } from 'bullmq'
import { waitForCrawlSlot } from '../crawl/crawl-delay.js'
import { fetchRobots } from '../crawl/discover.js'
import { hashUrl, isWithinRoot, normalizeUrl } from '../crawl/normalize-url.js'
import type { RobotsRules } from '../crawl/robots.js'
import { couldBeInSection, isInSection } from '../crawl/section-rules.js'
import { auditPage, NotAPageError } from '../pipeline/audit-page.js'
import { classifyByExtension, createContentAnalysers } from '../pipeline/content-analysers.js'
import { admitUrls, type FrontierCandidate, finishUrl, skipUrl, startScan } from '../storage/frontier.js'
import { storePageAudit, storePageFailure } from '../storage/store-page.js'
import { defineJob } from './define-job.js'
import { enqueueFinalizeIfReady, enqueueLighthousePage, enqueueQueuedPages } from './scan-enqueue.js'
import { reportScanProgress } from './scan-progress.js'
import { getScanRuntime } from './scan-runtime.js'
import { loadSectionRules } from './scan-site.js'

/** robots.txt per origin, kept a few minutes per process: every page of a scan needs it. */
const robotsCache = new Map<string, { rules: RobotsRules; at: number }>()
async function robotsFor(url: string): Promise<RobotsRules> {
  const origin = new URL(url).origin
  const cached = robotsCache.get(origin)
  if (cached && Date.now() - cached.at < 5 * 60_000) return cached.rules
  const runtime = getScanRuntime()
  const rules = await fetchRobots(runtime.guard, origin, runtime.config.userAgent)
  robotsCache.set(origin, { rules, at: Date.now() })
  return rules
}

/**
 * One page of a scan: load and audit it once, store everything in one transaction that also marks the
 * frontier URL done and admits the new links it found, then enqueue their jobs. A page that fails to load
 * or audit is stored as failed and the scan goes on; only storage errors make BullMQ retry.
 */
export const scanPageJob = defineJob(JOBS.scanPage, {
  onFinalFailure: async ({ scanId, url: rawUrl }, { prisma, error }) => {
    // Every attempt failed (or the job stalled too often, e.g. the page kills the process): the page is
    // recorded as failed so the scan can still finish.
    const url = normalizeUrl(rawUrl)
    const scan = await findScanWithSite(prisma, scanId)
    if (!url || !scan?.site) return
    const urlHash = hashUrl(url)
    const entry = await findScanUrl(prisma, scanId, urlHash)
    if (entry?.state !== 'queued') return
    const rootUrl = normalizeUrl(scan.site.rootUri) ?? scan.site.rootUri
    await runInTransaction(prisma, async (tx) => {
      await storePageFailure(
        tx,
        {
          scanId,
          siteId: scan.site?.id ?? '',
          url,
          depth: entry.depth,
          discoveredVia: entry.discoveredVia,
          rootUrl,
        },
        { error: error.message, httpStatus: null },
      )
      await finishUrl(tx, scanId, urlHash, 'failed', false)
    })
    await enqueueFinalizeIfReady(prisma, scanId)
  },
  handle: async ({ scanId, url: rawUrl, depth }, { prisma, logger, job }) => {
    const runtime = getScanRuntime()
    const scan = await findScanWithSite(prisma, scanId)
    if (!scan?.site) throw new UnrecoverableError(`scan ${scanId} has no site`)
    if (scan.state === 'completed' || scan.state === 'failed') return { skipped: scan.state }
    const url = normalizeUrl(rawUrl)
    if (!url) throw new UnrecoverableError(`not a web address: ${rawUrl}`)
    const urlHash = hashUrl(url)
    const site = scan.site
    const rootUrl = normalizeUrl(site.rootUri) ?? site.rootUri

    if (scan.state === 'queued') {
      // A page scan (one page added by hand) has no discovery job: its page starts it.
      await startScan(prisma, scanId, scan.lighthouseEnabled && runtime.lighthousePages)
    }
    let entry = await findScanUrl(prisma, scanId, urlHash)
    if (!entry) {
      await runInTransaction(prisma, (tx) =>
        admitUrls(tx, scanId, [
          {
            url,
            urlHash,
            depth,
            discoveredVia: scan.kind === 'site' || scan.kind === 'section' ? 'link' : 'manual',
          },
        ]),
      )
      entry = await findScanUrl(prisma, scanId, urlHash)
      if (!entry) return { skipped: 'page limit reached' }
    }
    if (entry.state !== 'queued') {
      // Done by an earlier attempt that died before enqueueing what it found: recreate lost jobs only.
      await enqueueQueuedPages(prisma, scanId)
      await enqueueFinalizeIfReady(prisma, scanId)
      return { skipped: 'already scanned' }
    }

    const context = {
      scanId,
      siteId: site.id,
      url,
      depth: entry.depth,
      discoveredVia: entry.discoveredVia,
      rootUrl,
    }
    const currentDepth = entry.depth
    // An error answer, a redirect or a file is a link, not a page: the link checker reports it. A redirect
    // within the site admits where it ends (once, like any URL).
    const skipNonPage = async (error: NotAPageError) => {
      const target = error.redirectedTo
      const candidates: FrontierCandidate[] =
        target &&
        (scan.kind === 'site' || scan.kind === 'section') &&
        isWithinRoot(target, rootUrl) &&
        robots.isAllowed(target) &&
        !classifyByExtension(target)
          ? [{ url: target, urlHash: hashUrl(target), depth: currentDepth, discoveredVia: 'link' }]
          : []
      await runInTransaction(prisma, async (tx) => {
        await skipUrl(tx, scanId, urlHash)
        await admitUrls(tx, scanId, candidates)
      })
      await enqueueQueuedPages(
        prisma,
        scanId,
        candidates.map((candidate) => candidate.urlHash),
      )
      await enqueueFinalizeIfReady(prisma, scanId)
      return { skipped: error.message }
    }
    const robots = await robotsFor(url)
    await waitForCrawlSlot(runtime.redis, runtime.config.queuePrefix, new URL(url).host, robots.crawlDelayMs)
    await reportScanProgress(job, prisma, { scanId, stage: 'loading', percent: 10 })

    let audit: Awaited<ReturnType<typeof auditPage>> | null = null
    let failure: string | null = null
    try {
      await runtime.guard.assertAllowed(url)
      audit = await auditPage(runtime.browser, url, {
        rejectNonPages: true,
        analysers: createContentAnalysers({ prisma, siteId: site.id }),
        artifactsRoot: runtime.artifactsRoot,
        artifactsDir: pageArtifactsDir(runtime.artifactsRoot, scanId, urlHash),
        navigationTimeoutMs: runtime.config.pageTimeoutMs,
        assertAllowed: async (requestUrl) => {
          if (/^(data|blob|about):/.test(requestUrl)) return
          await runtime.guard.assertAllowed(requestUrl)
        },
      })
    } catch (error) {
      if (error instanceof NotAPageError) return skipNonPage(error)
      failure = error instanceof Error ? error.message : String(error)
      logger.warn({ url, err: error }, 'page failed')
    }
    await reportScanProgress(job, prisma, { scanId, stage: 'storing', percent: 80 })

    const followLinks = scan.kind === 'site' || scan.kind === 'section'
    const rules = followLinks ? await loadSectionRules(prisma, scan.sectionId) : null
    const candidates: FrontierCandidate[] = []
    if (audit && followLinks) {
      for (const link of audit.links) {
        if (link.kind !== 'anchor' || classifyByExtension(link.url) || !normalizeUrl(link.url)) continue
        if (!isWithinRoot(link.url, rootUrl) || !robots.isAllowed(link.url)) continue
        if (rules && !couldBeInSection(rules, link.url)) continue
        candidates.push({
          url: link.url,
          urlHash: hashUrl(link.url),
          depth: entry.depth + 1,
          discoveredVia: 'link',
        })
      }
    }
    // A section scan loads pages outside the section only to reach the section's pages (the root, or any page
    // when a rule needs the loaded page, e.g. its author): their links are followed, nothing of them is stored.
    const isMember =
      !rules ||
      (audit
        ? isInSection(rules, { url, author: audit.author, metaTags: audit.metaTags })
        : couldBeInSection(rules, url))
    if (!isMember) {
      // Bounded like the pages themselves: at most the page limit of such loads lends its links to the crawl.
      const crawledOutside = await countScanUrlsInState(prisma, scanId, 'skipped')
      const followed = crawledOutside < scan.pageLimit ? candidates : []
      await runInTransaction(prisma, async (tx) => {
        await skipUrl(tx, scanId, urlHash)
        await admitUrls(tx, scanId, followed)
      })
      await rm(pageArtifactsDir(runtime.artifactsRoot, scanId, urlHash), { recursive: true, force: true })
      await enqueueQueuedPages(
        prisma,
        scanId,
        followed.map((candidate) => candidate.urlHash),
      )
      await enqueueFinalizeIfReady(prisma, scanId)
      return { skipped: 'outside the section', links: followed.length }
    }
    const lighthouse = !!audit && scan.lighthouseEnabled && runtime.lighthousePages
    const pageId = await runInTransaction(
      prisma,
      async (tx) => {
        const id = audit
          ? await storePageAudit(tx, context, audit)
          : await storePageFailure(tx, context, { error: failure ?? 'unknown error', httpStatus: null })
        await admitUrls(tx, scanId, candidates)
        await finishUrl(tx, scanId, urlHash, audit ? 'scanned' : 'failed', lighthouse)
        return id
      },
      { timeoutMs: 30_000 },
    )
    if (lighthouse) {
      await enqueueLighthousePage({ scanId, pageId, url })
    }
    await enqueueQueuedPages(
      prisma,
      scanId,
      candidates.map((candidate) => candidate.urlHash),
    )
    await enqueueFinalizeIfReady(prisma, scanId)
    await reportScanProgress(job, prisma, { scanId, stage: 'done', percent: 100 })
    return { pageId, status: audit ? 'succeeded' : 'failed', links: candidates.length }
  },
})
