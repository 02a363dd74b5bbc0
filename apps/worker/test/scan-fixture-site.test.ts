import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ENGINE_IDS } from '@canopy/contracts'
import { createPrismaClient } from '@canopy/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CLEAN_PAGES,
  CUSTOM_DICTIONARY_WORDS,
  DISALLOWED_PAGES,
  DOCUMENTS,
  expandUrl,
  FAILING_PAGES,
  MALICIOUS_LINKS,
  ORPHANED_PAGES,
  PLANTED_PROBLEMS,
  SCANNED_PAGES,
} from '../../../tests/fixtures/site/planted.js'
import { type FixtureSite, startFixtureSite } from '../../../tests/fixtures/site/server.js'
import { startWebRiskFake, type WebRiskFake } from '../../../tests/fixtures/web-risk/server.js'
import { loadWorkerConfig } from '../src/config.js'
import { createLogger } from '../src/logger.js'
import { type RunningWorkers, startWorkers } from '../src/start-workers.js'
import {
  addDictionaryWords,
  createFixtureSiteRow,
  scanTestEnv,
  startSiteScan,
  waitForScanState,
} from './support/scan-fixtures.js'

// A whole scan of the fixture site through the real queues, Chromium and database (Lighthouse off): the
// site row and the scan are created through packages/db and the discovery job enqueued through the job
// catalogue, exactly as the API does it; what the API then serves of it is tested in apps/api.
let fixture: FixtureSite
let webRisk: WebRiskFake
const WEB_RISK_KEY = 'scan-test-key'
let artifactsDir: string
let running: RunningWorkers
const env = scanTestEnv()
const config = loadWorkerConfig(env)
const prisma = createPrismaClient(config.databaseUrl)

type ScanOutcome = Awaited<ReturnType<typeof runScan>>
let outcome: ScanOutcome

async function runScan() {
  const site = await createFixtureSiteRow(prisma, fixture.url, { pageLimit: 100, engines: ENGINE_IDS })
  // The site's dictionary words and web-risk integration go in directly, as the API stores them.
  await addDictionaryWords(prisma, site.id, CUSTOM_DICTIONARY_WORDS)
  await prisma.integration.create({
    data: {
      siteId: site.id,
      kind: 'web_risk',
      enabled: true,
      config: { baseUrl: webRisk.url },
      secrets: { apiKey: WEB_RISK_KEY },
    },
  })
  const started = Date.now()
  const { id: scanId } = await startSiteScan(prisma, site.id, 100, config.redisUrl, config.queuePrefix)
  const scan = await waitForScanState(prisma, scanId, (row) => row.state === 'completed', 240_000)
  const seconds = (Date.now() - started) / 1000
  const results = await prisma.pageResult.findMany({ where: { scanId }, include: { page: true } })
  const loads = results.map((row) => `${pathOf(row.page.url)} ${row.loadTimeMs}`).join(', ')
  const lastPage = Math.max(...results.map((row) => row.scannedAt.getTime()))
  const failures = results
    .filter((row) => row.status === 'failed')
    .map((row) => `${pathOf(row.page.url)}: ${row.error}`)
  console.info(`failed: ${failures.join(' | ')}`)
  console.info(`loads: ${loads}; finalize ${(scan.finishedAt?.getTime() ?? 0) - lastPage} ms`)
  return { site, scan, seconds, results }
}

const pathOf = (url: string) => new URL(url).pathname
const pageIdOf = (pagePath: string) => {
  const result = outcome.results.find((row) => pathOf(row.page.url) === pagePath)
  if (!result) throw new Error(`no page ${pagePath}`)
  return result.pageId
}

beforeAll(async () => {
  artifactsDir = await mkdtemp(path.join(tmpdir(), 'canopy-artifacts-'))
  fixture = await startFixtureSite({})
  webRisk = await startWebRiskFake({
    apiKey: WEB_RISK_KEY,
    threats: new Map(MALICIOUS_LINKS.map((link) => [expandUrl(link.url, fixture), link.threatTypes])),
  })
  running = await startWorkers({
    config: { ...config, artifactsDir },
    logger: createLogger({ logLevel: 'silent' }),
  })
  outcome = await runScan()
  console.info(`fixture site scan: ${outcome.results.length} pages in ${outcome.seconds.toFixed(1)} s`)
}, 300_000)

afterAll(async () => {
  await running?.close()
  await webRisk?.close()
  await prisma.$disconnect()
  await fixture?.close()
  if (artifactsDir) await rm(artifactsDir, { recursive: true, force: true })
})

describe('site scan of the fixture site', () => {
  it('records every page once, the failing ones as failed, never the disallowed one', () => {
    const paths = outcome.results.map((row) => pathOf(row.page.url)).sort()
    expect(paths).toEqual([...SCANNED_PAGES].sort())
    expect(new Set(outcome.results.map((row) => row.pageId)).size).toBe(outcome.results.length)
    const failed = outcome.results.filter((row) => row.status === 'failed').map((row) => pathOf(row.page.url))
    expect(failed.sort()).toEqual([...FAILING_PAGES].sort())
    for (const disallowed of DISALLOWED_PAGES) expect(paths).not.toContain(disallowed)
    expect(outcome.scan.pagesScanned + outcome.scan.pagesFailed).toBe(SCANNED_PAGES.length)
    expect(outcome.scan.pagesQueued).toBe(SCANNED_PAGES.length)
    expect(outcome.scan.pagesFailed).toBe(FAILING_PAGES.length)
  })

  it('finds every planted accessibility and SEO problem with its level and count', async () => {
    for (const problem of PLANTED_PROBLEMS.filter((item) => item.check === 'axe' || item.check === 'seo')) {
      const issue = await prisma.pageIssue.findFirst({
        where: {
          pageId: pageIdOf(problem.path),
          category: problem.category === 'seo' ? 'seo' : 'accessibility',
          issueId: problem.issueId,
        },
      })
      expect(issue, problem.name).not.toBeNull()
      expect(issue?.outcome, problem.name).toBe(problem.outcome === 'manual' ? 'manual' : 'failed')
      expect(issue?.issueLevel, problem.name).toBe(problem.level)
      if (problem.check === 'axe') {
        expect(issue?.nodeCount, problem.name).toBe(problem.count)
        if (problem.wcag) expect(issue?.wcagCriteria.sort(), problem.name).toEqual([...problem.wcag].sort())
      } else if (problem.issueId?.startsWith('duplicate-')) {
        expect((issue?.nodeCount ?? 0) + 1, problem.name).toBe(problem.count)
      }
    }
  })

  it('has no axe failure on pages where none is planted, and no failure at all on the clean pages', async () => {
    const plantedAxe = new Set(
      PLANTED_PROBLEMS.filter((item) => item.check === 'axe' && item.outcome !== 'manual').map(
        (item) => `${item.path} ${item.issueId}`,
      ),
    )
    const axeFailures = await prisma.pageIssue.findMany({
      where: { scanId: outcome.scan.id, category: 'accessibility', outcome: 'failed' },
      include: { page: true },
    })
    expect(axeFailures.map((issue) => `${pathOf(issue.page.url)} ${issue.issueId}`).sort()).toEqual(
      [...plantedAxe].sort(),
    )
    for (const cleanPath of CLEAN_PAGES) {
      const failures = await prisma.pageIssue.findMany({
        where: { pageId: pageIdOf(cleanPath), outcome: 'failed' },
      })
      expect(
        failures.map((issue) => `${issue.category}/${issue.issueId}`),
        cleanPath,
      ).toEqual([])
    }
  })

  it('finds the planted content problems: misspellings, readability, broken links and images', async () => {
    for (const problem of PLANTED_PROBLEMS.filter((item) => item.category === 'content-quality')) {
      const pageId = pageIdOf(problem.path)
      if (problem.check === 'spelling') {
        const occurrence = await prisma.misspellingOccurrence.findFirst({
          where: { pageId, misspelling: { word: problem.word } },
        })
        expect(occurrence?.count, problem.name).toBe(problem.count)
      } else if (problem.check === 'readability') {
        const page = await prisma.page.findUniqueOrThrow({ where: { id: pageId } })
        expect(page.readabilityLevel, problem.name).toBe(problem.readability?.level.replace(/-/g, '_'))
      } else if (problem.check === 'images') {
        const issue = await prisma.pageIssue.findFirst({ where: { pageId, issueId: 'broken-images' } })
        expect(issue?.outcome, problem.name).toBe('failed')
        expect(issue?.nodeCount, problem.name).toBe(problem.count)
      } else if (problem.check === 'links' && problem.link) {
        const url = problem.link.url
          .replace('{site}', fixture.url.slice(0, -1))
          .replace('{external}', fixture.externalUrl.slice(0, -1))
        let normalised = url
        try {
          normalised = new URL(url).toString()
        } catch {
          // an invalid URL is stored as written
        }
        const link = await prisma.link.findFirst({
          where: { siteId: outcome.site.id, url: { in: [url, normalised] } },
        })
        expect(link, problem.name).not.toBeNull()
        expect(link?.isBroken, problem.name).toBe(problem.link.isBroken)
        expect(link?.isUnverified, problem.name).toBe(problem.link.isUnverified)
        if (problem.link.isBroken) {
          const issue = await prisma.pageIssue.findFirst({ where: { pageId, issueId: 'broken-links' } })
          expect(issue?.outcome, problem.name).toBe('failed')
        }
      }
    }
  })

  it('stores one duplicate group per planted duplicate: titles, descriptions, exact and near-duplicate bodies', async () => {
    const groups = await prisma.duplicateGroup.findMany({
      where: { siteId: outcome.site.id },
      include: { pages: { include: { page: { select: { url: true } } } } },
    })
    const stored = groups
      .map(
        (group) =>
          `${group.kind}: ${group.pages
            .map((member) => pathOf(member.page.url))
            .sort()
            .join(' ')}`,
      )
      .sort()
    const kindOf = {
      'duplicate-title': 'title',
      'duplicate-description': 'description',
      'duplicate-content': 'content',
    }
    const planted = new Set(
      PLANTED_PROBLEMS.filter((item) => item.check === 'seo' && item.issueId && item.issueId in kindOf).map(
        (item) =>
          `${kindOf[item.issueId as keyof typeof kindOf]}: ${[item.path, ...(item.sharedWith ?? [])].sort().join(' ')}`,
      ),
    )
    expect(stored).toEqual([...planted].sort())
    const near = groups.find((group) =>
      group.pages.some((member) => member.page.url.includes('bin-collections')),
    )
    expect(near?.similarity).toBeLessThan(1)
    expect(near?.value).toMatch(/^Bin collections over/)
    const exact = groups.find((group) =>
      group.pages.some((member) => member.page.url.includes('budget-2026')),
    )
    expect(exact?.similarity).toBe(1)
  })

  it('flags the links the Web Risk fake lists, and only those', async () => {
    const flagged = await prisma.link.findMany({
      where: { siteId: outcome.site.id, riskType: { not: null } },
      select: { url: true, riskType: true, occurrences: { select: { page: { select: { url: true } } } } },
    })
    expect(
      flagged.map((link) => ({
        url: link.url,
        riskType: link.riskType,
        foundOn: link.occurrences.map((occurrence) => pathOf(occurrence.page.url)),
      })),
    ).toEqual(
      MALICIOUS_LINKS.map((link) => ({
        url: expandUrl(link.url, fixture),
        riskType: link.threatTypes.join(', '),
        foundOn: [link.foundOn],
      })),
    )
  })

  it('keeps invalid contacts, orphaned pages, sections and history', async () => {
    for (const problem of PLANTED_PROBLEMS.filter((item) => item.check === 'contacts' && item.contact)) {
      const contact = await prisma.contact.findFirst({
        where: { siteId: outcome.site.id, kind: problem.contact?.kind, value: problem.contact?.value },
      })
      expect(contact?.valid, problem.name).toBe(false)
    }
    // Each planted contact issue id is a failed content-quality audit of its page, one item per contact.
    const contactProblems = PLANTED_PROBLEMS.filter((item) => item.check === 'contacts')
    for (const issueId of new Set(contactProblems.map((item) => item.issueId))) {
      const planted = contactProblems.filter((item) => item.issueId === issueId)
      for (const pagePath of new Set(planted.map((item) => item.path))) {
        const onPage = planted.filter((item) => item.path === pagePath)
        const issue = await prisma.pageIssue.findFirst({
          where: { pageId: pageIdOf(pagePath), category: 'content_quality', issueId },
        })
        expect(issue?.outcome, `${pagePath} ${issueId}`).toBe('failed')
        expect(issue?.issueLevel, `${pagePath} ${issueId}`).toBe('Error')
        expect(issue?.nodeCount, `${pagePath} ${issueId}`).toBe(
          onPage.reduce((sum, item) => sum + item.count, 0),
        )
        const items = (issue?.details as { items?: { value: string }[] } | null)?.items ?? []
        expect(items.map((item) => item.value).sort(), `${pagePath} ${issueId}`).toEqual(
          onPage.map((item) => item.contact?.value).sort(),
        )
      }
    }
    for (const problem of PLANTED_PROBLEMS.filter((item) => item.check === 'documents')) {
      const document = await prisma.document.findFirst({
        where: { siteId: outcome.site.id, url: new URL(problem.path, fixture.url).toString() },
      })
      expect(document?.isScanned, problem.name).toBe(true)
    }
    // Every linked document with its kind and size: PDFs read, the others measured (HEAD Content-Length).
    for (const expected of DOCUMENTS) {
      const document = await prisma.document.findFirst({
        where: { siteId: outcome.site.id, url: new URL(expected.path, fixture.url).toString() },
      })
      expect(document?.kind, expected.path).toBe(expected.kind)
      expect(document?.size, expected.path).toBe(expected.size)
      expect(document?.checkedAt, expected.path).not.toBeNull()
    }
    // The media the pages show or link to: images from <img>, the podcast from its link's extension.
    // An image's size is what the browser received; the podcast, only linked, is measured at the end.
    const media = await prisma.document.findMany({
      where: { siteId: outcome.site.id, kind: 'media' },
      select: { url: true, mediaType: true, size: true },
    })
    const townHall = path.join(
      import.meta.dirname,
      '../../../tests/fixtures/site/public/images/town-hall.svg',
    )
    const podcast = DOCUMENTS.find((document) => document.kind === 'media')
    expect(media).toEqual(
      expect.arrayContaining([
        {
          url: new URL('/images/town-hall.svg', fixture.url).toString(),
          mediaType: 'image',
          size: (await stat(townHall)).size,
        },
        {
          url: new URL(podcast?.path ?? '', fixture.url).toString(),
          mediaType: 'audio',
          size: podcast?.size,
        },
      ]),
    )
    const orphans = await prisma.page.findMany({ where: { siteId: outcome.site.id, isOrphaned: true } })
    expect(orphans.map((page) => pathOf(page.url))).toEqual([...ORPHANED_PAGES])
    const orphanIssue = await prisma.pageIssue.findFirst({
      where: { pageId: pageIdOf(ORPHANED_PAGES[0]), issueId: 'orphaned-page' },
    })
    expect(orphanIssue?.outcome).toBe('failed')
    const site = await prisma.site.findUniqueOrThrow({ where: { id: outcome.site.id } })
    expect(site.firstScanCompleted).toBe(true)
    const history = await prisma.historyPoint.findMany({ where: { scanId: outcome.scan.id } })
    expect(history).toHaveLength(1)
    expect(history[0]?.numberOfPages).toBe(SCANNED_PAGES.length - FAILING_PAGES.length)
    expect(history[0]?.accessibilityScore).toBeGreaterThan(0)
    // Lighthouse is off in these scans: no performance score.
    expect(history[0]?.performanceScore).toBeNull()
    const metrics = history[0]?.metrics as { latestScan: { numberOfBrokenLinks: number } } | undefined
    expect(metrics?.latestScan.numberOfBrokenLinks).toBeGreaterThan(0)
  })

  it('numbers the scan and rolls its issues up: every failing issue new on a first scan', async () => {
    expect(outcome.scan.number).toBe(1)
    const summaries = await prisma.issueSummary.findMany({ where: { siteId: outcome.site.id, scopeId: '' } })
    const failing = await prisma.pageIssue.groupBy({
      by: ['category', 'issueId'],
      where: { siteId: outcome.site.id, outcome: 'failed' },
      _count: { _all: true },
    })
    expect(failing.length).toBeGreaterThan(0)
    for (const group of failing) {
      const summary = summaries.find(
        (row) => row.category === group.category && row.issueId === group.issueId,
      )
      expect(summary?.pagesFailed, group.issueId).toBe(group._count._all)
      expect(summary?.pagesNew, group.issueId).toBe(group._count._all)
      expect(summary?.pagesFixed, group.issueId).toBe(0)
      expect(summary?.scanId).toBe(outcome.scan.id)
    }
    const unsigned = await prisma.pageIssue.count({
      where: {
        siteId: outcome.site.id,
        category: 'accessibility',
        outcome: 'failed',
        elementSignatures: { isEmpty: true },
      },
    })
    expect(unsigned).toBe(0)
  })

  it('saves a screenshot and an HTML snapshot of each loaded page', async () => {
    const page = await prisma.page.findUniqueOrThrow({ where: { id: pageIdOf('/') } })
    expect(page.screenshotPath).toBeTruthy()
    expect((await stat(path.join(artifactsDir, page.screenshotPath ?? ''))).size).toBeGreaterThan(1000)
    expect((await stat(path.join(artifactsDir, page.snapshotPath ?? ''))).size).toBeGreaterThan(500)
  })
})

describe('page scan of one fixture page', () => {
  it('scans that page alone, and its issues still failing keep the stretch the site scan began', async () => {
    const planted = PLANTED_PROBLEMS.find((item) => item.check === 'axe' && item.outcome !== 'manual')
    if (!planted) throw new Error('no planted axe failure')
    const pageUrl = new URL(planted.path, fixture.url).toString()
    const { id: scanId } = await startSiteScan(
      prisma,
      outcome.site.id,
      1,
      config.redisUrl,
      config.queuePrefix,
      pageUrl,
    )
    const scan = await waitForScanState(prisma, scanId, (row) => row.state === 'completed', 120_000)
    expect(scan).toMatchObject({ pagesScanned: 1, pagesFailed: 0, number: 2 })
    const results = await prisma.pageResult.findMany({ where: { scanId }, include: { page: true } })
    expect(results.map((row) => pathOf(row.page.url))).toEqual([planted.path])
    const issue = await prisma.pageIssue.findFirstOrThrow({
      where: { pageId: results[0]?.pageId, category: 'accessibility', issueId: planted.issueId },
    })
    expect(issue).toMatchObject({
      outcome: 'failed',
      failingSinceScanId: outcome.scan.id,
      lastFailedScanId: scanId,
      fixedAt: null,
    })
    const summary = await prisma.issueSummary.findFirstOrThrow({
      where: { siteId: outcome.site.id, scopeId: '', issueId: planted.issueId ?? '' },
    })
    expect(summary).toMatchObject({ scanId, pagesNew: 0, pagesFixed: 0 })
    expect(summary.pagesFailed).toBeGreaterThan(0)
  }, 150_000)
})
