import { HISTORY_NO_DATA, SCANNED_ITEM_LABELS } from '@canopy/contracts'
import type { Prisma, PrismaClient, ScanKind } from '@canopy/db'
import { describe, expect, it } from 'vitest'
import { SITE_NOT_FOUND_MESSAGE } from '../src/plugins/app/site-access.js'
import { removeSiteScanSchedule, upsertSiteScanSchedule } from '../src/services/scan-schedule-service.js'
import { SECTION_NOT_FOUND_MESSAGE } from '../src/services/section-service.js'
import { createSessionCookie, createTestSection, createTestSite, createTestUser } from './factories.js'
import { useTestApp } from './helper.js'

const getApp = useTestApp()

const FIRST_SCAN = new Date('2026-01-05T03:12:00.000Z')
const SECOND_SCAN = new Date('2026-01-12T03:09:30.000Z')
const SECTION_RESCAN = new Date('2026-01-14T10:00:00.000Z')
const PAGE_SCAN = new Date('2026-01-15T10:00:00.000Z')

async function completedScan(
  prisma: PrismaClient,
  {
    siteId,
    kind,
    finishedAt,
    sectionId = null,
  }: { siteId: string; kind: ScanKind; finishedAt: Date; sectionId?: string | null },
) {
  return prisma.scan.create({
    data: {
      siteId,
      sectionId,
      kind,
      state: 'completed',
      pageLimit: 100,
      startedAt: new Date(finishedAt.getTime() - 10 * 60 * 1000),
      finishedAt,
    },
  })
}

/** What the worker's roll-up writes as a point's metrics; `omit` drops groups, as an older roll-up would. */
function metrics(
  values: {
    brokenLinks: number
    misspellings: number
    brokenImagePages: number
    readability: number | null
    passed: [number, number, number]
    failed: [number, number, number]
    inventory: { pages: number; pdfs: number; docs: number; archives: number; sheets: number; slides: number }
  },
  omit: string[] = [],
): Prisma.InputJsonObject {
  const { inventory } = values
  const all: Record<string, Prisma.InputJsonObject> = {
    latestScan: {
      numberOfBrokenLinks: values.brokenLinks,
      numberOfMisspellings: values.misspellings,
      numberOfPagesWithBrokenImages: values.brokenImagePages,
    },
    accessibilityMetricHistory: { issuesPassed: values.passed[0], issuesFailed: values.failed[0] },
    seoMetricHistory: { issuesPassed: values.passed[1], issuesFailed: values.failed[1] },
    performanceMetricHistory: { issuesPassed: values.passed[2], issuesFailed: values.failed[2] },
    contentQualityMetricHistory: {
      misspellings: values.misspellings,
      brokenLinks: values.brokenLinks,
      readability: values.readability,
    },
    inventoryHistory: {
      documentsFound:
        inventory.pdfs + inventory.docs + inventory.archives + inventory.sheets + inventory.slides,
      pdfsFound: inventory.pdfs,
      pagesFound: inventory.pages,
      docsFound: inventory.docs,
      archivesFound: inventory.archives,
      spreadsheetsFound: inventory.sheets,
      powerpointsFound: inventory.slides,
      mediaFound: 0,
    },
  }
  return Object.fromEntries(Object.entries(all).filter(([group]) => !omit.includes(group)))
}

/**
 * Site A: two full scans (the first without Lighthouse and from an older roll-up without inventory counts),
 * a rescan of its section, and a one-page scan whose roll-up must not show. Site B: one scan and a section.
 */
async function seededSites() {
  const { app } = await getApp()
  const { prisma } = app
  const member = await createTestUser(prisma)
  const outsider = await createTestUser(prisma)
  const site = await createTestSite(prisma, { members: [{ userId: member.id, role: 'viewer' }] })
  await prisma.site.update({ where: { id: site.id }, data: { maximumPageLimitPerScan: 250 } })
  const section = await createTestSection(prisma, { siteId: site.id, title: 'News' })
  const otherSite = await createTestSite(prisma)
  const otherSection = await createTestSection(prisma, { siteId: otherSite.id, title: 'Elsewhere' })
  const emptySite = await createTestSite(prisma, { members: [{ userId: member.id, role: 'viewer' }] })

  const first = await completedScan(prisma, { siteId: site.id, kind: 'site', finishedAt: FIRST_SCAN })
  const second = await completedScan(prisma, { siteId: site.id, kind: 'site', finishedAt: SECOND_SCAN })
  const rescan = await completedScan(prisma, {
    siteId: site.id,
    kind: 'section',
    sectionId: section.id,
    finishedAt: SECTION_RESCAN,
  })
  const pageScan = await completedScan(prisma, { siteId: site.id, kind: 'page', finishedAt: PAGE_SCAN })
  const otherScan = await completedScan(prisma, {
    siteId: otherSite.id,
    kind: 'site',
    finishedAt: SECOND_SCAN,
  })
  const recordedBefore = (date: Date) => new Date(date.getTime() - 1000)

  // Written newest first, so the order of the answer cannot come from the order of insertion.
  await prisma.historyPoint.create({
    data: {
      siteId: site.id,
      scanId: second.id,
      recordedAt: recordedBefore(SECOND_SCAN),
      numberOfPages: 12,
      overviewScore: 76.25,
      accessibilityScore: 84,
      seoScore: 71.5,
      performanceScore: 62,
      contentQualityScore: 87.5,
      readabilityScore: 104.2,
      metrics: metrics({
        brokenLinks: 3,
        misspellings: 9,
        brokenImagePages: 2,
        readability: 104.2,
        passed: [140, 96, 30],
        failed: [11, 7, 5],
        inventory: { pages: 12, pdfs: 4, docs: 2, archives: 1, sheets: 3, slides: 0 },
      }),
    },
  })
  await prisma.historyPoint.create({
    data: {
      siteId: site.id,
      scanId: first.id,
      recordedAt: recordedBefore(FIRST_SCAN),
      numberOfPages: 10,
      overviewScore: 70,
      accessibilityScore: 80,
      seoScore: 60,
      performanceScore: null,
      contentQualityScore: 70,
      readabilityScore: 55.5,
      metrics: metrics(
        {
          brokenLinks: 5,
          misspellings: 14,
          brokenImagePages: 1,
          readability: 55.5,
          passed: [120, 90, 0],
          failed: [15, 9, 0],
          inventory: { pages: 10, pdfs: 0, docs: 0, archives: 0, sheets: 0, slides: 0 },
        },
        ['inventoryHistory', 'performanceMetricHistory'],
      ),
    },
  })
  const sectionMetrics = (pages: number) =>
    metrics({
      brokenLinks: 1,
      misspellings: 2,
      brokenImagePages: 0,
      readability: 61,
      passed: [40, 30, 10],
      failed: [3, 2, 1],
      inventory: { pages, pdfs: 1, docs: 0, archives: 0, sheets: 0, slides: 0 },
    })
  await prisma.historyPoint.create({
    data: {
      siteId: site.id,
      sectionId: section.id,
      scanId: rescan.id,
      recordedAt: recordedBefore(SECTION_RESCAN),
      numberOfPages: 5,
      overviewScore: 90,
      accessibilityScore: 95,
      seoScore: 88,
      performanceScore: 85,
      contentQualityScore: 92,
      readabilityScore: 61,
      metrics: sectionMetrics(5),
    },
  })
  await prisma.historyPoint.create({
    data: {
      siteId: site.id,
      sectionId: section.id,
      scanId: first.id,
      recordedAt: recordedBefore(FIRST_SCAN),
      numberOfPages: 4,
      overviewScore: 82,
      accessibilityScore: 90,
      seoScore: 75,
      performanceScore: null,
      contentQualityScore: 81,
      readabilityScore: 61,
      metrics: sectionMetrics(4),
    },
  })
  // A one-page scan runs the roll-up too: its one-page point is not part of the site's history.
  await prisma.historyPoint.create({
    data: {
      siteId: site.id,
      scanId: pageScan.id,
      recordedAt: recordedBefore(PAGE_SCAN),
      numberOfPages: 1,
      overviewScore: 10,
      metrics: {},
    },
  })
  await prisma.historyPoint.create({
    data: {
      siteId: otherSite.id,
      scanId: otherScan.id,
      recordedAt: recordedBefore(SECOND_SCAN),
      numberOfPages: 99,
      overviewScore: 33,
      metrics: {},
    },
  })

  return {
    app,
    site,
    section,
    otherSection,
    emptySite,
    memberCookie: await createSessionCookie(prisma, member.id),
    outsiderCookie: await createSessionCookie(prisma, outsider.id),
  }
}

const point = (date: Date, y: number, numberOfPages: number) => ({ x: date.toISOString(), y, numberOfPages })

describe('GET /api/v1/sites/:slug/history', () => {
  it("answers the site's points oldest first: scores, issue counts, content quality, inventory and the latest scan", async () => {
    const { app, site, memberCookie } = await seededSites()
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/history`,
      headers: { cookie: memberCookie },
    })
    expect(response.statusCode).toBe(200)
    const history = response.json()
    expect(history.latestScan).toEqual({
      finished: SECOND_SCAN.toISOString(),
      numberOfBrokenLinks: 3,
      numberOfMisspellings: 9,
      numberOfPagesWithBrokenImages: 2,
    })
    expect(history.overview).toEqual([point(FIRST_SCAN, 70, 10), point(SECOND_SCAN, 76.25, 12)])
    expect(history.accessibility).toEqual([point(FIRST_SCAN, 80, 10), point(SECOND_SCAN, 84, 12)])
    expect(history.seo).toEqual([point(FIRST_SCAN, 60, 10), point(SECOND_SCAN, 71.5, 12)])
    expect(history.contentQuality).toEqual([point(FIRST_SCAN, 70, 10), point(SECOND_SCAN, 87.5, 12)])
    // The first scan ran without Lighthouse: no performance score, and no performance issue counts.
    expect(history.performance).toEqual([point(FIRST_SCAN, HISTORY_NO_DATA, 10), point(SECOND_SCAN, 62, 12)])
    expect(HISTORY_NO_DATA).toBe(-0.1)
    expect(history.accessibilityMetricHistory).toEqual({
      issuesPassed: [point(FIRST_SCAN, 120, 10), point(SECOND_SCAN, 140, 12)],
      issuesFailed: [point(FIRST_SCAN, 15, 10), point(SECOND_SCAN, 11, 12)],
    })
    expect(history.seoMetricHistory).toEqual({
      issuesPassed: [point(FIRST_SCAN, 90, 10), point(SECOND_SCAN, 96, 12)],
      issuesFailed: [point(FIRST_SCAN, 9, 10), point(SECOND_SCAN, 7, 12)],
    })
    expect(history.performanceMetricHistory).toEqual({
      issuesPassed: [point(FIRST_SCAN, -0.1, 10), point(SECOND_SCAN, 30, 12)],
      issuesFailed: [point(FIRST_SCAN, -0.1, 10), point(SECOND_SCAN, 5, 12)],
    })
    // Readability is the mean Flesch reading ease, capped at 100 as the spec caps the score.
    expect(history.contentQualityMetricHistory).toEqual({
      misspellings: [point(FIRST_SCAN, 14, 10), point(SECOND_SCAN, 9, 12)],
      brokenLinks: [point(FIRST_SCAN, 5, 10), point(SECOND_SCAN, 3, 12)],
      readability: [point(FIRST_SCAN, 55.5, 10), point(SECOND_SCAN, 100, 12)],
    })
    // The first point's roll-up had no inventory counts: "no data", so the web shows only the page count.
    expect(history.inventoryHistory).toEqual({
      documentsFound: [point(FIRST_SCAN, -0.1, 10), point(SECOND_SCAN, 10, 12)],
      pdfsFound: [point(FIRST_SCAN, -0.1, 10), point(SECOND_SCAN, 4, 12)],
      pagesFound: [point(FIRST_SCAN, -0.1, 10), point(SECOND_SCAN, 12, 12)],
      docsFound: [point(FIRST_SCAN, -0.1, 10), point(SECOND_SCAN, 2, 12)],
      archivesFound: [point(FIRST_SCAN, -0.1, 10), point(SECOND_SCAN, 1, 12)],
      spreadsheetsFound: [point(FIRST_SCAN, -0.1, 10), point(SECOND_SCAN, 3, 12)],
      powerpointsFound: [point(FIRST_SCAN, -0.1, 10), point(SECOND_SCAN, 0, 12)],
      mediaFound: [point(FIRST_SCAN, -0.1, 10), point(SECOND_SCAN, 0, 12)],
    })
  })

  it('with sectionId answers that section’s points: its share of full scans and its own rescans', async () => {
    const { app, site, section, memberCookie } = await seededSites()
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/history?sectionId=${section.id}`,
      headers: { cookie: memberCookie },
    })
    expect(response.statusCode).toBe(200)
    const history = response.json()
    expect(history.overview).toEqual([point(FIRST_SCAN, 82, 4), point(SECTION_RESCAN, 90, 5)])
    expect(history.performance).toEqual([point(FIRST_SCAN, -0.1, 4), point(SECTION_RESCAN, 85, 5)])
    expect(history.inventoryHistory.pagesFound).toEqual([
      point(FIRST_SCAN, 4, 4),
      point(SECTION_RESCAN, 5, 5),
    ])
    expect(history.latestScan).toEqual({
      finished: SECTION_RESCAN.toISOString(),
      numberOfBrokenLinks: 1,
      numberOfMisspellings: 2,
      numberOfPagesWithBrokenImages: 0,
    })
  })

  it('a site never scanned answers empty series and no latest scan', async () => {
    const { app, emptySite, memberCookie } = await seededSites()
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${emptySite.slug}/history`,
      headers: { cookie: memberCookie },
    })
    expect(response.statusCode).toBe(200)
    const none = { issuesPassed: [], issuesFailed: [] }
    expect(response.json()).toEqual({
      latestScan: null,
      overview: [],
      accessibility: [],
      contentQuality: [],
      seo: [],
      performance: [],
      accessibilityMetricHistory: none,
      performanceMetricHistory: none,
      seoMetricHistory: none,
      contentQualityMetricHistory: { misspellings: [], brokenLinks: [], readability: [] },
      inventoryHistory: {
        documentsFound: [],
        pdfsFound: [],
        pagesFound: [],
        docsFound: [],
        archivesFound: [],
        spreadsheetsFound: [],
        powerpointsFound: [],
        mediaFound: [],
      },
    })
  })
})

describe('GET /api/v1/sites/:slug/scan-details', () => {
  it('gives the first and last full scan, what the last one found, the page limit and the next scheduled run', async () => {
    const { app, site, memberCookie } = await seededSites()
    const details = async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/sites/${site.slug}/scan-details`,
        headers: { cookie: memberCookie },
      })
      expect(response.statusCode).toBe(200)
      return response.json()
    }
    expect(await details()).toEqual({
      date: SECOND_SCAN.toISOString(),
      firstScanned: FIRST_SCAN.toISOString(),
      nextSheduledScan: null,
      scanType: 'full',
      itemsScanned: [
        { count: 12, label: SCANNED_ITEM_LABELS.pages },
        { count: 4, label: SCANNED_ITEM_LABELS.pdfs },
        { count: 2, label: SCANNED_ITEM_LABELS.documents },
        { count: 3, label: SCANNED_ITEM_LABELS.spreadsheets },
        { count: 0, label: SCANNED_ITEM_LABELS.powerpoints },
        { count: 1, label: SCANNED_ITEM_LABELS.archives },
      ],
      maximumPageLimitPerScan: 250,
      pagesScanned: 12,
      documentsScanned: 4,
      docDocumentsCount: 2,
    })

    // With its scheduler (Mondays 03:00 UTC), the next run is the coming Monday at 03:00 UTC. The schedule
    // is changed behind the API's back here, so the kept answer is dropped by hand as PUT /sites/:slug does.
    await upsertSiteScanSchedule(app.queues, { id: site.id, scanSchedule: '0 3 * * 1' })
    app.resultsCache.forgetSite(site.id)
    try {
      const next = new Date((await details()).nextSheduledScan)
      expect(next.getUTCDay()).toBe(1)
      expect(next.toISOString().slice(11)).toBe('03:00:00.000Z')
      expect(next.getTime()).toBeGreaterThan(Date.now())
      expect(next.getTime() - Date.now()).toBeLessThanOrEqual(7 * 24 * 60 * 60 * 1000)
    } finally {
      await removeSiteScanSchedule(app.queues, site.id)
      app.resultsCache.forgetSite(site.id)
    }
    expect((await details()).nextSheduledScan).toBeNull()
  })

  it('with sectionId gives the section’s scans: a section rescan is the last, of type section', async () => {
    const { app, site, section, memberCookie } = await seededSites()
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/scan-details?sectionId=${section.id}`,
      headers: { cookie: memberCookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      date: SECTION_RESCAN.toISOString(),
      firstScanned: FIRST_SCAN.toISOString(),
      scanType: 'section',
      pagesScanned: 5,
      documentsScanned: 1,
      docDocumentsCount: 0,
      maximumPageLimitPerScan: 250,
    })
    expect(response.json().itemsScanned.slice(0, 2)).toEqual([
      { count: 5, label: 'Pages' },
      { count: 1, label: 'PDFs' },
    ])
  })

  it('a site never scanned has no dates, no scan type and nothing scanned', async () => {
    const { app, emptySite, memberCookie } = await seededSites()
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${emptySite.slug}/scan-details`,
      headers: { cookie: memberCookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      date: null,
      firstScanned: null,
      nextSheduledScan: null,
      scanType: null,
      itemsScanned: [],
      maximumPageLimitPerScan: 100,
      pagesScanned: 0,
      documentsScanned: 0,
      docDocumentsCount: 0,
    })
  })
})

describe('history and scan details: access and bad input', () => {
  const ROUTES = ['history', 'scan-details'] as const

  it('a section of another site, or no section at all, is not found', async () => {
    const { app, site, otherSection, memberCookie } = await seededSites()
    for (const route of ROUTES) {
      for (const sectionId of [otherSection.id, 'no-such-section']) {
        const response = await app.inject({
          method: 'GET',
          url: `/api/v1/sites/${site.slug}/${route}?sectionId=${sectionId}`,
          headers: { cookie: memberCookie },
        })
        expect({ route, sectionId, status: response.statusCode }).toEqual({ route, sectionId, status: 404 })
        expect(response.json()).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: SECTION_NOT_FOUND_MESSAGE,
        })
      }
    }
  })

  it('a user who is not a member gets 404, and a signed-out request 401', async () => {
    const { app, site, section, outsiderCookie } = await seededSites()
    for (const route of ROUTES) {
      for (const query of ['', `?sectionId=${section.id}`]) {
        const url = `/api/v1/sites/${site.slug}/${route}${query}`
        const outsider = await app.inject({ method: 'GET', url, headers: { cookie: outsiderCookie } })
        expect(outsider.statusCode).toBe(404)
        expect(outsider.json().message).toBe(SITE_NOT_FOUND_MESSAGE)
        const signedOut = await app.inject({ method: 'GET', url })
        expect(signedOut.statusCode).toBe(401)
        expect(signedOut.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' })
      }
    }
  })

  it('a malformed sectionId is a 400 naming the field', async () => {
    const { app, site, section, memberCookie } = await seededSites()
    for (const route of ROUTES) {
      for (const query of [
        'sectionId=',
        'sectionId=has%20spaces',
        'sectionId=%27%3B%20drop',
        `sectionId=${'x'.repeat(101)}`,
        `sectionId=${section.id}&sectionId=${section.id}`,
      ]) {
        const response = await app.inject({
          method: 'GET',
          url: `/api/v1/sites/${site.slug}/${route}?${query}`,
          headers: { cookie: memberCookie },
        })
        expect({ route, query, status: response.statusCode }).toEqual({ route, query, status: 400 })
        const body = response.json()
        expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' })
        expect(Object.keys(body.errors)).toEqual(['sectionId'])
        expect(body.message.startsWith('sectionId: ')).toBe(true)
      }
    }
  })
})

describe('OpenAPI', () => {
  it('documents both routes with their tag, summary, sectionId parameter and response schema', async () => {
    const { app } = await getApp()
    const { paths } = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    for (const [path, fields] of [
      ['/api/v1/sites/{slug}/history', ['latestScan', 'overview', 'inventoryHistory']],
      ['/api/v1/sites/{slug}/scan-details', ['date', 'nextSheduledScan', 'itemsScanned']],
    ] as const) {
      const operation = paths[path].get
      expect(operation.tags).toEqual(['history'])
      expect(operation.summary).toEqual(expect.any(String))
      expect(operation.parameters).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ in: 'query', name: 'sectionId', required: false }),
        ]),
      )
      const schema = operation.responses['200'].content['application/json'].schema
      expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining([...fields]))
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '401', '404']))
    }
  })
})
