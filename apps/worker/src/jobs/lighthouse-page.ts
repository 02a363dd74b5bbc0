import { JOBS } from '@canopy/contracts'
import { findScanWithSite, type PrismaClient } from '@canopy/db'
import { UnrecoverableError } from 'bullmq'
import type { ScanCookie } from '../browser/sign-in.js'
import { sharedLighthouseRunner } from '../lighthouse/index.js'
import { defineJob } from './define-job.js'
import { countLighthouseDone, runLighthousePage } from './lighthouse-page.handler.js'
import { getScanRuntime, type ScanRuntime } from './scan-runtime.js'
import { ScanSignInError, scanSessionFor } from './scan-session.js'

/**
 * How Lighthouse loads the scan's pages, as the page scan does: with the site's own user agent if it names one,
 * and the cookies of the scan's signed-in session (none when the site needs no sign-in), so that it measures
 * the page a member sees: the session as it is now, renewed if the site ended it since the page was scanned.
 */
async function siteVisit(
  prisma: PrismaClient,
  runtime: ScanRuntime,
  scanId: string,
): Promise<{ cookies: ScanCookie[]; userAgent?: string }> {
  const scan = await findScanWithSite(prisma, scanId)
  if (!scan?.site) return { cookies: [] }
  const userAgent = scan.site.userAgent ?? undefined
  const session = await scanSessionFor(prisma, runtime, { id: scan.id, site: scan.site }).catch(
    (error: unknown) => {
      if (error instanceof ScanSignInError) throw new UnrecoverableError(error.message)
      throw error
    },
  )
  return { cookies: session?.cookies ?? [], ...(userAgent ? { userAgent } : {}) }
}

/**
 * Lighthouse on one page of a scan, on its own queue so its CPU-heavy runs (one child process and one
 * Chromium each) are limited by LIGHTHOUSE_CONCURRENCY, not by the page pipeline's concurrency.
 */
export const lighthousePageJob = defineJob(JOBS.lighthousePage, {
  handle: async (payload, context) => {
    const runtime = getScanRuntime()
    const visit = await siteVisit(context.prisma, runtime, payload.scanId)
    return runLighthousePage(payload, context, (options) =>
      sharedLighthouseRunner(runtime.config).run({ ...options, ...visit }),
    )
  },
  // Performance stays unmeasured for that page; the rest of the scan still finishes.
  onFinalFailure: (payload, context) => countLighthouseDone(context, payload),
})
