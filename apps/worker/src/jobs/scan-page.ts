import { rm } from 'node:fs/promises'
import { isInsideSiteScope, JOBS } from '@canopy/contracts'
import {
  countScanUrlsInState,
  findScanUrl,
  findScanWithSite,
  markScanFailed,
  type PrismaClient,
  pageArtifactsDir,
  recordRedirect,
  runInTransaction,
  type Scan,
  type ScanUrl,
  type Site,
} from '@canopy/db'
import { type Job, UnrecoverableError } from 'bullmq'
import type { Logger } from 'pino'
import { waitForCrawlSlot } from '../crawl/crawl-delay.js'
import { fetchRobots } from '../crawl/discover.js'
import { hashUrl, normalizeUrl } from '../crawl/normalize-url.js'
import type { RobotsRules } from '../crawl/robots.js'
import { couldBeInSection, isInSection, type SectionConditionRule } from '../crawl/section-rules.js'
import { isConnectionError } from '../outage/connection-errors.js'
import { accessibilityOptionsOf } from '../pipeline/accessibility.js'
import { auditPage, NotAPageError, type PageAudit } from '../pipeline/audit-page.js'
import { classifyByExtension, createContentAnalysers } from '../pipeline/content-analysers.js'
import { admitUrls, type FrontierCandidate, finishUrl, skipUrl, startScan } from '../storage/frontier.js'
import { type StoredPageContext, storePageAudit, storePageFailure } from '../storage/store-page.js'
import { defineJob } from './define-job.js'
import { enqueueFinalizeIfReady, enqueueLighthousePage, enqueueQueuedPages } from './scan-enqueue.js'
import { failQueuedPage } from './scan-page-failure.js'
import { reportScanProgress } from './scan-progress.js'
import { getScanRuntime, type ScanRuntime } from './scan-runtime.js'
import {
  isLoginPage,
  ScanCookiesRefusedError,
  type ScanSession,
  ScanSignInError,
  SESSION_RENEWALS_PER_WINDOW,
  scanSessionFor,
  sessionAfterLoginLanding,
} from './scan-session.js'
import { loadSectionRules } from './scan-site.js'

/** robots.txt per origin, kept a few minutes per process: every page of a scan needs it. */
const robotsCache = new Map<string, { rules: RobotsRules; at: number }>()
async function robotsFor(url: string, userAgent: string): Promise<RobotsRules> {
  const origin = new URL(url).origin
  // robots.txt groups are per bot: a site scanned under its own user agent reads the group naming it.
  const key = `${origin} ${userAgent}`
  const cached = robotsCache.get(key)
  if (cached && Date.now() - cached.at < 5 * 60_000) return cached.rules
  const runtime = getScanRuntime()
  const rules = await fetchRobots(runtime.guard, origin, userAgent)
  robotsCache.set(key, { rules, at: Date.now() })
  return rules
}

/**
 * A site whose admins turned robots.txt respect off is crawled whatever its disallow rules say; its
 * crawl-delay is still kept, so the site is never loaded faster than it asks.
 */
function applyRobotsSetting(rules: RobotsRules, respectRobots: boolean): RobotsRules {
  return respectRobots ? rules : { ...rules, isAllowed: () => true }
}

/** Everything one scan-page job works with once its frontier entry is known. */
interface PageJob {
  prisma: PrismaClient
  runtime: ScanRuntime
  logger: Logger
  job: Job
  scan: Scan & { site: Site }
  url: string
  urlHash: string
  rootUrl: string
  entry: ScanUrl
  robots: RobotsRules
  /** the section's rules in a section scan, else null */
  rules: SectionConditionRule[] | null
  /** the signed-in session of a site scanned behind a login, else null; the renewed one once renewed */
  session: ScanSession | null
}

const followsLinks = (scan: Scan) => scan.kind === 'site' || scan.kind === 'section'

/**
 * One page of a scan: load and audit it once, store everything in one transaction that also marks the
 * frontier URL done and admits the new links it found, then enqueue their jobs. A page that fails to load
 * or audit is stored as failed and the scan goes on; only storage errors make BullMQ retry.
 *
 * An address that leads elsewhere inside the site (HTTP redirect, meta refresh, a script moving the page)
 * is recorded as a redirect, not a page, and the page it lands on is audited once: by this job when no
 * other job has it yet, else by its own.
 */
export const scanPageJob = defineJob(JOBS.scanPage, {
  onFinalFailure: async ({ scanId, url }, { prisma, error }) => {
    // Every attempt failed (or the job stalled too often, e.g. the page kills the process): the page is
    // recorded as failed so the scan can still finish.
    await failQueuedPage(prisma, scanId, url, error.message)
  },
  handle: async ({ scanId, url: rawUrl, depth }, { prisma, logger, job }) => {
    const runtime = getScanRuntime()
    const scan = await findScanWithSite(prisma, scanId)
    if (!scan?.site) throw new UnrecoverableError(`scan ${scanId} has no site`)
    if (scan.state === 'completed' || scan.state === 'failed') return { skipped: scan.state }
    const url = normalizeUrl(rawUrl)
    if (!url) throw new UnrecoverableError(`not a web address: ${rawUrl}`)
    const urlHash = hashUrl(url)
    if (scan.state === 'queued') {
      // A page scan (one page added by hand) has no discovery job: its page starts it.
      await startScan(prisma, scanId, scan.lighthouseEnabled && runtime.lighthousePages)
    }
    const entry = await findOrAdmitEntry(prisma, scan, url, urlHash, depth)
    if (!entry) return { skipped: 'page limit reached' }
    if (entry.state !== 'queued') {
      // Done by an earlier attempt that died before enqueueing what it found: recreate lost jobs only.
      await enqueueQueuedPages(prisma, scanId)
      await enqueueFinalizeIfReady(prisma, scanId)
      return { skipped: 'already scanned' }
    }
    const session = await sessionOrFail(prisma, runtime, scan)
    if (session === false) {
      await reportScanProgress(job, prisma, { scanId, stage: 'done', percent: 100 })
      return { skipped: 'could not sign in' }
    }
    const pageJob: PageJob = {
      session,
      prisma,
      runtime,
      logger,
      job,
      scan: { ...scan, site: scan.site },
      url,
      urlHash,
      rootUrl: normalizeUrl(scan.site.rootUri) ?? scan.site.rootUri,
      entry,
      robots: applyRobotsSetting(
        await robotsFor(url, scan.site.userAgent ?? runtime.config.userAgent),
        scan.site.respectRobots,
      ),
      rules: followsLinks(scan) ? await loadSectionRules(prisma, scan.sectionId) : null,
    }
    return scanOnePage(pageJob).catch(async (error: unknown) => {
      // Signing in again failed, or the site ended the session too often: the scan fails as at its first sign-in.
      if (!(error instanceof ScanSignInError)) throw error
      await markScanFailed(prisma, scanId, error.message)
      await reportScanProgress(job, prisma, { scanId, stage: 'done', percent: 100 })
      return { skipped: 'could not sign in' }
    })
  },
})

/**
 * The scan's signed-in session (null: the site needs none). A scan that cannot sign in fails with the reason
 * (false), as its discovery would have: its pages would only show the login page.
 */
async function sessionOrFail(
  prisma: PrismaClient,
  runtime: ScanRuntime,
  scan: Scan & { site: Site | null },
): Promise<ScanSession | null | false> {
  if (!scan.site) return null
  try {
    return await scanSessionFor(prisma, runtime, { id: scan.id, site: scan.site })
  } catch (error) {
    if (!(error instanceof ScanSignInError)) throw error
    await markScanFailed(prisma, scan.id, error.message)
    return false
  }
}

/** The page's frontier entry; a page enqueued by hand (or a lost entry) is admitted first, within the limit. */
async function findOrAdmitEntry(
  prisma: PrismaClient,
  scan: Scan,
  url: string,
  urlHash: string,
  depth: number,
): Promise<ScanUrl | null> {
  const entry = await findScanUrl(prisma, scan.id, urlHash)
  if (entry) return entry
  const discoveredVia = followsLinks(scan) ? 'link' : 'manual'
  await runInTransaction(prisma, (tx) => admitUrls(tx, scan.id, [{ url, urlHash, depth, discoveredVia }]))
  return findScanUrl(prisma, scan.id, urlHash)
}

async function scanOnePage(pageJob: PageJob) {
  const { runtime, url, robots, job, scan } = pageJob
  await waitForCrawlSlot(runtime.redis, runtime.config.queuePrefix, new URL(url).host, robots.crawlDelayMs)
  await reportScanProgress(job, pageJob.prisma, { scanId: scan.id, stage: 'loading', percent: 10 })
  const loaded = await loadPage(pageJob)
  if (loaded.notAPage) return skipNonPage(pageJob, loaded.notAPage)
  await reportScanProgress(job, pageJob.prisma, { scanId: scan.id, stage: 'storing', percent: 80 })
  const { audit, failure } = loaded
  // A page that moved itself is stored under the address it landed on.
  const pageUrl = audit?.finalUrl ?? url
  const candidates = audit ? linkCandidates(pageJob, audit) : []
  // A section scan loads pages outside the section only to reach the section's pages (the root, or any page
  // when a rule needs the loaded page, e.g. its author): their links are followed, nothing of them is stored.
  const isMember =
    !pageJob.rules ||
    (audit
      ? isInSection(pageJob.rules, { url: pageUrl, author: audit.author, metaTags: audit.metaTags })
      : couldBeInSection(pageJob.rules, url))
  if (!isMember) return skipOutsideSection(pageJob, candidates)
  const stored = audit
    ? await storeAudit(pageJob, audit, candidates)
    : await storeFailure(pageJob, failure ?? 'unknown error')
  await enqueueQueuedPages(
    pageJob.prisma,
    scan.id,
    candidates.map((candidate) => candidate.urlHash),
  )
  await enqueueFinalizeIfReady(pageJob.prisma, scan.id)
  await reportScanProgress(job, pageJob.prisma, { scanId: scan.id, stage: 'done', percent: 100 })
  return stored
}

/** A sign-out address (log out, sign off): loading it would end the session the rest of the scan uses. */
const SIGN_OUT_PATH = /(^|[/_.-])(log-?out|log-?off|sign-?out|sign-?off)([/_.?-]|$)/i

function isSignOutAddress(url: string): boolean {
  return SIGN_OUT_PATH.test(new URL(url).pathname)
}

/**
 * An address the crawl may load as a page of this scan: in the site, allowed, not a file, maybe in the
 * section, and, in a signed-in scan, not a sign-out address.
 */
function isFollowable(pageJob: PageJob, target: string): boolean {
  return (
    isInsideSiteScope(pageJob.rootUrl, target) &&
    !(pageJob.session && isSignOutAddress(target)) &&
    pageJob.robots.isAllowed(target) &&
    !classifyByExtension(target) &&
    (!pageJob.rules || couldBeInSection(pageJob.rules, target))
  )
}

type LoadOutcome =
  | { audit: PageAudit; failure?: undefined; notAPage?: undefined }
  | { audit?: undefined; failure: string; notAPage?: undefined }
  | { audit?: undefined; failure?: undefined; notAPage: NotAPageError }

/**
 * The audited load. Where the page lands elsewhere, it is audited there only if that address is one this
 * scan may load and no job of the scan has it yet; otherwise the address is not a page (NotAPageError).
 *
 * In a signed-in scan, a page (not the login page itself) that lands on the login page may mean the site
 * ended the scan's session: the session is renewed (or found still holding) and the page loaded again with
 * the new cookies, at most once per renewal and a few times in all. A page that still lands there while the
 * session holds sends members to sign in: not a page, as before.
 */
async function loadPage(pageJob: PageJob): Promise<LoadOutcome> {
  let outcome = await auditOnce(pageJob)
  for (let renewals = 0; sentToSignIn(pageJob, outcome); renewals++) {
    const renewed = renewals <= SESSION_RENEWALS_PER_WINDOW ? await renewedSession(pageJob) : null
    if (renewed && 'failure' in renewed) return renewed
    if (!renewed) {
      pageJob.logger.info(
        { url: pageJob.url, loginUrl: pageJob.session?.loginUrl },
        'the page sends a signed-in visitor to the login page: not a page',
      )
      return outcome
    }
    pageJob.session = renewed
    const { runtime, url, robots } = pageJob
    await waitForCrawlSlot(runtime.redis, runtime.config.queuePrefix, new URL(url).host, robots.crawlDelayMs)
    outcome = await auditOnce(pageJob)
  }
  return outcome
}

/** The page, not the login page itself, landed on the scan session's login page. */
function sentToSignIn(pageJob: PageJob, outcome: LoadOutcome): boolean {
  const landed = outcome.notAPage?.redirectedTo
  return !!landed && isLoginPage(pageJob.session, landed) && !isLoginPage(pageJob.session, pageJob.url)
}

/**
 * The session to load the page with again after it was sent to sign in; null when the session still holds;
 * a page failure when the site refused the scan's cookie set (nothing to sign in again with).
 */
async function renewedSession(pageJob: PageJob): Promise<ScanSession | { failure: string } | null> {
  const { prisma, runtime, scan, session } = pageJob
  if (!session) return null
  try {
    const renewed = await sessionAfterLoginLanding(prisma, runtime, scan, session)
    if (renewed) pageJob.logger.info({ url: pageJob.url, generation: renewed.generation }, 'signed in again')
    return renewed
  } catch (error) {
    if (!(error instanceof ScanCookiesRefusedError)) throw error
    pageJob.logger.warn({ url: pageJob.url }, error.message)
    return { failure: error.message }
  }
}

async function auditOnce(pageJob: PageJob): Promise<LoadOutcome> {
  const { runtime, prisma, scan, url, urlHash } = pageJob
  try {
    await runtime.guard.assertAllowed(url)
    const audit = await auditPage(runtime.browser, url, {
      rejectNonPages: true,
      // A page that sends the visitor to sign in is a redirect to the login page, not the login page audited.
      acceptLanding: async (landed) =>
        !isLoginPage(pageJob.session, landed) &&
        isFollowable(pageJob, landed) &&
        !(await findScanUrl(prisma, scan.id, hashUrl(landed))),
      analysers: createContentAnalysers({ prisma, siteId: scan.site.id }),
      artifactsRoot: runtime.artifactsRoot,
      artifactsDir: pageArtifactsDir(runtime.artifactsRoot, scan.id, urlHash),
      navigationTimeoutMs: runtime.config.pageTimeoutMs,
      deadlineMs: runtime.config.pageDeadlineMs,
      guard: runtime.guard,
      ...(pageJob.session ? { cookies: pageJob.session.cookies } : {}),
      userAgent: scan.site.userAgent ?? undefined,
      accessibility: accessibilityOptionsOf(scan.site),
      onCheckError: (check, error) =>
        pageJob.logger.warn({ url, check, err: error }, 'accessibility check left out'),
    })
    return { audit }
  } catch (error) {
    if (error instanceof NotAPageError) return { notAPage: error }
    // PostgreSQL or Redis gone mid-audit is not the page's fault: the job is postponed, the page not failed.
    if (isConnectionError(error)) throw error
    pageJob.logger.warn({ url, err: error }, 'page failed')
    return { failure: error instanceof Error ? error.message : String(error) }
  }
}

/** The page's own links the crawl follows: anchors inside the site, allowed, not files. */
function linkCandidates(pageJob: PageJob, audit: PageAudit): FrontierCandidate[] {
  if (!followsLinks(pageJob.scan)) return []
  return audit.links
    .filter((link) => link.kind === 'anchor' && normalizeUrl(link.url) && isFollowable(pageJob, link.url))
    .map((link) => ({
      url: link.url,
      urlHash: hashUrl(link.url),
      depth: pageJob.entry.depth + 1,
      discoveredVia: 'link' as const,
    }))
}

function pageContext(pageJob: PageJob, url: string): StoredPageContext {
  const { scan, entry, rootUrl } = pageJob
  return {
    scanId: scan.id,
    siteId: scan.site.id,
    url,
    depth: entry.depth,
    discoveredVia: entry.discoveredVia,
    rootUrl,
  }
}

/** The redirect record of an address that led to `finalUrl` (page detail lists it as "redirected from"). */
function redirectRecord(
  pageJob: PageJob,
  finalUrl: string,
  details: { status: number | null; chain: PageAudit['redirectChain'] },
) {
  const { scan, url, rootUrl } = pageJob
  return {
    siteId: scan.site.id,
    scanId: scan.id,
    url,
    finalUrl,
    isInternal: new URL(url).origin === new URL(rootUrl).origin,
    status: details.status,
    chain: details.chain,
  }
}

/**
 * An error answer, a redirect or a file is a link, not a page: the link checker reports it. A redirect is
 * recorded, and where it ends inside the site is admitted (once, like any URL).
 */
async function skipNonPage(pageJob: PageJob, error: NotAPageError) {
  const { prisma, scan, urlHash } = pageJob
  const target = error.redirectedTo
  const candidates: FrontierCandidate[] =
    target && followsLinks(scan) && isFollowable(pageJob, target)
      ? [{ url: target, urlHash: hashUrl(target), depth: pageJob.entry.depth, discoveredVia: 'link' }]
      : []
  await runInTransaction(prisma, async (tx) => {
    await skipUrl(tx, scan.id, urlHash)
    if (target && target !== pageJob.url)
      await recordRedirect(
        tx,
        redirectRecord(pageJob, target, { status: error.httpStatus, chain: error.redirectChain }),
      )
    await admitUrls(tx, scan.id, candidates)
  })
  await enqueueQueuedPages(
    prisma,
    scan.id,
    candidates.map((candidate) => candidate.urlHash),
  )
  await enqueueFinalizeIfReady(prisma, scan.id)
  return { skipped: error.message }
}

/** A page outside the section: skipped, its links followed (bounded like the pages themselves). */
async function skipOutsideSection(pageJob: PageJob, candidates: FrontierCandidate[]) {
  const { prisma, scan, urlHash, runtime } = pageJob
  const crawledOutside = await countScanUrlsInState(prisma, scan.id, 'skipped')
  const followed = crawledOutside < scan.pageLimit ? candidates : []
  await runInTransaction(prisma, async (tx) => {
    await skipUrl(tx, scan.id, urlHash)
    await admitUrls(tx, scan.id, followed)
  })
  await rm(pageArtifactsDir(runtime.artifactsRoot, scan.id, urlHash), { recursive: true, force: true })
  await enqueueQueuedPages(
    prisma,
    scan.id,
    followed.map((candidate) => candidate.urlHash),
  )
  await enqueueFinalizeIfReady(prisma, scan.id)
  return { skipped: 'outside the section', links: followed.length }
}

async function storeFailure(pageJob: PageJob, failure: string) {
  const { prisma, scan, url, urlHash } = pageJob
  const pageId = await runInTransaction(prisma, async (tx) => {
    const id = await storePageFailure(tx, pageContext(pageJob, url), { error: failure, httpStatus: null })
    await finishUrl(tx, scan.id, urlHash, 'failed', false)
    return id
  })
  return { pageId, status: 'failed', links: 0 }
}

/**
 * Stores the audit under the address the page landed on. When it moved, this address is recorded as a
 * redirect and leaves the page counts, and the landing address is admitted and finished here; if another
 * job of the scan admitted it meanwhile, that job audits it and this audit is dropped.
 */
async function storeAudit(pageJob: PageJob, audit: PageAudit, candidates: FrontierCandidate[]) {
  const { prisma, runtime, scan, url, urlHash, entry } = pageJob
  const moved = audit.finalUrl !== url
  const pageUrl = audit.finalUrl
  const pageHash = hashUrl(pageUrl)
  const lighthouse = scan.lighthouseEnabled && runtime.lighthousePages
  const pageId = await runInTransaction(
    prisma,
    async (tx) => {
      if (moved) {
        await skipUrl(tx, scan.id, urlHash)
        await recordRedirect(
          tx,
          redirectRecord(pageJob, pageUrl, { status: audit.httpStatus, chain: audit.redirectChain }),
        )
        const landing = {
          url: pageUrl,
          urlHash: pageHash,
          depth: entry.depth,
          discoveredVia: entry.discoveredVia,
        }
        if ((await admitUrls(tx, scan.id, [landing])).length === 0) return null
      }
      const id = await storePageAudit(tx, pageContext(pageJob, pageUrl), audit)
      await admitUrls(tx, scan.id, candidates)
      await finishUrl(tx, scan.id, pageHash, 'scanned', lighthouse)
      return id
    },
    { timeoutMs: 30_000 },
  )
  if (!pageId) {
    await rm(pageArtifactsDir(runtime.artifactsRoot, scan.id, urlHash), { recursive: true, force: true })
    return { skipped: `redirected to ${pageUrl}, audited by its own job` }
  }
  if (lighthouse) await enqueueLighthousePage({ scanId: scan.id, pageId, url: pageUrl })
  return { pageId, status: 'succeeded', links: candidates.length, ...(moved ? { redirectedFrom: url } : {}) }
}
