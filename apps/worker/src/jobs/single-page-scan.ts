import {
  type CategoryResult,
  DocumentKindSchema,
  extensionOf,
  httpStatusOf,
  JOBS,
  type PageInventory,
  type ScanJobProgress,
  type SinglePageScanResult,
} from '@canopy/contracts'
import {
  completeSinglePageScan,
  findScanWithSite,
  markScanFailed,
  markSinglePageScanRunning,
  pageArtifactsDir,
} from '@canopy/db'
import { UnrecoverableError } from 'bullmq'
import { checkLinks, type LinkCheck } from '../audits/links/index.js'
import type { ScanCookie } from '../browser/sign-in.js'
import { hashUrl, normalizeUrl } from '../crawl/normalize-url.js'
import { sharedLighthouseRunner } from '../lighthouse/index.js'
import { accessibilityOptionsOf } from '../pipeline/accessibility.js'
import { type AuditPageOptions, auditPage, type PageAudit } from '../pipeline/audit-page.js'
import { createContentAnalysers } from '../pipeline/content-analysers.js'
import { buildContentQuality } from '../scoring/content-quality.js'
import { defineJob, type JobContext } from './define-job.js'
import { linkCheckOptions } from './link-check-options.js'
import { reportScanProgress } from './scan-progress.js'
import { getScanRuntime } from './scan-runtime.js'
import { scanSessionFor } from './scan-session.js'

const NOT_MEASURED: CategoryResult = {
  score: null,
  audits: { failed: [], manual: [], passed: [], notApplicable: [] },
}

/**
 * The page's inventory (the site inventory's lists, for one page): the documents it links to, with
 * what the link check learnt of each, and the e-mail addresses and phone numbers found on it.
 */
export function buildPageInventory(
  audit: Pick<PageAudit, 'documents' | 'links' | 'contacts'>,
  checks: Map<string, LinkCheck>,
): PageInventory {
  const linkText = new Map<string, string>()
  for (const link of audit.links) {
    if (link.kind === 'anchor' && !linkText.has(link.url)) linkText.set(link.url, link.text.trim())
  }
  const documents = audit.documents.flatMap(({ url, kind }) => {
    const known = DocumentKindSchema.safeParse(kind)
    // The documents it links to: media the page only shows (its images, players) are not links.
    if (!known.success || !linkText.has(url)) return []
    const check = checks.get(url)
    return [
      {
        url,
        kind: known.data,
        extension: extensionOf(url),
        linkText: linkText.get(url) ?? '',
        httpStatus: httpStatusOf(check?.status),
        isBroken: check?.isBroken ?? false,
      },
    ]
  })
  const contacts = [
    ...audit.contacts.emails.map((item) => ({ kind: 'email' as const, ...item })),
    ...audit.contacts.telephones.map((item) => ({ kind: 'telephone' as const, ...item })),
  ].map(({ kind, value, valid, count }) => ({ kind, value, valid, count }))
  return { documents, contacts }
}

type Runtime = ReturnType<typeof getScanRuntime>

/** The page loaded and audited in the shared Chromium, its snapshot and screenshots kept for the renderer. */
function auditSinglePage(
  runtime: Runtime,
  scanId: string,
  url: string,
  site: SiteSettings,
  logger: JobContext['logger'],
) {
  return auditPage(runtime.browser, url, {
    ...site,
    onCheckError: (check, error) => logger.warn({ url, check, err: error }, 'accessibility check left out'),
    navigationTimeoutMs: runtime.config.pageTimeoutMs,
    deadlineMs: runtime.config.pageDeadlineMs,
    // Stored paths (element screenshots) are relative to the root, as the API serves them.
    artifactsRoot: runtime.artifactsRoot,
    // The snapshot and screenshots the page renderer shows (GET /api/v1/single-page-scan/snapshot/:id).
    artifactsDir: pageArtifactsDir(runtime.artifactsRoot, scanId, hashUrl(url)),
    guard: runtime.guard,
  })
}

/** The page's anchors checked, and content quality scored with what the check found broken. */
async function checkLinksAndContent(runtime: Runtime, audit: PageAudit) {
  const anchors = audit.links.filter((link) => link.kind === 'anchor').map((link) => link.url)
  const checks = await checkLinks(anchors, linkCheckOptions(runtime, [audit.finalUrl]))
  const brokenLinks = [...checks.values()]
    .filter((check) => check.isBroken)
    .map((check) => ({ url: check.url, status: check.status, error: check.error }))
  const contentquality = buildContentQuality({
    flesch: audit.readability.flesch,
    brokenLinks,
    brokenImages: audit.brokenImages,
    misspellings: audit.misspellings,
    invalidContacts: [
      ...audit.contacts.emails
        .filter((item) => !item.valid)
        .map((item) => ({ kind: 'email' as const, value: item.value })),
      ...audit.contacts.telephones
        .filter((item) => !item.valid)
        .map((item) => ({ kind: 'telephone' as const, value: item.value })),
    ],
  })
  return { checks, contentquality }
}

/**
 * Lighthouse in its own process and Chromium (the worker's shared runner, ready between scans); a failure
 * leaves performance unmeasured rather than failing the results the user is waiting for.
 */
async function measurePerformance(
  runtime: Runtime,
  url: string,
  cookies: ScanCookie[],
  logger: JobContext['logger'],
) {
  if (!runtime.config.lighthouseEnabled) return NOT_MEASURED
  try {
    const lighthouse = await sharedLighthouseRunner(runtime.config).run({
      url,
      cookies,
      formFactor: 'desktop',
      mode: 'tuned',
    })
    return lighthouse.performance
  } catch (error) {
    logger.warn({ url, err: error }, 'lighthouse failed in a single page scan')
    return NOT_MEASURED
  }
}

/** What a single-page scan takes from the site it names, as the site's own scans do. */
type SiteSettings = Pick<AuditPageOptions, 'analysers' | 'userAgent' | 'accessibility'> & {
  cookies: ScanCookie[]
}

/**
 * A single-page scan that names a site signs in as the site's scans do (the browser sends the cookies only to
 * the hosts they are for), spells with the site's dictionaries, sends its user agent and judges accessibility
 * by its WCAG target with its engines. A scan of no site uses the defaults.
 */
async function siteSettingsOf(context: JobContext, runtime: Runtime, scanId: string): Promise<SiteSettings> {
  const scan = await findScanWithSite(context.prisma, scanId)
  if (!scan?.site) return { cookies: [], analysers: createContentAnalysers() }
  const session = await scanSessionFor(context.prisma, runtime, { id: scan.id, site: scan.site })
  return {
    cookies: session?.cookies ?? [],
    analysers: createContentAnalysers({ prisma: context.prisma, siteId: scan.site.id }),
    ...(scan.site.userAgent ? { userAgent: scan.site.userAgent } : {}),
    accessibility: accessibilityOptionsOf(scan.site),
  }
}

async function runSinglePageScan(scanId: string, url: string, context: JobContext) {
  const runtime = getScanRuntime()
  const progress = (stage: ScanJobProgress['stage'], percent: number) =>
    reportScanProgress(context.job, context.prisma, { scanId, stage, percent })
  await runtime.guard.assertAllowed(url)
  const site = await siteSettingsOf(context, runtime, scanId)
  const audit = await auditSinglePage(runtime, scanId, url, site, context.logger)
  await progress('auditing', 50)
  const { checks, contentquality } = await checkLinksAndContent(runtime, audit)
  await progress('lighthouse', 60)
  const performance = await measurePerformance(runtime, audit.finalUrl, site.cookies, context.logger)
  // A page that moved itself (redirect, meta refresh, script) is shown where it landed.
  const result: SinglePageScanResult = {
    pageTitle: audit.title ?? audit.finalUrl,
    url: audit.finalUrl,
    ...(audit.finalUrl !== url ? { redirectedFrom: url } : {}),
    accessibility: audit.accessibility,
    seo: audit.seo,
    performance,
    contentquality,
    inventory: buildPageInventory(audit, checks),
    ...(audit.blockedRequests.length ? { blockedRequests: audit.blockedRequests } : {}),
  }
  await progress('storing', 95)
  await completeSinglePageScan(context.prisma, scanId, result)
  await progress('done', 100)
  return result
}

/**
 * A single page scan of any URL: one audited load plus its links checked, answered as
 * SinglePageScanResult in Scan.result and as the job's return value; progress via reportScanProgress.
 */
export const singlePageScanJob = defineJob(JOBS.singlePageScan, {
  handle: async ({ scanId, uri }, context) => {
    const { prisma, job, logger } = context
    const url = normalizeUrl(uri)
    if (!url) throw new UnrecoverableError(`not a web address: ${uri}`)
    await markSinglePageScanRunning(prisma, scanId)
    await reportScanProgress(job, prisma, { scanId, stage: 'loading', percent: 5 })
    try {
      return await runSinglePageScan(scanId, url, context)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      logger.warn({ url, err: error }, 'single page scan failed')
      // The last attempt records the failure; an earlier one leaves the scan running for the retry.
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        await markScanFailed(prisma, scanId, message, { pagesQueued: 1, pagesFailed: 1 })
        await reportScanProgress(job, prisma, { scanId, stage: 'done', percent: 100 })
      }
      throw error
    }
  },
})
