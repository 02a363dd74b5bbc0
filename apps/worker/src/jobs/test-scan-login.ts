import { JOBS, SCAN_LOGIN_FAILED_PREFIX, type ScanLoginTestResult } from '@canopy/contracts'
import { findSiteRoot, findSiteScanLogin } from '@canopy/db'
import { checkCookies, SignInError } from '../browser/sign-in.js'
import { defineJob } from './define-job.js'
import { getScanRuntime } from './scan-runtime.js'
import { openScanSession, ScanSignInError } from './scan-session.js'

/**
 * A site admin's "Test sign-in": signs in with the site's stored sign-in exactly as a scan does (the form
 * filled in behind the network guard, or the cookie set loaded with the site's root). A sign-in that does not
 * work is the job's result, not its failure: the API reads the result and shows it.
 */
export const testScanLoginJob = defineJob(JOBS.testScanLogin, {
  handle: async ({ siteId }, { prisma }): Promise<ScanLoginTestResult> => {
    const runtime = getScanRuntime()
    const site = await findSiteRoot(prisma, siteId)
    if (!site || !(await findSiteScanLogin(prisma, siteId)))
      return { ok: false, message: `${SCAN_LOGIN_FAILED_PREFIX}no sign-in is set for the site` }
    try {
      const session = await openScanSession(prisma, runtime, site)
      if (session?.kind === 'form')
        return {
          ok: true,
          message: `Signed in at ${session.loginUrl}: ${session.cookies.length} cookies kept.`,
        }
      await checkCookies(runtime.browser, session?.cookies ?? [], site.rootUri, {
        guard: runtime.guard,
        timeoutMs: runtime.config.pageTimeoutMs,
      })
      return { ok: true, message: `The site answered with the ${session?.cookies.length ?? 0} cookies set.` }
    } catch (error) {
      if (error instanceof ScanSignInError) return { ok: false, message: error.message }
      if (error instanceof SignInError)
        return { ok: false, message: `${SCAN_LOGIN_FAILED_PREFIX}${error.message}` }
      throw error
    }
  },
})
