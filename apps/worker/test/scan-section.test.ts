import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ScanStatus, Section } from '@canopy/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCANNED_PAGES } from '../../../tests/fixtures/site/planted.js'
import { type FixtureSite, startFixtureSite } from '../../../tests/fixtures/site/server.js'
import { SECTION_SCAN_ACTIVE_MESSAGE } from '../../api/src/services/scan-service.js'
import { createSessionCookie, createTestSite, createTestUser } from '../../api/test/factories.js'
import { buildTestApp, type TestApp } from '../../api/test/helper.js'
import { loadWorkerConfig } from '../src/config.js'
import { createLogger } from '../src/logger.js'
import { type RunningWorkers, startWorkers } from '../src/start-workers.js'
import { scanTestEnv, waitForScanState } from './support/scan-fixtures.js'

// A section of the fixture site made by rules through the API, rescanned with
// POST /api/v1/sites/:slug/sections/:sectionId/scan and run by the worker's real jobs (Chromium, Lighthouse
// off): only the section's pages are scanned, and the section's pages, score and history are rolled up.
const config = loadWorkerConfig(scanTestEnv())
const NEWS_PAGES = SCANNED_PAGES.filter((pagePath) => pagePath.startsWith('/news/'))
let fixture: FixtureSite
let artifactsDir: string
let running: RunningWorkers
let api: TestApp

const pathOf = (url: string) => new URL(url).pathname

beforeAll(async () => {
  artifactsDir = await mkdtemp(path.join(tmpdir(), 'canopy-section-'))
  fixture = await startFixtureSite({})
  api = await buildTestApp()
  running = await startWorkers({
    config: { ...config, artifactsDir },
    logger: createLogger({ logLevel: 'silent' }),
  })
}, 60_000)

afterAll(async () => {
  await running?.close()
  await api?.app.close()
  await fixture?.close()
  if (artifactsDir) await rm(artifactsDir, { recursive: true, force: true })
})

describe('section scan of the fixture site', () => {
  it('scans only the pages the rules admit, answers 409 while it runs, and rolls up the section', async () => {
    const { app } = api
    const admin = await createTestUser(app.prisma)
    const site = await createTestSite(app.prisma, {
      rootUri: fixture.url,
      members: [{ userId: admin.id, isAdmin: true }],
    })
    const headers = { cookie: await createSessionCookie(app.prisma, admin.id) }
    const created = await app.inject({
      method: 'POST',
      url: `/api/v1/sites/${site.slug}/sections`,
      headers,
      payload: {
        title: 'News',
        conditions: [
          { matchType: 'Includes', source: 'Path', operator: 'Starts with', value: '/news/' },
          // Excludes narrow it: the archive page is under /news/ but not in the section.
          { matchType: 'Excludes', source: 'Path', operator: 'Equals', value: '/news/archive' },
        ],
      },
    })
    expect(created.statusCode).toBe(201)
    const sectionId = (created.json() as Section).sys.id
    const expectedPaths = NEWS_PAGES.filter((pagePath) => pagePath !== '/news/archive').sort()

    const scanUrl = `/api/v1/sites/${site.slug}/sections/${sectionId}/scan`
    const started = await app.inject({ method: 'POST', url: scanUrl, headers })
    expect(started.statusCode).toBe(202)
    const { scanId } = started.json() as { scanId: string }
    const again = await app.inject({ method: 'POST', url: scanUrl, headers })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(SECTION_SCAN_ACTIVE_MESSAGE)

    await waitForScanState(app.prisma, scanId, (row) => row.state === 'completed', 150_000)
    const status = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/scans/${scanId}`,
      headers,
    })
    expect(status.json() as ScanStatus).toMatchObject({
      state: 'completed',
      pagesScanned: expectedPaths.length,
      pagesFailed: 0,
    })

    // Only the section's pages: not the root the crawl started from, not the excluded archive.
    const results = await app.prisma.pageResult.findMany({ where: { scanId }, include: { page: true } })
    expect(results.map((row) => pathOf(row.page.url)).sort()).toEqual(expectedPaths)
    expect(results.every((row) => row.status === 'succeeded')).toBe(true)
    expect(await app.prisma.page.count({ where: { siteId: site.id } })).toBe(expectedPaths.length)

    // The section rolled up: its pages, score and one history point; the site's own series untouched.
    const members = await app.prisma.sectionPage.findMany({ where: { sectionId }, include: { page: true } })
    expect(members.map((member) => pathOf(member.page.url)).sort()).toEqual(expectedPaths)
    const section = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/sections/${sectionId}`,
      headers,
    })
    expect(section.json() as Section).toMatchObject({
      pagesInSection: expectedPaths.length,
      hasFirstScanned: true,
    })
    expect((section.json() as Section).overallScore).toBeGreaterThan(0)
    const history = await app.prisma.historyPoint.findMany({ where: { scanId } })
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({ sectionId, numberOfPages: expectedPaths.length })
    expect(history[0]?.overviewScore).toBe((section.json() as Section).overallScore)

    // Finalize ran over the section's pages: the planted duplicate titles within /news/ are found.
    const duplicate = await app.prisma.pageIssue.findFirst({
      where: {
        scanId,
        issueId: 'duplicate-title',
        page: { url: new URL('/news/road-closures', fixture.url).href },
      },
    })
    expect(duplicate?.outcome).toBe('failed')

    const afterwards = await app.inject({ method: 'POST', url: scanUrl, headers })
    expect(afterwards.statusCode).toBe(202)
    const next = (afterwards.json() as { scanId: string }).scanId
    expect(next).not.toBe(scanId)
    await waitForScanState(app.prisma, next, (row) => row.state === 'completed', 150_000)

    // A page scan of one of the section's pages changes that page alone: the section keeps its other
    // members, count and score, no history point is written, and the site is not marked first-scanned.
    const onePage = new URL(expectedPaths[0] ?? '/news/', fixture.url).href
    const pageScan = await app.inject({
      method: 'POST',
      url: `/api/v1/sites/${site.slug}/scans`,
      headers,
      payload: { uri: onePage },
    })
    expect(pageScan.statusCode).toBe(202)
    const pageScanId = (pageScan.json() as { scanId: string }).scanId
    await waitForScanState(app.prisma, pageScanId, (row) => row.state === 'completed', 120_000)
    const sectionAfter = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/sections/${sectionId}`,
      headers,
    })
    expect(sectionAfter.json() as Section).toMatchObject({ pagesInSection: expectedPaths.length })
    const membersAfter = await app.prisma.sectionPage.findMany({
      where: { sectionId },
      include: { page: true },
    })
    expect(membersAfter.map((member) => pathOf(member.page.url)).sort()).toEqual(expectedPaths)
    expect(await app.prisma.historyPoint.count({ where: { scanId: pageScanId } })).toBe(0)
    expect((await app.prisma.site.findUniqueOrThrow({ where: { id: site.id } })).firstScanCompleted).toBe(
      false,
    )
  }, 420_000)
})
