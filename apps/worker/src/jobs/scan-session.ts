import {
  SCAN_LOGIN_FAILED_PREFIX,
  ScanLoginCookieSchema,
  ScanLoginFormSettingsSchema,
  ScanLoginSecretsSchema,
} from '@canopy/contracts'
import { findSiteScanLogin, type PrismaClient, type SecretBox } from '@canopy/db'
import { z } from 'zod'
import { type ScanCookie, SignInError, type SignInPlan, signIn } from '../browser/sign-in.js'
import { normalizeUrl } from '../crawl/normalize-url.js'
import type { ScanRuntime } from './scan-runtime.js'

/** What a signed-in scan carries into every page and Lighthouse run. */
export interface ScanSession {
  cookies: ScanCookie[]
  /** the login form's page (normalised): a page that lands there was sent to sign in, it is not audited */
  loginUrl: string | null
}

/** The scan could not sign in; its message is what the dashboard shows ("Could not sign in to scan the site: …"). */
export class ScanSignInError extends Error {
  override name = 'ScanSignInError'
  constructor(reason: string) {
    super(`${SCAN_LOGIN_FAILED_PREFIX}${reason}`)
  }
}

type StoredLogin = NonNullable<Awaited<ReturnType<typeof findSiteScanLogin>>>

/** The stored sign-in as a plan, its secrets opened; the login page must be on the site (its origin). */
export function signInPlanOf(stored: StoredLogin, box: SecretBox, rootUrl: string): SignInPlan {
  let secrets: unknown
  try {
    secrets = JSON.parse(box.open(stored.sealed))
  } catch (error) {
    throw new ScanSignInError(`its stored secrets could not be opened (${(error as Error).message})`)
  }
  const opened = ScanLoginSecretsSchema.parse(secrets)
  if (stored.kind === 'cookies') {
    const cookies = z.array(ScanLoginCookieSchema).parse(stored.config)
    const values = 'cookieValues' in opened ? opened.cookieValues : []
    return {
      kind: 'cookies',
      cookies: cookies.map((cookie, index) => ({ ...cookie, value: values[index] ?? '' })),
    }
  }
  const form = ScanLoginFormSettingsSchema.parse(stored.config)
  if (new URL(form.loginUrl).origin !== new URL(rootUrl).origin)
    throw new ScanSignInError(
      `the login page ${form.loginUrl} is not on the site (${new URL(rootUrl).origin})`,
    )
  const { username, password } = 'username' in opened ? opened : { username: '', password: '' }
  return { kind: 'form', ...form, username, password }
}

/** Signs in with the site's stored sign-in; null when the site has none. Throws ScanSignInError. */
export async function openScanSession(
  prisma: PrismaClient,
  runtime: ScanRuntime,
  site: { id: string; rootUri: string },
): Promise<ScanSession | null> {
  const stored = await findSiteScanLogin(prisma, site.id)
  if (!stored) return null
  const plan = signInPlanOf(stored, runtime.secrets, site.rootUri)
  try {
    const cookies = await signIn(runtime.browser, plan, {
      guard: runtime.guard,
      timeoutMs: runtime.config.pageTimeoutMs,
    })
    return { cookies, loginUrl: plan.kind === 'form' ? (normalizeUrl(plan.loginUrl) ?? plan.loginUrl) : null }
  } catch (error) {
    if (error instanceof SignInError) throw new ScanSignInError(error.message)
    throw error
  }
}

/** A scan's session in this process: signed in once, shared by its page and Lighthouse jobs here. */
const sessions = new Map<string, { session: Promise<ScanSession | null>; at: number }>()
/** Longer than any scan runs: a forgotten scan's cookies do not stay in memory for ever. */
const SESSION_KEPT_MS = 12 * 60 * 60_000

/**
 * The scan's session, signing in the first time a job of the scan runs in this process. Each worker
 * process signs in on its own, so cookies never travel through Redis; a failed sign-in is kept too, so the
 * scan's other jobs here fail at once with the same reason.
 */
export function scanSessionFor(
  prisma: PrismaClient,
  runtime: ScanRuntime,
  scan: { id: string; site: { id: string; rootUri: string } },
): Promise<ScanSession | null> {
  const now = Date.now()
  for (const [scanId, entry] of sessions) if (now - entry.at > SESSION_KEPT_MS) sessions.delete(scanId)
  const known = sessions.get(scan.id)
  if (known) return known.session
  const session = openScanSession(prisma, runtime, scan.site)
  // A failure that is not the sign-in's (database away) is not kept: the job's retry signs in again.
  session.catch((error: unknown) => {
    if (!(error instanceof ScanSignInError)) sessions.delete(scan.id)
  })
  sessions.set(scan.id, { session, at: now })
  return session
}
