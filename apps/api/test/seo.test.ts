import type {
  DuplicateGroupDetail,
  DuplicateGroupItem,
  PagedList,
  PageListItem,
  SeoHealth,
  SeoPageItem,
} from '@canopy/contracts'
import { replaceDuplicateGroups } from '@canopy/db'
import { describe, expect, it } from 'vitest'
import { SITE_NOT_FOUND_MESSAGE } from '../src/plugins/app/site-access.js'
import { DUPLICATE_NOT_FOUND_MESSAGE } from '../src/services/seo-service.js'
import {
  createSessionCookie,
  createTestCompletedScan,
  createTestPage,
  createTestPageIssue,
  createTestSection,
  createTestSite,
  createTestUser,
} from './factories.js'
import { useTestApp } from './helper.js'

/** The SEO area's endpoints (duplicate content, orphaned pages, health) and its pages and issues lists. */
const getApp = useTestApp()

const root = 'https://seo.example.test'

/** Five pages: a title pair, a near-duplicate body pair (one in a section), an orphan; SEO checks on them. */
async function seoSite() {
  const { app } = await getApp()
  const { prisma } = app
  const user = await createTestUser(prisma)
  const outsider = await createTestUser(prisma)
  const site = await createTestSite(prisma, {
    rootUri: `${root}/`,
    members: [{ userId: user.id, role: 'viewer' }],
    featureFlags: ['seo/orphaned-pages'],
  })
  const scan = await createTestCompletedScan(prisma, { siteId: site.id, number: 1 })
  const page = (
    path: string,
    fields: Parameters<typeof createTestPage>[1] extends infer T ? Partial<T> : never,
  ) => createTestPage(prisma, { siteId: site.id, url: `${root}${path}`, lastScanId: scan.id, ...fields })
  const roads = await page('/news/roads', { title: 'Road closures', seoScore: 60, inSitemap: true })
  const works = await page('/news/works', { title: 'Road closures', seoScore: 70, inSitemap: true })
  const binsWinter = await page('/news/bins-winter', {
    title: 'Bins over winter',
    metaDescription: 'Winter bin days',
    contentExcerpt: 'Bin collections will change over the holiday',
    seoScore: 80,
  })
  const binsSpring = await page('/news/bins-spring', { title: 'Bins in spring', seoScore: 90 })
  const orphan = await page('/news/orphan', {
    title: 'Consultation',
    seoScore: 100,
    isOrphaned: true,
    inSitemap: true,
    isIndexable: false,
  })
  const section = await createTestSection(prisma, { siteId: site.id, title: 'Spring' })
  await prisma.sectionPage.create({ data: { sectionId: section.id, pageId: binsSpring.id } })
  await replaceDuplicateGroups(prisma, { siteId: site.id, scanId: scan.id }, [
    { kind: 'title', value: 'Road closures', pageIds: [roads.id, works.id], similarity: 1 },
    {
      kind: 'content',
      value: 'Bin collections will change over the holiday',
      pageIds: [binsWinter.id, binsSpring.id],
      similarity: 0.83,
    },
  ])
  const groups = await prisma.duplicateGroup.findMany({
    where: { siteId: site.id },
    orderBy: { kind: 'asc' },
  })
  for (const [pageId, outcome] of [
    [roads.id, 'failed'],
    [works.id, 'failed'],
    [binsWinter.id, 'passed'],
  ] as const) {
    await createTestPageIssue(prisma, {
      siteId: site.id,
      pageId,
      scanId: scan.id,
      category: 'seo',
      issueId: 'duplicate-title',
      issueLevel: 'Error',
      outcome,
    })
  }
  await createTestPageIssue(prisma, {
    siteId: site.id,
    pageId: orphan.id,
    scanId: scan.id,
    category: 'seo',
    issueId: 'orphaned-page',
    issueLevel: 'Error',
  })
  return {
    app,
    site,
    section,
    pages: { roads, works, binsWinter, binsSpring, orphan },
    titleGroup: groups.find((group) => group.kind === 'title') as (typeof groups)[number],
    contentGroup: groups.find((group) => group.kind === 'content') as (typeof groups)[number],
    cookie: await createSessionCookie(prisma, user.id),
    outsiderCookie: await createSessionCookie(prisma, outsider.id),
  }
}

async function neverScannedSite() {
  const { app } = await getApp()
  const user = await createTestUser(app.prisma)
  const site = await createTestSite(app.prisma, {
    members: [{ userId: user.id, role: 'viewer' }],
    featureFlags: ['seo/orphaned-pages'],
  })
  return { app, site, cookie: await createSessionCookie(app.prisma, user.id) }
}

describe('GET /api/v1/sites/:slug/seo/duplicate-content', () => {
  it('lists the groups, largest first, with what they share and how alike they are', async () => {
    const { app, site, cookie, titleGroup, contentGroup } = await seoSite()
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/seo/duplicate-content`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    const body = response.json<PagedList<DuplicateGroupItem>>()
    expect(body.totalCount).toBe(2)
    expect(body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          sys: expect.objectContaining({ id: titleGroup.id }),
          kind: 'title',
          entryTitle: 'Road closures',
          totalCount: 2,
          similarity: 100,
        }),
        expect.objectContaining({
          sys: expect.objectContaining({ id: contentGroup.id }),
          kind: 'content',
          totalCount: 2,
          similarity: 83,
        }),
      ]),
    )
  })

  it('filters by kind, search and section, sorts, pages and exports', async () => {
    const { app, site, cookie, section, titleGroup, contentGroup } = await seoSite()
    const ids = async (query: string) =>
      (
        await app.inject({
          url: `/api/v1/sites/${site.slug}/seo/duplicate-content?${query}`,
          headers: { cookie },
        })
      )
        .json<PagedList<DuplicateGroupItem>>()
        .items.map((item) => item.sys.id)
    expect(await ids('type=content')).toEqual([contentGroup.id])
    expect(await ids('search=ROAD')).toEqual([titleGroup.id])
    expect(await ids(`sectionId=${section.id}`)).toEqual([contentGroup.id])
    expect(await ids('sortBy=similarity&sortDir=asc')).toEqual([contentGroup.id, titleGroup.id])
    expect(await ids('sortBy=entryTitle&sortDir=desc&pageSize=1&page=2')).toEqual([contentGroup.id])
    const csv = await app.inject({
      url: `/api/v1/sites/${site.slug}/seo/duplicate-content/export?format=csv&sortBy=kind&sortDir=desc`,
      headers: { cookie },
    })
    expect(csv.statusCode).toBe(200)
    const lines = csv.body.trim().split(/\r?\n/)
    expect(lines[0]).toBe('id,kind,entryTitle,totalCount,similarity,created')
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['title', 'content'])
  })

  it('answers 400 naming the field for a malformed query', async () => {
    const { app, site, cookie } = await seoSite()
    for (const [query, field] of [
      ['type=keywords', 'type'],
      ['sortBy=pageTitle', 'sortBy'],
      ['page=0', 'page'],
      ['sectionId=not%20an%20id', 'sectionId'],
    ]) {
      const response = await app.inject({
        url: `/api/v1/sites/${site.slug}/seo/duplicate-content?${query}`,
        headers: { cookie },
      })
      expect(response.statusCode, query).toBe(400)
      expect(response.json().message, query).toContain(field)
    }
    const exported = await app.inject({
      url: `/api/v1/sites/${site.slug}/seo/duplicate-content/export?format=xml`,
      headers: { cookie },
    })
    expect(exported.statusCode).toBe(400)
    expect(exported.json().message).toContain('format')
  })
})

describe('GET /api/v1/sites/:slug/seo/duplicate-content/:dupeId', () => {
  it("lists the group's pages with their titles, descriptions and text, and exports them", async () => {
    const { app, site, cookie, contentGroup, pages } = await seoSite()
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/seo/duplicate-content/${contentGroup.id}?sortBy=seoScore&sortDir=desc`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    const body = response.json<PagedList<SeoPageItem>>()
    expect(body.items.map((item) => item.sys.id)).toEqual([pages.binsSpring.id, pages.binsWinter.id])
    expect(body.items[1]).toMatchObject({
      pageTitle: 'Bins over winter',
      entryTitle: `${root}/news/bins-winter`,
      metaDescription: 'Winter bin days',
      contentExcerpt: 'Bin collections will change over the holiday',
      seoScore: 80,
    })
    const json = await app.inject({
      url: `/api/v1/sites/${site.slug}/seo/duplicate-content/${contentGroup.id}/export?format=json`,
      headers: { cookie },
    })
    expect(json.json<SeoPageItem[]>().map((item) => item.sys.id)).toEqual([
      pages.binsSpring.id,
      pages.binsWinter.id,
    ])
  })

  it('summarises the group, within a section too', async () => {
    const { app, site, cookie, contentGroup, section } = await seoSite()
    const summary = await app.inject({
      url: `/api/v1/sites/${site.slug}/seo/duplicate-content/${contentGroup.id}/summary?sectionId=${section.id}`,
      headers: { cookie },
    })
    expect(summary.statusCode).toBe(200)
    expect(summary.json<DuplicateGroupDetail>()).toMatchObject({
      kind: 'content',
      totalCount: 2,
      pagesInScope: 1,
      similarity: 83,
    })
  })

  it("answers 404 for an unknown group and for another site's group, 400 for a malformed id", async () => {
    const { app, site, cookie } = await seoSite()
    const other = await seoSite()
    for (const dupeId of ['no-such-group', other.titleGroup.id]) {
      for (const path of ['', '/summary', '/export?format=csv']) {
        const response = await app.inject({
          url: `/api/v1/sites/${site.slug}/seo/duplicate-content/${dupeId}${path}`,
          headers: { cookie },
        })
        expect(response.statusCode, `${dupeId}${path}`).toBe(404)
        expect(response.json().message).toBe(DUPLICATE_NOT_FOUND_MESSAGE)
      }
    }
    const malformed = await app.inject({
      url: `/api/v1/sites/${site.slug}/seo/duplicate-content/a.b`,
      headers: { cookie },
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().message).toContain('dupeId')
  })
})

describe('GET /api/v1/sites/:slug/seo/orphaned-pages', () => {
  it('lists only the orphaned pages, searches and exports them', async () => {
    const { app, site, cookie, pages } = await seoSite()
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/seo/orphaned-pages`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json<PagedList<SeoPageItem>>()).toMatchObject({
      totalCount: 1,
      items: [{ sys: { id: pages.orphan.id }, pageTitle: 'Consultation', inSitemap: true, seoScore: 100 }],
    })
    const none = await app.inject({
      url: `/api/v1/sites/${site.slug}/seo/orphaned-pages?search=roads`,
      headers: { cookie },
    })
    expect(none.json().totalCount).toBe(0)
    const csv = await app.inject({
      url: `/api/v1/sites/${site.slug}/seo/orphaned-pages/export?format=csv`,
      headers: { cookie },
    })
    expect(csv.body.trim().split(/\r?\n/)).toHaveLength(2)
    const bad = await app.inject({
      url: `/api/v1/sites/${site.slug}/seo/orphaned-pages?sortDir=up`,
      headers: { cookie },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('sortDir')
  })
})

describe('GET /api/v1/sites/:slug/seo/health', () => {
  it('counts pages, duplicates and every SEO check, most failing first', async () => {
    const { app, site, cookie } = await seoSite()
    const response = await app.inject({ url: `/api/v1/sites/${site.slug}/seo/health`, headers: { cookie } })
    expect(response.statusCode).toBe(200)
    expect(response.json<SeoHealth>()).toEqual({
      score: 80,
      pages: { scanned: 5, indexable: 4, notIndexable: 1, inSitemap: 3, orphaned: 1 },
      duplicates: { title: 1, description: 0, content: 1 },
      checks: [
        expect.objectContaining({
          issueId: 'duplicate-title',
          pagesFailed: 2,
          pagesChecked: 3,
          passRate: 33.3,
        }),
        expect.objectContaining({ issueId: 'orphaned-page', pagesFailed: 1, pagesChecked: 1, passRate: 0 }),
      ],
    })
  })

  it('scopes to a section, and 400 for a malformed section id', async () => {
    const { app, site, cookie, section } = await seoSite()
    const scoped = await app.inject({
      url: `/api/v1/sites/${site.slug}/seo/health?sectionId=${section.id}`,
      headers: { cookie },
    })
    expect(scoped.json<SeoHealth>()).toMatchObject({
      score: 90,
      pages: { scanned: 1 },
      duplicates: { title: 0, content: 1 },
      checks: [],
    })
    const bad = await app.inject({
      url: `/api/v1/sites/${site.slug}/seo/health?sectionId=%24`,
      headers: { cookie },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('sectionId')
  })
})

describe('the SEO and performance lists of the pages and issues endpoints', () => {
  it('lists pages with their SEO and performance columns and the issues of each category', async () => {
    const { app, site, cookie, pages } = await seoSite()
    await app.prisma.page.update({
      where: { id: pages.roads.id },
      data: {
        performanceScore: 55,
        numberOfPerformanceIssuesFailed: 4,
        performanceMetrics: {
          firstContentfulPaint: { value: 2340, score: 0.6 },
          cumulativeLayoutShift: { value: 0.123, score: 0.8 },
        },
      },
    })
    await createTestPageIssue(app.prisma, {
      siteId: site.id,
      pageId: pages.roads.id,
      scanId: (await app.prisma.scan.findFirstOrThrow({ where: { siteId: site.id } })).id,
      category: 'performance',
      issueId: 'render-blocking-resources',
      issueLevel: 'Error',
    })
    const performance = await app.inject({
      url: `/api/v1/sites/${site.slug}/pages?type=performance&view=advanced&sortBy=performanceScore`,
      headers: { cookie },
    })
    expect(performance.json<PagedList<PageListItem>>().items[0]).toMatchObject({
      sys: { id: pages.roads.id },
      performanceScore: 55,
      numberOfPerformanceIssuesFailed: 4,
      firstContentfulPaint: { value: 2340, score: 0.6 },
      cumulativeLayoutShift: { value: 0.123, score: 0.8 },
      speedIndex: null,
    })
    const seoPages = await app.inject({
      url: `/api/v1/sites/${site.slug}/pages?type=seo&sortBy=seoScore&sortDir=desc`,
      headers: { cookie },
    })
    expect(seoPages.json<PagedList<PageListItem>>().items.map((item) => item.seoScore)).toEqual([
      100, 90, 80, 70, 60,
    ])
    const issues = await app.inject({
      url: `/api/v1/sites/${site.slug}/issues?category=performance`,
      headers: { cookie },
    })
    expect(issues.statusCode).toBe(200)
    const affected = await app.inject({
      url: `/api/v1/sites/${site.slug}/issues/duplicate-title/pages?category=seo`,
      headers: { cookie },
    })
    expect(
      affected
        .json()
        .items.map((item: { sys: { id: string } }) => item.sys.id)
        .sort(),
    ).toEqual([pages.roads.id, pages.works.id].sort())
    const bad = await app.inject({
      url: `/api/v1/sites/${site.slug}/pages?type=performance&view=simple`,
      headers: { cookie },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('view')
  })
})

describe('the SEO endpoints for a member of another site and for a site never scanned', () => {
  const paths = (dupeId: string) => [
    'seo/duplicate-content',
    `seo/duplicate-content/${dupeId}`,
    `seo/duplicate-content/${dupeId}/summary`,
    'seo/orphaned-pages',
    'seo/health',
    'seo/duplicate-content/export?format=csv',
  ]

  it('answers 404 to a user who is not a member of the site', async () => {
    const { app, site, outsiderCookie, titleGroup } = await seoSite()
    for (const path of paths(titleGroup.id)) {
      const response = await app.inject({
        url: `/api/v1/sites/${site.slug}/${path}`,
        headers: { cookie: outsiderCookie },
      })
      expect(response.statusCode, path).toBe(404)
      expect(response.json().message, path).toBe(SITE_NOT_FOUND_MESSAGE)
    }
  })

  it('answers empty lists and a health of zeros before the first scan', async () => {
    const { app, site, cookie } = await neverScannedSite()
    for (const path of [
      'seo/duplicate-content',
      'seo/orphaned-pages',
      'pages?type=seo',
      'pages?type=performance',
      'issues?category=seo',
    ]) {
      const response = await app.inject({ url: `/api/v1/sites/${site.slug}/${path}`, headers: { cookie } })
      expect(response.statusCode, path).toBe(200)
      expect(response.json(), path).toMatchObject({ items: [], totalCount: 0 })
    }
    const health = await app.inject({ url: `/api/v1/sites/${site.slug}/seo/health`, headers: { cookie } })
    expect(health.json<SeoHealth>()).toEqual({
      score: null,
      pages: { scanned: 0, indexable: 0, notIndexable: 0, inSitemap: 0, orphaned: 0 },
      duplicates: { title: 0, description: 0, content: 0 },
      checks: [],
    })
  })
})
