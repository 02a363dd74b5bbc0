import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SCAN_LOGIN_FAILED_PREFIX } from '@canopy/contracts'
import { createPrismaClient, createSecretBox, saveSiteScanLogin } from '@canopy/db'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  MEMBER_COOKIE,
  MEMBER_EMAIL,
  MEMBER_PASSWORD,
  MEMBER_SESSION,
  MEMBERS_COMMITTEE_PAGES,
  MEMBERS_COMMITTEES_PATH,
  MEMBERS_HOME_PATH,
  MEMBERS_LOGIN_PATH,
  MEMBERS_OFFICERS_PATH,
  MEMBERS_SIGNED_IN_TEXT,
} from '../../../tests/fixtures/site/members.js'
import {
  type FixtureSite,
  MEMBERS_CONTROL_PATH,
  startFixtureSite,
} from '../../../tests/fixtures/site/server.js'
import { loadWorkerConfig } from '../src/config.js'
import { SESSION_RENEWALS_PER_WINDOW } from '../src/jobs/scan-session.js'
import { createLogger } from '../src/logger.js'
import { type RunningWorkers, startWorkers } from '../src/start-workers.js'
import {
  createFixtureSiteRow,
  randomSuffix,
  scanTestEnv,
  startSiteScan,
  waitForScanState,
} from './support/scan-fixtures.js'

// Scans behind a login whose session the site ends mid-scan (the fixture's members sessions that end after a
// few pages), through the real queues, Chromium and database.
let fixture: FixtureSite
let artifactsDir: string
let running: RunningWorkers
const env = scanTestEnv({ CANOPY_QUEUE_PREFIX: `scan-renewal-test-${randomSuffix()}` })
const config = loadWorkerConfig(env)
const prisma = createPrismaClient(config.databaseUrl)
const box = createSecretBox(config.secretsKey)

const urlOf = (pagePath: string) => new URL(pagePath, fixture.url).href
const pathOf = (url: string) => new URL(url).pathname
const COMMITTEE_AREA = [MEMBERS_COMMITTEES_PATH, ...MEMBERS_COMMITTEE_PAGES].sort()

/** Members sessions end after `sessionPages` members pages (null: never); the fixture's sign-ins counted afresh. */
async function endSessionsAfter(sessionPages: number | null) {
  const answer = await fetch(urlOf(MEMBERS_CONTROL_PATH), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sessionPages }),
  })
  expect(answer.status).toBe(204)
}

async function fixtureSignIns(): Promise<number> {
  const state = (await (await fetch(urlOf(MEMBERS_CONTROL_PATH))).json()) as { signIns: number }
  return state.signIns
}

/** A site rooted at `rootPath` of the members area, signing in with the recorded login form. */
async function formSite(rootPath: string) {
  const site = await createFixtureSiteRow(prisma, urlOf(rootPath), { pageLimit: 10 })
  await saveSiteScanLogin(prisma, site.id, {
    kind: 'form',
    config: {
      loginUrl: urlOf(MEMBERS_LOGIN_PATH),
      usernameSelector: '#member-email',
      passwordSelector: '#member-password',
      submitSelector: 'button[type=submit]',
      successCheck: { kind: 'text', value: MEMBERS_SIGNED_IN_TEXT },
    },
    sealed: box.seal(JSON.stringify({ username: MEMBER_EMAIL, password: MEMBER_PASSWORD })),
  })
  return site
}

async function scan(siteId: string, state: 'completed' | 'failed') {
  const started = await startSiteScan(prisma, siteId, 10, config.redisUrl, config.queuePrefix)
  return waitForScanState(prisma, started.id, (row) => row.state === state, 120_000)
}

async function resultsOf(scanId: string) {
  const results = await prisma.pageResult.findMany({ where: { scanId }, include: { page: true } })
  return results.map((row) => ({ path: pathOf(row.page.url), status: row.status, error: row.error }))
}

beforeAll(async () => {
  artifactsDir = await mkdtemp(path.join(tmpdir(), 'canopy-scan-renewal-'))
  fixture = await startFixtureSite({})
  running = await startWorkers({
    config: { ...config, artifactsDir },
    logger: createLogger({ logLevel: 'silent' }),
  })
}, 60_000)

afterEach(async () => {
  await endSessionsAfter(null)
})

afterAll(async () => {
  await running?.close()
  await fixture?.close()
  await prisma.$disconnect()
  if (artifactsDir) await rm(artifactsDir, { recursive: true, force: true })
})

describe('a signed-in scan whose session the site ends', () => {
  it('signs in again once and still audits every protected page', async () => {
    // The first session covers its own landing and three pages; the last two pages need a second sign-in.
    await endSessionsAfter(4)
    const site = await formSite(MEMBERS_COMMITTEES_PATH)
    const finished = await scan(site.id, 'completed')
    const results = await resultsOf(finished.id)
    expect(results.map((row) => row.path).sort()).toEqual(COMMITTEE_AREA)
    expect(results.every((row) => row.status === 'succeeded')).toBe(true)
    expect(await fixtureSignIns()).toBe(2)
    // No page was skipped as a redirect to the login page.
    const frontier = await prisma.scanUrl.findMany({ where: { scanId: finished.id } })
    expect(frontier.map((row) => row.state)).toEqual(Array(COMMITTEE_AREA.length).fill('scanned'))
  }, 150_000)

  it('fails the pages a refused cookie set is sent to sign in from, saying so', async () => {
    // The cookie set holds for three members pages: the scan's check of the root with it, and two pages.
    await endSessionsAfter(3)
    const site = await createFixtureSiteRow(prisma, urlOf(MEMBERS_COMMITTEES_PATH), { pageLimit: 10 })
    await saveSiteScanLogin(prisma, site.id, {
      kind: 'cookies',
      config: [{ name: MEMBER_COOKIE, domain: '127.0.0.1', path: '/members' }],
      sealed: box.seal(JSON.stringify({ cookieValues: [MEMBER_SESSION] })),
    })
    const finished = await scan(site.id, 'completed')
    const results = await resultsOf(finished.id)
    expect(results.map((row) => row.path).sort()).toEqual(COMMITTEE_AREA)
    const failed = results.filter((row) => row.status === 'failed')
    expect(failed).toHaveLength(3)
    for (const row of failed)
      expect(row.error).toBe(
        `The scan's sign-in cookies were refused by the site: it sent the scan to its login page ${urlOf(MEMBERS_LOGIN_PATH)}; record the cookies again.`,
      )
    expect(finished.pagesFailed).toBe(3)
    expect(await fixtureSignIns()).toBe(0)
  }, 150_000)

  it('fails the scan when the site ends the session on every page', async () => {
    // Each session covers its own landing and one page: every further page needs a sign-in of its own.
    await endSessionsAfter(2)
    const site = await formSite(MEMBERS_COMMITTEES_PATH)
    const finished = await scan(site.id, 'failed')
    expect(finished.error).toBe(
      `${SCAN_LOGIN_FAILED_PREFIX}the site ended the scan's session more than ${SESSION_RENEWALS_PER_WINDOW} times within 5 minutes, as if it signed out on every page (a link the scan follows may sign out), so the scan stopped signing in again`,
    )
    expect(await fixtureSignIns()).toBe(SESSION_RENEWALS_PER_WINDOW + 1)
  }, 150_000)

  it('keeps a session that holds when a page sends members to sign in, signing in once', async () => {
    await endSessionsAfter(null)
    const site = await formSite(MEMBERS_HOME_PATH)
    const finished = await scan(site.id, 'completed')
    const paths = (await resultsOf(finished.id)).map((row) => row.path)
    expect(paths).toContain(MEMBERS_HOME_PATH)
    expect(paths).not.toContain(MEMBERS_OFFICERS_PATH)
    const officers = await prisma.link.findUniqueOrThrow({
      where: { siteId_url: { siteId: site.id, url: urlOf(MEMBERS_OFFICERS_PATH) } },
    })
    expect(officers.finalUrl).toBe(urlOf(MEMBERS_LOGIN_PATH))
    expect(await fixtureSignIns()).toBe(1)
  }, 150_000)
})
