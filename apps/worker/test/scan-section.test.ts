import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { enqueueJob, JOBS } from '@canopy/contracts'
import { createPrismaClient, createScanUnlessActive, createSection } from '@canopy/db'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCANNED_PAGES } from '../../../tests/fixtures/site/planted.js'
import { type FixtureSite, startFixtureSite } from '../../../tests/fixtures/site/server.js'
import { loadWorkerConfig } from '../src/config.js'
import { createLogger } from '../src/logger.js'
import { type RunningWorkers, startWorkers } from '../src/start-workers.js'
import {
  createFixtureSiteRow,
  scanTestEnv,
  startSiteScan,
  waitForScanState,
} from './support/scan-fixtures.js'

// A section of the fixture site made by rules, rescanned as the API does it (the scan row created through
// packages/db unless one is active, its discovery job enqueued through the job catalogue) and run by the
// worker's real jobs (Chromium, Lighthouse off): only the section's pages are scanned, and the section's
// pages, score, history and issue roll-up are built.
const config = loadWorkerConfig(scanTestEnv())
const prisma = createPrismaClient(config.databaseUrl)
const NEWS_PAGES = SCANNED_PAGES.filter((pagePath) => pagePath.startsWith('/news/'))
let fixture: FixtureSite
let artifactsDir: string
let running: RunningWorkers
let connection: Redis
let scansQueue: Queue

const pathOf = (url: string) => new URL(url).pathname

beforeAll(async () => {
  artifactsDir = await mkdtemp(path.join(tmpdir(), 'canopy-section-'))
  fixture = await startFixtureSite({})
  connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null })
  scansQueue = new Queue(JOBS.scanSite.queue, { connection, prefix: config.queuePrefix })
  running = await startWorkers({
    config: { ...config, artifactsDir },
    logger: createLogger({ logLevel: 'silent' }),
  })
}, 60_000)

afterAll(async () => {
  await running?.close()
  await scansQueue?.close()
  await connection?.quit()
  await prisma.$disconnect()
  await fixture?.close()
  if (artifactsDir) await rm(artifactsDir, { recursive: true, force: true })
})

/** A section scan unless the site or the section is being scanned, as POST …/sections/:id/scan starts it. */
async function startSectionScan(site: { id: string; maximumPageLimitPerScan: number }, sectionId: string) {
  const started = await createScanUnlessActive(
    prisma,
    {
      siteId: site.id,
      sectionId,
      kind: 'section',
      requestedById: null,
      pageLimit: site.maximumPageLimitPerScan,
    },
    { OR: [{ kind: 'site' }, { kind: 'section', sectionId }] },
  )
  if (started.created) await enqueueJob({ get: () => scansQueue }, JOBS.scanSite, { scanId: started.scan.id })
  return started
}

describe('section scan of the fixture site', () => {
  it('scans only the pages the rules admit, refuses a second one while it runs, and rolls up the section', async () => {
    const site = await createFixtureSiteRow(prisma, fixture.url)
    const { id: sectionId } = await createSection(prisma, {
      siteId: site.id,
      slug: 'news',
      title: 'News',
      description: null,
      conditions: [
        { matchType: 'Includes', source: 'Path', operator: 'StartsWith', name: null, value: '/news/' },
        // Excludes narrow it: the archive page is under /news/ but not in the section.
        { matchType: 'Excludes', source: 'Path', operator: 'Equals', name: null, value: '/news/archive' },
      ],
    })
    const expectedPaths = NEWS_PAGES.filter((pagePath) => pagePath !== '/news/archive').sort()

    const first = await startSectionScan(site, sectionId)
    expect(first.created).toBe(true)
    const again = await startSectionScan(site, sectionId)
    expect(again).toMatchObject({ created: false, scan: { id: first.scan.id } })
    const scanId = first.scan.id

    const scan = await waitForScanState(prisma, scanId, (row) => row.state === 'completed', 150_000)
    expect(scan).toMatchObject({ pagesScanned: expectedPaths.length, pagesFailed: 0, number: 1 })

    // Only the section's pages: not the root the crawl started from, not the excluded archive.
    const results = await prisma.pageResult.findMany({ where: { scanId }, include: { page: true } })
    expect(results.map((row) => pathOf(row.page.url)).sort()).toEqual(expectedPaths)
    expect(results.every((row) => row.status === 'succeeded')).toBe(true)
    expect(await prisma.page.count({ where: { siteId: site.id } })).toBe(expectedPaths.length)

    // The section rolled up: its pages, score and one history point; the site's own series untouched.
    const members = await prisma.sectionPage.findMany({ where: { sectionId }, include: { page: true } })
    expect(members.map((member) => pathOf(member.page.url)).sort()).toEqual(expectedPaths)
    const section = await prisma.section.findUniqueOrThrow({ where: { id: sectionId } })
    expect(section).toMatchObject({ pagesInSection: expectedPaths.length, hasFirstScanned: true })
    expect(section.overallScore).toBeGreaterThan(0)
    const history = await prisma.historyPoint.findMany({ where: { scanId } })
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({ sectionId, numberOfPages: expectedPaths.length })
    expect(history[0]?.overviewScore).toBe(section.overallScore)

    // Finalize ran over the section's pages: the planted duplicate titles within /news/ are found, and the
    // issue roll-up of the section counts them.
    const duplicate = await prisma.pageIssue.findFirst({
      where: {
        scanId,
        issueId: 'duplicate-title',
        page: { url: new URL('/news/road-closures', fixture.url).href },
      },
    })
    expect(duplicate?.outcome).toBe('failed')
    const sectionSummary = await prisma.issueSummary.findFirstOrThrow({
      where: { siteId: site.id, scopeId: sectionId, category: 'seo', issueId: 'duplicate-title' },
    })
    expect(sectionSummary.pagesFailed).toBeGreaterThanOrEqual(2)
    expect(sectionSummary.pagesNew).toBe(sectionSummary.pagesFailed)

    const next = await startSectionScan(site, sectionId)
    expect(next.created).toBe(true)
    await waitForScanState(prisma, next.scan.id, (row) => row.state === 'completed', 150_000)
    // Rescanned unchanged: the duplicate keeps the failing stretch the first scan began, nothing is new.
    const kept = await prisma.pageIssue.findUniqueOrThrow({ where: { id: duplicate?.id ?? '' } })
    expect(kept).toMatchObject({ failingSinceScanId: scanId, lastFailedScanId: next.scan.id, fixedAt: null })
    expect(
      await prisma.issueSummary.findFirstOrThrow({
        where: { siteId: site.id, scopeId: sectionId, issueId: 'duplicate-title' },
      }),
    ).toMatchObject({ scanId: next.scan.id, pagesNew: 0, pagesFixed: 0 })

    // A page scan of one of the section's pages changes that page alone: the section keeps its other
    // members, count and score, no history point is written, and the site is not marked first-scanned.
    // (members as the rescan left them: a page that timed out on a busy machine drops out until it loads again)
    const memberPaths = async () =>
      (await prisma.sectionPage.findMany({ where: { sectionId }, include: { page: true } }))
        .map((member) => pathOf(member.page.url))
        .sort()
    const membersBefore = await memberPaths()
    const onePage = new URL(membersBefore[0] ?? '/news/', fixture.url).href
    const pageScan = await startSiteScan(prisma, site.id, 1, config.redisUrl, config.queuePrefix, onePage)
    await waitForScanState(prisma, pageScan.id, (row) => row.state === 'completed', 120_000)
    const sectionAfter = await prisma.section.findUniqueOrThrow({ where: { id: sectionId } })
    expect(sectionAfter.pagesInSection).toBe(membersBefore.length)
    expect(await memberPaths()).toEqual(membersBefore)
    expect(await prisma.historyPoint.count({ where: { scanId: pageScan.id } })).toBe(0)
    expect((await prisma.site.findUniqueOrThrow({ where: { id: site.id } })).firstScanCompleted).toBe(false)
  }, 420_000)
})
