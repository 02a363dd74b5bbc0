import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { enqueueJob, JOBS, SCAN_LOGIN_FAILED_PREFIX, SCAN_QUEUE_NAMES } from '@canopy/contracts'
import { createPrismaClient, createSecretBox, saveSiteScanLogin } from '@canopy/db'
import { type Job, Queue, QueueEvents } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  MEMBER_COOKIE,
  MEMBER_EMAIL,
  MEMBER_PASSWORD,
  MEMBER_SESSION,
  MEMBERS_BARRIER_PATH,
  MEMBERS_HOME_PATH,
  MEMBERS_LOGIN_PATH,
  MEMBERS_LOGOUT_PATH,
  MEMBERS_OFFICERS_PATH,
  MEMBERS_SIGNED_IN_TEXT,
} from '../../../tests/fixtures/site/members.js'
import { type FixtureSite, startFixtureSite } from '../../../tests/fixtures/site/server.js'
import { SharedBrowser } from '../src/browser/shared-browser.js'
import { type LoginFormPlan, SignInError, signIn } from '../src/browser/sign-in.js'
import { loadWorkerConfig } from '../src/config.js'
import { runLighthouseRaw } from '../src/lighthouse/index.js'
import { createLogger } from '../src/logger.js'
import { createAddressGuard } from '../src/net/index.js'
import { type RunningWorkers, startWorkers } from '../src/start-workers.js'
import {
  createFixtureSiteRow,
  randomSuffix,
  scanTestEnv,
  startSiteScan,
  waitForScanState,
} from './support/scan-fixtures.js'

// Scans of the fixture's members area (behind a sign-in form) through the real queues, Chromium and database.
let fixture: FixtureSite
let artifactsDir: string
let running: RunningWorkers
const env = scanTestEnv({ CANOPY_QUEUE_PREFIX: `scan-login-test-${randomSuffix()}` })
const config = loadWorkerConfig(env)
const prisma = createPrismaClient(config.databaseUrl)
const box = createSecretBox(config.secretsKey)
const browser = new SharedBrowser({ executablePath: config.chromiumPath })
const guard = createAddressGuard({ allowHosts: config.allowHosts })

const urlOf = (pagePath: string) => new URL(pagePath, fixture.url).href
const pathOf = (url: string) => new URL(url).pathname

function formPlan(overrides: Partial<LoginFormPlan> = {}): LoginFormPlan {
  return {
    kind: 'form',
    loginUrl: urlOf(MEMBERS_LOGIN_PATH),
    usernameSelector: '#member-email',
    passwordSelector: '#member-password',
    submitSelector: 'button[type=submit]',
    successCheck: { kind: 'text', value: MEMBERS_SIGNED_IN_TEXT },
    username: MEMBER_EMAIL,
    password: MEMBER_PASSWORD,
    ...overrides,
  }
}

/** The members area as a site, its sign-in stored as the API stores it (the secrets sealed). */
async function membersSite(plan: LoginFormPlan) {
  const site = await createFixtureSiteRow(prisma, urlOf(MEMBERS_HOME_PATH), { pageLimit: 10 })
  const { username, password, kind, ...config } = plan
  await saveSiteScanLogin(prisma, site.id, {
    kind,
    config,
    sealed: box.seal(JSON.stringify({ username, password })),
  })
  return site
}

async function scan(siteId: string, state: 'completed' | 'failed') {
  const started = await startSiteScan(prisma, siteId, 10, config.redisUrl, config.queuePrefix)
  return waitForScanState(prisma, started.id, (row) => row.state === state, 120_000)
}

beforeAll(async () => {
  artifactsDir = await mkdtemp(path.join(tmpdir(), 'canopy-scan-login-'))
  fixture = await startFixtureSite({})
  running = await startWorkers({
    config: { ...config, artifactsDir },
    logger: createLogger({ logLevel: 'silent' }),
  })
}, 60_000)

afterAll(async () => {
  await running?.close()
  await browser.close()
  await fixture?.close()
  await prisma.$disconnect()
  if (artifactsDir) await rm(artifactsDir, { recursive: true, force: true })
})

describe('signing in with a recorded login form', () => {
  it('fills in the form and keeps the session cookie the site set', async () => {
    const cookies = await signIn(browser, formPlan(), { guard, timeoutMs: 8000 })
    expect(cookies).toContainEqual(expect.objectContaining({ name: MEMBER_COOKIE, value: MEMBER_SESSION }))
  })

  it('says which field is missing and when the success check never showed', async () => {
    await expect(
      signIn(browser, formPlan({ usernameSelector: '#nope' }), { guard, timeoutMs: 8000 }),
    ).rejects.toThrow(new SignInError('the username field (#nope) is not on the login page'))
    await expect(
      signIn(browser, formPlan({ password: 'wrong' }), { guard, timeoutMs: 3000 }),
    ).rejects.toThrow(/after submitting the login form, no text "Signed in as" showed/)
  })
})

describe('a scan behind a login', () => {
  it('audits the members pages signed in: the barrier of a page only members see is found', async () => {
    const site = await membersSite(formPlan())
    const finished = await scan(site.id, 'completed')
    const results = await prisma.pageResult.findMany({
      where: { scanId: finished.id },
      include: { page: true },
    })
    const paths = results.map((row) => pathOf(row.page.url)).sort()
    expect(paths).toEqual(expect.arrayContaining([MEMBERS_HOME_PATH, MEMBERS_BARRIER_PATH]))
    expect(results.every((row) => row.status === 'succeeded')).toBe(true)
    const issue = await prisma.pageIssue.findFirst({
      where: {
        siteId: site.id,
        pageUrl: urlOf(MEMBERS_BARRIER_PATH),
        issueId: 'image-alt',
        outcome: 'failed',
      },
    })
    expect(issue).not.toBeNull()
    // A page that sends a signed-in member to sign in is a redirect to the login page, not an audited page.
    expect(paths).not.toContain(MEMBERS_OFFICERS_PATH)
    const officers = await prisma.link.findUniqueOrThrow({
      where: { siteId_url: { siteId: site.id, url: urlOf(MEMBERS_OFFICERS_PATH) } },
    })
    expect(officers.finalUrl).toBe(urlOf(MEMBERS_LOGIN_PATH))
    // Signing out would end the session the rest of the scan uses: the crawl never loads it.
    const frontier = await prisma.scanUrl.findMany({ where: { scanId: finished.id } })
    expect(frontier.map((row) => pathOf(row.url))).not.toContain(MEMBERS_LOGOUT_PATH)
  }, 150_000)

  it('carries a recorded cookie set into every page', async () => {
    const site = await createFixtureSiteRow(prisma, urlOf(MEMBERS_HOME_PATH), { pageLimit: 10 })
    await saveSiteScanLogin(prisma, site.id, {
      kind: 'cookies',
      config: [{ name: MEMBER_COOKIE, domain: '127.0.0.1', path: '/members' }],
      sealed: box.seal(JSON.stringify({ cookieValues: [MEMBER_SESSION] })),
    })
    const finished = await scan(site.id, 'completed')
    const results = await prisma.pageResult.findMany({
      where: { scanId: finished.id },
      include: { page: true },
    })
    expect(results.map((row) => pathOf(row.page.url))).toEqual(
      expect.arrayContaining([MEMBERS_HOME_PATH, MEMBERS_BARRIER_PATH]),
    )
  }, 150_000)

  it('fails the scan with the reason when it cannot sign in', async () => {
    const site = await membersSite(formPlan({ password: 'wrong' }))
    const finished = await scan(site.id, 'failed')
    expect(finished.error).toMatch(new RegExp(`^${SCAN_LOGIN_FAILED_PREFIX}after submitting the login form`))
    expect(await prisma.pageResult.count({ where: { scanId: finished.id } })).toBe(0)
  }, 150_000)
})

describe('the test sign-in job', () => {
  it('reports a sign-in that works and one that does not, as its result', async () => {
    const connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null })
    const queue = new Queue(SCAN_QUEUE_NAMES.scans, { connection, prefix: config.queuePrefix })
    const events = new QueueEvents(SCAN_QUEUE_NAMES.scans, {
      connection: connection.duplicate(),
      prefix: config.queuePrefix,
    })
    await events.waitUntilReady()
    const test = async (siteId: string) => {
      const job = (await enqueueJob({ get: () => queue }, JOBS.testScanLogin, {
        siteId,
        requestId: randomSuffix(),
      })) as Job
      return job.waitUntilFinished(events, 60_000)
    }
    try {
      const good = await membersSite(formPlan())
      expect(await test(good.id)).toMatchObject({
        ok: true,
        message: expect.stringMatching(/^Signed in at /),
      })
      const wrong = await membersSite(formPlan({ password: 'wrong' }))
      expect(await test(wrong.id)).toMatchObject({
        ok: false,
        message: expect.stringMatching(new RegExp(`^${SCAN_LOGIN_FAILED_PREFIX}after submitting`)),
      })
    } finally {
      await events.close()
      await queue.close()
      await connection.quit()
    }
  }, 60_000)
})

describe('Lighthouse behind a login', () => {
  it('measures the members page itself with the session cookies, the login page without them', async () => {
    const run = (cookies: { name: string; value: string; domain: string; path: string }[]) =>
      runLighthouseRaw({
        url: urlOf(MEMBERS_BARRIER_PATH),
        formFactor: 'desktop',
        mode: 'tuned',
        cookies,
        chromiumPath: config.chromiumPath,
        allowHosts: config.allowHosts,
      })
    const cookie = { name: MEMBER_COOKIE, value: MEMBER_SESSION, domain: '127.0.0.1', path: '/members' }
    expect((await run([cookie])).lhr.finalDisplayedUrl).toBe(urlOf(MEMBERS_BARRIER_PATH))
    expect((await run([])).lhr.finalDisplayedUrl).toBe(urlOf(MEMBERS_LOGIN_PATH))
  }, 120_000)
})
