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
import { type Prisma, pageArtifactsDir } from '@canopy/db'
import { UnrecoverableError } from 'bullmq'
import { checkLinks, type LinkCheck } from '../audits/links/index.js'
import { hashUrl, normalizeUrl } from '../crawl/normalize-url.js'
import { sharedLighthouseRunner } from '../lighthouse/index.js'
import { auditPage, type PageAudit } from '../pipeline/audit-page.js'
import { createContentAnalysers } from '../pipeline/content-analysers.js'
import { buildContentQuality } from '../scoring/content-quality.js'
import { defineJob } from './define-job.js'
import { getScanRuntime } from './scan-runtime.js'

const NOT_MEASURED: CategoryResult = {
  score: null,
  audits: { failed: [], manual: [], passed: [], notApplicable: [] },
}

/**
 * The page's inventory (quality-…-billing.md §2 Inventory, for one page): the documents it links to, with
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
    if (!known.success) return []
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

/**
 * A single page scan of any URL: one audited load plus its links checked, answered as
 * SinglePageScanResult in Scan.result and as the job's return value; progress via job.updateProgress.
 */
export const singlePageScanJob = defineJob(JOBS.singlePageScan, {
  handle: async ({ scanId, uri }, { prisma, job, logger }) => {
    const runtime = getScanRuntime()
    const progress = (stage: ScanJobProgress['stage'], percent: number) =>
      job.updateProgress({ scanId, stage, percent } satisfies ScanJobProgress)
    const url = normalizeUrl(uri)
    if (!url) throw new UnrecoverableError(`not a web address: ${uri}`)
    await prisma.scan.updateMany({ where: { id: scanId }, data: { state: 'running', startedAt: new Date() } })
    await progress('loading', 5)
    try {
      await runtime.guard.assertAllowed(url)
      const audit = await auditPage(runtime.browser, url, {
        analysers: createContentAnalysers(),
        navigationTimeoutMs: runtime.config.pageTimeoutMs,
        // Stored paths (element screenshots) are relative to the root, as the API serves them.
        artifactsRoot: runtime.artifactsRoot,
        // The snapshot and screenshots the page renderer shows (GET /api/v1/single-page-scan/snapshot/:id).
        artifactsDir: pageArtifactsDir(runtime.artifactsRoot, scanId, hashUrl(url)),
        assertAllowed: async (requestUrl) => {
          if (/^(data|blob|about):/.test(requestUrl)) return
          await runtime.guard.assertAllowed(requestUrl)
        },
      })
      await progress('auditing', 50)
      const anchors = audit.links.filter((link) => link.kind === 'anchor').map((link) => link.url)
      const checks = await checkLinks(anchors, {
        guard: runtime.guard,
        userAgent: runtime.config.userAgent,
        timeoutMs: runtime.config.linkCheckTimeoutMs,
      })
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
      await progress('lighthouse', 60)
      // Lighthouse runs in its own process and Chromium (the worker's shared runner, ready between scans); a
      // failure leaves performance unmeasured rather than failing the results the user is waiting for.
      let performance = NOT_MEASURED
      if (runtime.config.lighthouseEnabled) {
        try {
          const lighthouse = await sharedLighthouseRunner(runtime.config.chromiumPath).run({
            url,
            formFactor: 'desktop',
            mode: 'tuned',
          })
          performance = lighthouse.performance
        } catch (error) {
          logger.warn({ url, err: error }, 'lighthouse failed in a single page scan')
        }
      }
      const result: SinglePageScanResult = {
        pageTitle: audit.title ?? url,
        url,
        accessibility: audit.accessibility,
        seo: audit.seo,
        performance,
        contentquality,
        inventory: buildPageInventory(audit, checks),
      }
      await progress('storing', 95)
      await prisma.scan.update({
        where: { id: scanId },
        data: {
          state: 'completed',
          finishedAt: new Date(),
          pagesQueued: 1,
          pagesScanned: 1,
          result: result as unknown as Prisma.InputJsonValue,
        },
      })
      await progress('done', 100)
      return result
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      logger.warn({ url, err: error }, 'single page scan failed')
      // The last attempt records the failure; an earlier one leaves the scan running for the retry.
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        await prisma.scan.update({
          where: { id: scanId },
          data: {
            state: 'failed',
            finishedAt: new Date(),
            error: message.slice(0, 2000),
            pagesQueued: 1,
            pagesFailed: 1,
          },
        })
      }
      throw error
    }
  },
})
