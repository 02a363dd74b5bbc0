import {
  SCAN_LOGIN_FAILED_PREFIX,
  ScanLoginCookieSchema,
  ScanLoginFormSettingsSchema,
  ScanLoginSecretsSchema,
} from '@canopy/contracts'
import { findSiteScanLogin, type PrismaClient, type SecretBox } from '@canopy/db'
import { z } from 'zod'
import { landingOf, type ScanCookie, SignInError, type SignInPlan, signInAt } from '../browser/sign-in.js'
import { normalizeUrl } from '../crawl/normalize-url.js'
import type { ScanRuntime } from './scan-runtime.js'

/** What a signed-in scan carries into every page and Lighthouse run. */
export interface ScanSession {
  kind: SignInPlan['kind']
  cookies: ScanCookie[]
  /**
   * the login page (normalised): a page that lands there was sent to sign in, it is not audited. A form's
   * own page; for a cookie set, where the site's root sends a visitor without the cookies (null when the
   * root is the same page either way)
   */
  loginUrl: string | null
  /**
   * a page the session sees signed in (where the form's success check showed, or the site's root for a cookie
   * set): loading it with the cookies tells whether the session still holds; null when none is known
   */
  checkUrl: string | null
  /** 1 for the scan's first sign-in in this process, one more for each renewal */
  generation: number
}

/** The scan could not sign in; its message is what the dashboard shows ("Could not sign in to scan the site: …"). */
export class ScanSignInError extends Error {
  override name = 'ScanSignInError'
  constructor(reason: string) {
    super(`${SCAN_LOGIN_FAILED_PREFIX}${reason}`)
  }
}

/** The site stopped accepting a recorded cookie set: there is nothing to sign in again with, the page fails. */
export class ScanCookiesRefusedError extends Error {
  override name = 'ScanCookiesRefusedError'
  constructor(loginUrl: string) {
    super(
      `The scan's sign-in cookies were refused by the site: it sent the scan to its login page ${loginUrl}; record the cookies again.`,
    )
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
  const options = { guard: runtime.guard, timeoutMs: runtime.config.pageTimeoutMs }
  try {
    const { cookies, signedInUrl } = await signInAt(runtime.browser, plan, options)
    if (plan.kind === 'cookies') return cookieSession(runtime, cookies, site.rootUri)
    const loginUrl = normalized(plan.loginUrl)
    const checkUrl = signedInUrl ? normalized(signedInUrl) : null
    return {
      kind: 'form',
      cookies,
      loginUrl,
      checkUrl: checkUrl === loginUrl ? null : checkUrl,
      generation: 1,
    }
  } catch (error) {
    if (error instanceof SignInError) throw new ScanSignInError(error.message)
    throw error
  }
}

const normalized = (url: string) => normalizeUrl(url) ?? url

/**
 * A cookie set's session. Its login page is where the site's root sends a visitor without the cookies, when
 * the cookies take the visitor elsewhere; a root that does not load either way leaves it unknown (null), and
 * the scan's pages are then taken as they land.
 */
async function cookieSession(
  runtime: ScanRuntime,
  cookies: ScanCookie[],
  rootUri: string,
): Promise<ScanSession> {
  const options = { guard: runtime.guard, timeoutMs: runtime.config.pageTimeoutMs }
  const root = normalized(rootUri)
  const [signedOut, signedIn] = await Promise.all(
    [[], cookies].map((carried) =>
      landingOf(runtime.browser, root, carried, options).then(normalized, () => null),
    ),
  )
  const loginUrl = signedOut && signedIn && signedOut !== signedIn ? signedOut : null
  return { kind: 'cookies', cookies, loginUrl, checkUrl: loginUrl ? root : null, generation: 1 }
}

/** How a scan's session is opened (signing in with the stored sign-in) and checked (loading its check page). */
export interface SessionSource {
  open(): Promise<ScanSession | null>
  /** whether the session still holds: its check page does not send it to the login page */
  holds(session: ScanSession): Promise<boolean>
}

/** At most this many renewals of a scan's session within SESSION_RENEWAL_WINDOW_MS; one more fails the scan. */
export const SESSION_RENEWALS_PER_WINDOW = 3
export const SESSION_RENEWAL_WINDOW_MS = 5 * 60_000
/** Longer than any scan runs: a forgotten scan's cookies do not stay in memory for ever. */
const SESSION_KEPT_MS = 12 * 60 * 60_000

interface KeptSession {
  session: Promise<ScanSession | null>
  at: number
  /** the renewal under way, and the generation it replaces */
  renewal: { generation: number; next: Promise<ScanSession | null> } | null
  /** when the session was renewed, within the renewal window */
  renewedAt: number[]
  /** a cookie set the site refused: every later page sent to sign in fails at once */
  refused: ScanCookiesRefusedError | null
}

const ignore = () => undefined

/**
 * The scans' sessions in this process: each signed in once, shared by its page and Lighthouse jobs here, and
 * renewed once per expiry however many of its jobs find it ended.
 */
export class ScanSessions {
  private readonly kept = new Map<string, KeptSession>()

  constructor(
    private readonly limits = { renewals: SESSION_RENEWALS_PER_WINDOW, windowMs: SESSION_RENEWAL_WINDOW_MS },
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The scan's session, signing in the first time a job of the scan asks here. A failed sign-in is kept, so
   * the scan's other jobs here fail at once with the same reason.
   */
  current(scanId: string, source: SessionSource): Promise<ScanSession | null> {
    const now = this.now()
    for (const [id, entry] of this.kept) if (now - entry.at > SESSION_KEPT_MS) this.kept.delete(id)
    const known = this.kept.get(scanId)
    if (known) return known.session
    const entry: KeptSession = {
      session: source.open(),
      at: now,
      renewal: null,
      renewedAt: [],
      refused: null,
    }
    this.kept.set(scanId, entry)
    // A failure that is not the sign-in's (database away) is not kept: the job's retry signs in again.
    entry.session.catch((error: unknown) => {
      if (!(error instanceof ScanSignInError) && this.kept.get(scanId) === entry) this.kept.delete(scanId)
    })
    return entry.session
  }

  /**
   * A page loaded with `used` landed on the login page. Answers the session to load it with again: a newer
   * one when another job renewed it meanwhile, else the scan signs in again (one renewal for all the jobs that
   * ask at once). Answers null when the session still holds: the page itself sends members to sign in.
   * Throws ScanCookiesRefusedError for a cookie set the site refuses, and ScanSignInError when signing in
   * again fails or the session had to be renewed too often (the scan fails).
   */
  async afterLoginLanding(
    scanId: string,
    used: ScanSession,
    source: SessionSource,
  ): Promise<ScanSession | null> {
    const entry = this.kept.get(scanId)
    if (!entry) return this.current(scanId, source)
    const current = await entry.session
    if (!current || current.generation > used.generation) return current
    if (entry.renewal?.generation !== current.generation) {
      const next = this.renew(entry, current, source)
      const renewal = { generation: current.generation, next }
      entry.renewal = renewal
      next
        .finally(() => {
          if (entry.renewal === renewal) entry.renewal = null
        })
        .catch(ignore)
    }
    return entry.renewal.next
  }

  private async renew(entry: KeptSession, current: ScanSession, source: SessionSource) {
    if (entry.refused) throw entry.refused
    if (await source.holds(current)) return null
    if (current.kind === 'cookies') {
      entry.refused = new ScanCookiesRefusedError(current.loginUrl ?? 'unknown')
      throw entry.refused
    }
    this.countRenewal(entry)
    const next = source
      .open()
      .then((session) => session && { ...session, generation: current.generation + 1 })
    entry.session = next
    // Signing in again failing is kept like a first sign-in's failure; anything else leaves the old session.
    next.catch((error: unknown) => {
      if (!(error instanceof ScanSignInError) && entry.session === next)
        entry.session = Promise.resolve(current)
    })
    return next
  }

  /** One more renewal; past the limit within the window the scan stops signing in again (kept as failed). */
  private countRenewal(entry: KeptSession): void {
    const now = this.now()
    entry.renewedAt = entry.renewedAt.filter((at) => now - at < this.limits.windowMs)
    if (entry.renewedAt.length < this.limits.renewals) {
      entry.renewedAt.push(now)
      return
    }
    const minutes = Math.round(this.limits.windowMs / 60_000)
    const span = `${minutes} minute${minutes === 1 ? '' : 's'}`
    const error = new ScanSignInError(
      `the site ended the scan's session more than ${this.limits.renewals} times within ${span}, as if it signed out on every page (a link the scan follows may sign out), so the scan stopped signing in again`,
    )
    entry.session = Promise.reject(error)
    entry.session.catch(ignore)
    throw error
  }
}

const sessions = new ScanSessions()

type ScanOfSite = { id: string; site: { id: string; rootUri: string } }

function sourceOf(prisma: PrismaClient, runtime: ScanRuntime, scan: ScanOfSite): SessionSource {
  return {
    open: () => openScanSession(prisma, runtime, scan.site),
    holds: async (session) => {
      if (!(session.checkUrl && session.loginUrl)) return false
      const options = { guard: runtime.guard, timeoutMs: runtime.config.pageTimeoutMs }
      const landed = await landingOf(runtime.browser, session.checkUrl, session.cookies, options)
      return !isLoginPage(session, landed)
    },
  }
}

/**
 * The scan's session, signing in the first time a job of the scan runs in this process. Each worker
 * process signs in on its own, so cookies never travel through Redis.
 */
export function scanSessionFor(prisma: PrismaClient, runtime: ScanRuntime, scan: ScanOfSite) {
  return sessions.current(scan.id, sourceOf(prisma, runtime, scan))
}

/** After a page loaded with `used` landed on the login page: see ScanSessions.afterLoginLanding. */
export function sessionAfterLoginLanding(
  prisma: PrismaClient,
  runtime: ScanRuntime,
  scan: ScanOfSite,
  used: ScanSession,
) {
  return sessions.afterLoginLanding(scan.id, used, sourceOf(prisma, runtime, scan))
}

/**
 * Whether an address (normalised) is the session's login page: the same address, or, for a login page
 * without a query, the same page with one (a login page told where to go back to, `?next=/page`).
 */
export function isLoginPage(session: ScanSession | null, url: string): boolean {
  const loginUrl = session?.loginUrl
  if (!loginUrl) return false
  const landed = normalized(url)
  if (landed === loginUrl) return true
  const login = new URL(loginUrl)
  const page = new URL(landed)
  return !login.search && page.origin === login.origin && page.pathname === login.pathname
}
