import { JOBS } from '@canopy/contracts'
import { findScanWithSite, type PrismaClient } from '@canopy/db'
import { UnrecoverableError } from 'bullmq'
import type { ScanCookie } from '../browser/sign-in.js'
import { sharedLighthouseRunner } from '../lighthouse/index.js'
import { defineJob } from './define-job.js'
import { countLighthouseDone, runLighthousePage } from './lighthouse-page.handler.js'
import { getScanRuntime, type ScanRuntime } from './scan-runtime.js'
import { ScanSignInError, scanSessionFor } from './scan-session.js'

/** The cookies of the scan's signed-in session (none when the site needs no sign-in): Lighthouse measures the page a member sees. */
async function sessionCookies(
  prisma: PrismaClient,
  runtime: ScanRuntime,
  scanId: string,
): Promise<ScanCookie[]> {
  const scan = await findScanWithSite(prisma, scanId)
  if (!scan?.site) return []
  const session = await scanSessionFor(prisma, runtime, { id: scan.id, site: scan.site }).catch(
    (error: unknown) => {
      if (error instanceof ScanSignInError) throw new UnrecoverableError(error.message)
      throw error
    },
  )
  return session?.cookies ?? []
}

/**
 * Lighthouse on one page of a scan, on its own queue so its CPU-heavy runs (one child process and one
 * Chromium each) are limited by LIGHTHOUSE_CONCURRENCY, not by the page pipeline's concurrency.
 */
export const lighthousePageJob = defineJob(JOBS.lighthousePage, {
  handle: async (payload, context) => {
    const runtime = getScanRuntime()
    const cookies = await sessionCookies(context.prisma, runtime, payload.scanId)
    return runLighthousePage(payload, context, (options) =>
      sharedLighthouseRunner(runtime.config).run({ ...options, cookies }),
    )
  },
  // Performance stays unmeasured for that page; the rest of the scan still finishes.
  onFinalFailure: (payload, context) => countLighthouseDone(context, payload),
})
