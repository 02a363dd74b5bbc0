import { JOBS } from '@canopy/contracts'
import {
  findEmptyScanFacts,
  findScanWithSite,
  listDocumentsOfScan,
  markScanCompleted,
  markScanFailed,
  type PrismaClient,
  updateDocumentAnalysis,
} from '@canopy/db'
import { analysePdf, measureDocumentSize } from '../audits/documents/index.js'
import { checkLinks } from '../audits/links/index.js'
import { createLimiter } from '../audits/links/limit-concurrency.js'
import { normalizeUrl } from '../crawl/normalize-url.js'
import { checkRoot, describeRootAnswer, SiteUnreachableError } from '../crawl/root-check.js'
import { finalizeScanData, linksOfScan, storeLinkChecks } from '../storage/finalize.js'
import { isReadyToFinalize, readCounts } from '../storage/frontier.js'
import { defineJob } from './define-job.js'
import { linkCheckOptions } from './link-check-options.js'
import { enqueueQueuedPages } from './scan-enqueue.js'
import { reportScanProgress } from './scan-progress.js'
import { getScanRuntime, type ScanRuntime } from './scan-runtime.js'
import { checkScanLinksWithWebRisk } from './web-risk-check.js'

type ScanWithSite = NonNullable<Awaited<ReturnType<typeof findScanWithSite>>>

const MAX_PDF_BYTES = 50 * 1024 * 1024

/** What a finalize attempt says while pages are outstanding; such a failure is retried, not the scan's end. */
const NOT_READY = 'not finished yet'

export function isFinalizeNotReady(failedReason: string): boolean {
  return failedReason.includes(NOT_READY)
}

/** The documents this scan's pages link to: PDFs fetched and read, the others measured (audits/documents). */
async function analyseScanDocuments(
  prisma: PrismaClient,
  runtime: ScanRuntime,
  scan: ScanWithSite,
  logger: { warn: (o: object, m: string) => void },
) {
  // Fetched as the scan's pages are: with the site's own user agent if it names one.
  const fetcher = { runtime, userAgent: scan.site?.userAgent || runtime.config.userAgent }
  const documents = await listDocumentsOfScan(prisma, scan.id, { measuredSince: scan.startedAt ?? undefined })
  // Documents usually sit on the site's own host: a few at a time, like the link checker per host.
  const limit = createLimiter(2)
  const outcomes = await Promise.all(
    documents.map((document) =>
      limit(async () => {
        try {
          if (document.kind === 'pdf') await analyseScanPdf(prisma, fetcher, document)
          else await measureScanDocument(prisma, fetcher, document)
          return true
        } catch (error) {
          // An unreadable or unreachable document stays listed, unanalysed; the link checker reports it if broken.
          logger.warn({ url: document.url, err: error }, 'document not analysed')
          await updateDocumentAnalysis(prisma, document.id)
          return false
        }
      }),
    ),
  )
  return outcomes.filter(Boolean).length
}

interface DocumentFetcher {
  runtime: ScanRuntime
  userAgent: string
}

async function analyseScanPdf(
  prisma: PrismaClient,
  { runtime, userAgent }: DocumentFetcher,
  document: { id: string; url: string },
) {
  const response = await runtime.guard.fetch(document.url, {
    headers: { 'user-agent': userAgent },
    signal: AbortSignal.timeout(runtime.config.linkCheckTimeoutMs * 2),
  })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  const bytes = new Uint8Array(await response.arrayBuffer())
  if (bytes.byteLength > MAX_PDF_BYTES) throw new Error('too large to analyse')
  const pdf = await analysePdf(bytes)
  await updateDocumentAnalysis(prisma, document.id, {
    title: pdf.title,
    author: pdf.author,
    language: pdf.language,
    pageCount: pdf.pageCount,
    size: pdf.size,
    documentCreatedAt: pdf.createdAt,
    documentModifiedAt: pdf.modifiedAt,
    isTagged: pdf.isTagged,
    isScanned: pdf.isScanned,
    accessibilityScore: pdf.accessibilityScore,
  })
}

/** Word, spreadsheets, PowerPoint, archives and media are not read: their size is what the inventory shows. */
async function measureScanDocument(
  prisma: PrismaClient,
  { runtime, userAgent }: DocumentFetcher,
  document: { id: string; url: string },
) {
  const size = await measureDocumentSize(document.url, {
    guard: runtime.guard,
    userAgent,
    timeoutMs: runtime.config.linkCheckTimeoutMs,
  })
  // Int column: a size past 2 GiB is stored as unknown rather than wrapped.
  const stored = size !== null && size <= 2_147_483_647 ? size : null
  await updateDocumentAnalysis(prisma, document.id, stored !== null ? { size: stored } : {})
}

/** Why a finished scan has no audited page, for the scan's `error`. */
async function explainEmptyScan(prisma: PrismaClient, runtime: ScanRuntime, scanId: string): Promise<string> {
  const { scan, firstFailure } = await findEmptyScanFacts(prisma, scanId)
  if (scan.kind === 'page') {
    return firstFailure
      ? `The page ${firstFailure.page.url} could not be loaded: ${firstFailure.error}`
      : `The page ${scan.individualUrl} is not a page that can be scanned (an error answer, a redirect or a file).`
  }
  if (firstFailure) {
    const count = scan.pagesFailed
    return `No page could be loaded (${count} ${count === 1 ? 'page' : 'pages'} failed); ${firstFailure.page.url}: ${firstFailure.error}`
  }
  if (scan.kind === 'section') {
    const section = scan.section ? `the section "${scan.section.title}"` : 'the section'
    return `No page of ${section} was found: no page the scan reached matches its rules.`
  }
  const rootUrl = normalizeUrl(scan.site?.rootUri ?? '') ?? scan.site?.rootUri ?? ''
  try {
    const answer = await checkRoot(runtime.guard, rootUrl, {
      userAgent: runtime.config.userAgent,
      timeoutMs: runtime.config.linkCheckTimeoutMs,
    })
    const why = describeRootAnswer(answer, rootUrl)
    if (why)
      return `No page could be scanned: the site's root ${rootUrl} is not a page (${why}), and the sitemap lists no other page of the site.`
  } catch (error) {
    if (error instanceof SiteUnreachableError) return error.message
    throw error
  }
  return `No page could be scanned: nothing under the site's root ${rootUrl} answered with a page.`
}

/**
 * Every distinct link and image URL of the scan's pages checked once, the outcome kept on its Link row; with
 * the site's web-risk integration on, the external ones are also searched in Web Risk's threat lists.
 */
async function checkScanLinks(
  prisma: PrismaClient,
  runtime: ScanRuntime,
  scan: ScanWithSite,
  logger: { warn: (o: object, m: string) => void },
): Promise<number> {
  const links = await linksOfScan(prisma, scan.id)
  const siteUrls = [scan.site?.rootUri, scan.individualUrl].filter((url): url is string => Boolean(url))
  const checks = await checkLinks(
    links.map((link) => link.url),
    linkCheckOptions(runtime, siteUrls, scan.site?.userAgent),
  )
  const outcomes = new Map(
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
  )
  await storeLinkChecks(prisma, scan.id, links, outcomes)
  if (scan.siteId) {
    const linkIds = links.map((link) => link.id)
    await checkScanLinksWithWebRisk(prisma, runtime, { siteId: scan.siteId, linkIds }, logger)
  }
  return links.length
}

/**
 * Not one page could be audited (the root answers with an error, redirects away, every page failed, or a
 * section's rules match nothing). A site owner expects to hear why, not a "completed" scan with no pages
 * whose empty history point would read as scores falling to nothing: the scan is failed with the reason,
 * and no links, history or sections are touched.
 */
async function failEmptyScan(prisma: PrismaClient, runtime: ScanRuntime, scanId: string) {
  const reason = await explainEmptyScan(prisma, runtime, scanId)
  await markScanFailed(prisma, scanId, reason)
  return reason
}

/**
 * Runs when every page (and Lighthouse run) of a scan is done: link checks of every distinct URL once,
 * documents, duplicates, orphans, sections, history and the issue roll-up; then the scan is completed and,
 * after a full scan, the site marked first-scanned.
 */
export const finalizeScanJob = defineJob(JOBS.finalizeScan, {
  handle: async ({ scanId }, { prisma, logger, job }) => {
    const runtime = getScanRuntime()
    const counts = await readCounts(prisma, scanId)
    if (!counts || counts.state === 'completed' || counts.state === 'failed')
      return { skipped: counts?.state ?? 'gone' }
    if (!isReadyToFinalize(counts)) {
      // Pages still outstanding (a job lost in a crash): recreate their jobs and try again later.
      await enqueueQueuedPages(prisma, scanId)
      throw new Error(`scan ${scanId} ${NOT_READY}: ${JSON.stringify(counts)}`)
    }
    const started = Date.now()
    if (counts.pagesScanned === 0) {
      const reason = await failEmptyScan(prisma, runtime, scanId)
      logger.warn({ scanId, reason }, 'scan found no page to audit')
      await reportScanProgress(job, prisma, { scanId, stage: 'done', percent: 100 })
      return { failed: reason }
    }
    // Read once, now that every page is done: its counts and site do not change while it is finalized.
    const scan = await findScanWithSite(prisma, scanId)
    if (!scan) return { skipped: 'gone' }
    const links = await checkScanLinks(prisma, runtime, scan, logger)
    const documentsAnalysed = await analyseScanDocuments(prisma, runtime, scan, logger)
    const summary = await finalizeScanData(prisma, scan)
    await markScanCompleted(prisma, scanId, { pagesOrphaned: summary?.orphaned ?? 0 })
    await reportScanProgress(job, prisma, { scanId, stage: 'done', percent: 100 })
    logger.info({ scanId, links, documentsAnalysed, ms: Date.now() - started, ...summary }, 'scan finalized')
    return { links, documentsAnalysed, ...summary }
  },
})
