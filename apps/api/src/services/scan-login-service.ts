import { randomUUID } from 'node:crypto'
import {
  enqueueJob,
  JOBS,
  type PutScanLoginRequest,
  SCAN_LOGIN_TEST_TIMEOUT_MS,
  SCAN_QUEUE_NAMES,
  type ScanLogin,
  type ScanLoginCookie,
  ScanLoginSecretsSchema,
  type ScanLoginTestResult,
  ScanLoginTestResultSchema,
} from '@canopy/contracts'
import {
  deleteSiteScanLogin,
  findSiteRoot,
  findSiteScanLogin,
  type PrismaClient,
  type SecretBox,
  SecretsKeyMissingError,
  saveSiteScanLogin,
} from '@canopy/db'
import { type Job, QueueEvents } from 'bullmq'
import { Redis } from 'ioredis'
import { badRequest, HttpError, notFound } from '../http-errors.js'
import type { QueueRegistry } from '../plugins/app/queues.js'
import { presentScanLogin } from '../presenters/scan-login.js'

type StoredLogin = NonNullable<Awaited<ReturnType<typeof findSiteScanLogin>>>

export async function getScanLogin(prisma: PrismaClient, siteId: string): Promise<ScanLogin> {
  return presentScanLogin(await findSiteScanLogin(prisma, siteId))
}

/**
 * The secrets of the stored sign-in, opened: what a PUT without a secret keeps. Secrets sealed under another
 * key (the operator changed CANOPY_SECRETS_KEY) cannot be kept: the PUT must give them again.
 */
function storedSecrets(stored: StoredLogin | null, box: SecretBox) {
  if (!stored) return null
  if (!box.available) throw new SecretsKeyMissingError()
  try {
    return ScanLoginSecretsSchema.parse(JSON.parse(box.open(stored.sealed)))
  } catch {
    return null
  }
}

async function siteRootOf(prisma: PrismaClient, siteId: string): Promise<URL> {
  const site = await findSiteRoot(prisma, siteId)
  if (!site) throw notFound('Site not found')
  return new URL(site.rootUri)
}

type FormBody = NonNullable<PutScanLoginRequest['form']>

/** A form's username and password: given now, or kept from the stored form; the login page must be on the site. */
function formToStore(form: FormBody, kept: ReturnType<typeof storedSecrets>, root: URL) {
  if (new URL(form.loginUrl).origin !== root.origin)
    throw badRequest('form.loginUrl', `The login page must be on the site (${root.origin}).`)
  const stored = kept && 'username' in kept ? kept : null
  const username = form.username || stored?.username
  const password = form.password || stored?.password
  if (!username) throw badRequest('form.username', 'Enter the username.')
  if (!password) throw badRequest('form.password', 'Enter the password.')
  const { username: _username, password: _password, ...config } = form
  return { kind: 'form' as const, config, secrets: { username, password } }
}

/** Whether a cookie for `domain` is sent to the site's host: the host itself or a domain it is under. */
function coversHost(domain: string, host: string): boolean {
  const bare = domain.replace(/^\./, '').toLowerCase()
  return host === bare || host.endsWith(`.${bare}`)
}

type CookieBody = NonNullable<PutScanLoginRequest['cookies']>

/** Each cookie's value given now, or kept from the stored cookie of the same name, domain and path. */
function cookiesToStore(
  cookies: CookieBody,
  stored: StoredLogin | null,
  kept: ReturnType<typeof storedSecrets>,
  root: URL,
) {
  const keptValues = new Map<string, string>()
  if (stored?.kind === 'cookies' && kept && 'cookieValues' in kept) {
    const storedCookies = stored.config as ScanLoginCookie[]
    storedCookies.forEach((cookie, index) => {
      keptValues.set(`${cookie.name} ${cookie.domain} ${cookie.path}`, kept.cookieValues[index] ?? '')
    })
  }
  const values = cookies.map((cookie, index) => {
    if (!coversHost(cookie.domain, root.hostname))
      throw badRequest(
        `cookies.${index}.domain`,
        `The cookie must be for the site's host (${root.hostname}).`,
      )
    const value = cookie.value || keptValues.get(`${cookie.name} ${cookie.domain} ${cookie.path}`)
    if (!value) throw badRequest(`cookies.${index}.value`, 'Enter the cookie value.')
    return value
  })
  const config = cookies.map(({ name, domain, path }) => ({ name, domain, path }))
  return { kind: 'cookies' as const, config, secrets: { cookieValues: values } }
}

/** The schema makes the part of the kind required: a body without it never gets here. */
function unreachableBody(field: string): never {
  throw badRequest(field, 'Required')
}

/** Stores the site's sign-in for scans, its secrets sealed; a secret left blank keeps the stored one. */
export async function putScanLogin(
  { prisma, secrets }: { prisma: PrismaClient; secrets: SecretBox },
  siteId: string,
  body: PutScanLoginRequest,
): Promise<ScanLogin> {
  const root = await siteRootOf(prisma, siteId)
  const stored = await findSiteScanLogin(prisma, siteId)
  const kept = storedSecrets(stored, secrets)
  const login =
    body.kind === 'form'
      ? formToStore(body.form ?? unreachableBody('form'), kept, root)
      : cookiesToStore(body.cookies ?? unreachableBody('cookies'), stored, kept, root)
  const saved = await saveSiteScanLogin(prisma, siteId, {
    kind: login.kind,
    config: login.config,
    sealed: secrets.seal(JSON.stringify(login.secrets)),
  })
  return presentScanLogin(saved)
}

export async function removeScanLogin(prisma: PrismaClient, siteId: string): Promise<void> {
  if (!(await deleteSiteScanLogin(prisma, siteId)))
    throw notFound('No sign-in is set for scans of this site.')
}

export interface TestScanLoginDeps {
  prisma: PrismaClient
  queues: QueueRegistry
  redisUrl: string
  queuePrefix: string
}

/**
 * The API only enqueues: a worker signs in as a scan would (test-scan-login) and the answer waits for its
 * result, read from the queue's events, up to SCAN_LOGIN_TEST_TIMEOUT_MS.
 */
export async function testScanLogin(deps: TestScanLoginDeps, siteId: string): Promise<ScanLoginTestResult> {
  if (!(await findSiteScanLogin(deps.prisma, siteId)))
    throw new HttpError(409, 'Save a sign-in for scans before testing it.')
  const connection = new Redis(deps.redisUrl, { maxRetriesPerRequest: null, connectTimeout: 5_000 })
  const events = new QueueEvents(SCAN_QUEUE_NAMES.scans, { connection, prefix: deps.queuePrefix })
  try {
    await events.waitUntilReady()
    const job = (await enqueueJob(deps.queues, JOBS.testScanLogin, {
      siteId,
      requestId: randomUUID(),
    })) as Job
    const result = await job.waitUntilFinished(events, SCAN_LOGIN_TEST_TIMEOUT_MS).catch((error: unknown) => {
      const timedOut = /timed out/i.test(String(error))
      return {
        ok: false,
        message: timedOut
          ? `No worker answered within ${SCAN_LOGIN_TEST_TIMEOUT_MS / 1000} s: try again when scans are running.`
          : `The test sign-in failed: ${error instanceof Error ? error.message : String(error)}`,
      }
    })
    return ScanLoginTestResultSchema.parse(result)
  } finally {
    await events.close().catch(() => undefined)
    await connection.quit().catch(() => undefined)
  }
}
