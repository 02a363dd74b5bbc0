import type { BrowserContext, Page } from 'playwright-core'
import { type AddressGuard, startGuardingProxy } from '../net/index.js'
import type { SharedBrowser } from './shared-browser.js'

/** A cookie a scan's pages and Lighthouse runs carry: what Playwright and Puppeteer both take. */
export interface ScanCookie {
  name: string
  value: string
  domain: string
  path: string
  /** seconds since the epoch; -1 or absent: a session cookie */
  expires?: number
  httpOnly?: boolean
  secure?: boolean
  sameSite?: 'Strict' | 'Lax' | 'None'
}

/** A login form as recorded for the site, its username and password opened from the secrets box. */
export interface LoginFormPlan {
  kind: 'form'
  loginUrl: string
  usernameSelector: string
  passwordSelector: string
  submitSelector: string
  successCheck: { kind: 'selector' | 'text'; value: string }
  username: string
  password: string
}

/** How a scan signs in: a login form to fill in, or cookies to carry as they are. */
export type SignInPlan = LoginFormPlan | { kind: 'cookies'; cookies: ScanCookie[] }

/** The sign-in did not work; the message says why in words a site admin can act on. */
export class SignInError extends Error {
  override name = 'SignInError'
}

export interface SignInOptions {
  guard: AddressGuard
  /** the whole sign-in: loading the form, submitting it, and waiting for the success check */
  timeoutMs: number
}

/** A signed-in session: its cookies, and the page the sign-in ended on (null for a cookie set). */
export interface SignedIn {
  cookies: ScanCookie[]
  /** where the success check showed: a page the session sees signed in */
  signedInUrl: string | null
}

/**
 * Signs in as a visitor would and returns the session's cookies: a login form is loaded, filled in and
 * submitted in a fresh context behind the network guard's proxy, then the success check must show; a
 * cookie set is used as it is. Throws SignInError with the reason when the sign-in does not work.
 */
export async function signIn(
  browser: SharedBrowser,
  plan: SignInPlan,
  options: SignInOptions,
): Promise<ScanCookie[]> {
  return (await signInAt(browser, plan, options)).cookies
}

/** signIn, also telling the page the sign-in ended on. */
export async function signInAt(
  browser: SharedBrowser,
  plan: SignInPlan,
  options: SignInOptions,
): Promise<SignedIn> {
  if (plan.kind === 'cookies') return { cookies: plan.cookies, signedInUrl: null }
  return withGuardedContext(browser, options.guard, async (context) => {
    const page = await context.newPage()
    page.setDefaultTimeout(options.timeoutMs)
    await submitLoginForm(page, plan, options.timeoutMs)
    await waitForSuccess(page, plan, options.timeoutMs)
    return { cookies: (await context.cookies()).map(toScanCookie), signedInUrl: page.url() }
  })
}

/** A fresh browser context behind the network guard's proxy, closed (with the proxy) once `use` is done. */
async function withGuardedContext<T>(
  browser: SharedBrowser,
  guard: AddressGuard,
  use: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const proxy = await startGuardingProxy(guard)
  let context: BrowserContext | null = null
  try {
    context = await browser.newContext(proxy.url)
    return await use(context)
  } finally {
    await context?.close().catch(() => undefined)
    await proxy.close()
  }
}

/**
 * Where loading `url` with these cookies (none: as a visitor who is not signed in) ends, after redirects.
 * Throws SignInError when the page does not load.
 */
export function landingOf(
  browser: SharedBrowser,
  url: string,
  cookies: ScanCookie[],
  options: SignInOptions,
): Promise<string> {
  return withGuardedContext(browser, options.guard, async (context) => {
    if (cookies.length) await context.addCookies(cookies)
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'load', timeout: options.timeoutMs }).catch((error: unknown) => {
      throw new SignInError(`${url} did not load (${reasonOf(error)})`)
    })
    return page.url()
  })
}

function toScanCookie(cookie: Awaited<ReturnType<BrowserContext['cookies']>>[number]): ScanCookie {
  return {
    name: cookie.name,
    value: cookie.value,
    domain: cookie.domain,
    path: cookie.path,
    expires: cookie.expires,
    httpOnly: cookie.httpOnly,
    secure: cookie.secure,
    sameSite: cookie.sameSite,
  }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error))

async function submitLoginForm(page: Page, plan: LoginFormPlan, timeoutMs: number): Promise<void> {
  const response = await page
    .goto(plan.loginUrl, { waitUntil: 'load', timeout: timeoutMs })
    .catch((error: unknown) => {
      throw new SignInError(`the login page ${plan.loginUrl} did not load (${reasonOf(error)})`)
    })
  if (response && response.status() >= 400)
    throw new SignInError(`the login page ${plan.loginUrl} answered HTTP ${response.status()}`)
  await fillField(page, plan.usernameSelector, plan.username, 'username field')
  await fillField(page, plan.passwordSelector, plan.password, 'password field')
  const submit = page.locator(plan.submitSelector).first()
  if ((await submit.count()) === 0)
    throw new SignInError(`the submit button (${plan.submitSelector}) is not on the login page`)
  await submit.click({ timeout: timeoutMs }).catch((error: unknown) => {
    throw new SignInError(
      `the submit button (${plan.submitSelector}) could not be pressed (${reasonOf(error)})`,
    )
  })
}

async function fillField(page: Page, selector: string, value: string, what: string): Promise<void> {
  const field = page.locator(selector).first()
  const found = await field.count().catch((error: unknown) => {
    throw new SignInError(`the ${what} selector ${selector} is not a valid selector (${reasonOf(error)})`)
  })
  if (found === 0) throw new SignInError(`the ${what} (${selector}) is not on the login page`)
  await field.fill(value).catch((error: unknown) => {
    throw new SignInError(`the ${what} (${selector}) could not be filled in (${reasonOf(error)})`)
  })
}

/** After submitting, the page must show the success check (an element, or a text) within the time left. */
async function waitForSuccess(page: Page, plan: LoginFormPlan, timeoutMs: number): Promise<void> {
  const { kind, value } = plan.successCheck
  const target = kind === 'selector' ? page.locator(value) : page.getByText(value)
  await target
    .first()
    .waitFor({ state: 'visible', timeout: timeoutMs })
    .catch(() => {
      const what = kind === 'selector' ? `no element matching ${value}` : `no text "${value}"`
      throw new SignInError(`after submitting the login form, ${what} showed (at ${page.url()})`)
    })
}

/**
 * Loads the site's root with a cookie set, as a scan's first page would be: the cookies are accepted by the
 * browser and the root answers. Throws SignInError when it does not.
 */
export function checkCookies(
  browser: SharedBrowser,
  cookies: ScanCookie[],
  rootUrl: string,
  options: SignInOptions,
): Promise<void> {
  return withGuardedContext(browser, options.guard, async (context) => {
    await context.addCookies(cookies).catch((error: unknown) => {
      throw new SignInError(`the browser refused the cookies (${reasonOf(error)})`)
    })
    const page = await context.newPage()
    const response = await page
      .goto(rootUrl, { waitUntil: 'load', timeout: options.timeoutMs })
      .catch((error: unknown) => {
        throw new SignInError(`the site's root ${rootUrl} did not load (${reasonOf(error)})`)
      })
    if (response && response.status() >= 400)
      throw new SignInError(`the site's root ${rootUrl} answered HTTP ${response.status()} with the cookies`)
  })
}
