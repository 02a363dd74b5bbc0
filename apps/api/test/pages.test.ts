import type { PagedList, PageListItem } from '@canopy/contracts'
import { findListPage, iterateListBatches, type PageListRow, pageList, pageListSort } from '@canopy/db'
import { describe, expect, it } from 'vitest'
import { SITE_NOT_FOUND_MESSAGE } from '../src/plugins/app/site-access.js'
import { SECTION_NOT_FOUND_MESSAGE } from '../src/services/section-service.js'
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

/** The pages lists of every area, their export, the worst pages and a page's misspellings. */
const getApp = useTestApp()

type Prisma = Awaited<ReturnType<typeof getApp>>['app']['prisma']

/** Four pages: scored for every area, badly scored (with a formula for a title), in a section, unscored. */
async function seedListPages(prisma: Prisma, siteId: string) {
  const root = 'https://pages-list.example.test'
  const about = await createTestPage(prisma, {
    siteId: siteId,
    url: `${root}/about`,
    title: 'About us',
    accessibilityScore: 91,
    seoScore: 80,
    contentQualityScore: 70,
    readabilityFlesch: 65.5,
    readabilityLevel: 'average_reading_level',
    misspellingCount: 2,
    performanceMetrics: {
      firstContentfulPaint: { value: 1200, score: 0.9 },
      speedIndex: { value: 1800, score: 0.8 },
      totalBlockingTime: { value: 30, score: 1 },
      largestContentfulPaint: { value: 2100, score: 0.7 },
      cumulativeLayoutShift: { value: 0.02, score: 1 },
    },
  })
  const contact = await createTestPage(prisma, {
    siteId: siteId,
    url: `${root}/contact`,
    title: '=HYPERLINK("http://evil.example","click")',
    accessibilityScore: 42,
    numberOfAccessibilityIssuesFailed: 3,
    readabilityFlesch: 20,
    readabilityLevel: 'difficult_to_read',
  })
  const news = await createTestPage(prisma, {
    siteId: siteId,
    url: `${root}/news/today`,
    title: 'News today',
    accessibilityScore: 63,
    readabilityFlesch: 0,
  })
  const unscored = await createTestPage(prisma, { siteId: siteId, url: `${root}/unscored`, title: null })
  return { about, contact, news, unscored }
}

/** Three failing accessibility audits (A, AA, A) and a passed one on the contact page. */
async function seedContactIssues(
  prisma: Prisma,
  { siteId, pageId, scanId }: { siteId: string; pageId: string; scanId: string },
) {
  for (const [issueId, issueLevel] of [
    ['image-alt', 'A'],
    ['color-contrast', 'AA'],
    ['link-name', 'A'],
  ] as const) {
    await createTestPageIssue(prisma, {
      siteId: siteId,
      pageId: pageId,
      scanId: scanId,
      issueId,
      issueLevel,
    })
  }
  await createTestPageIssue(prisma, {
    siteId: siteId,
    pageId: pageId,
    scanId: scanId,
    issueId: 'bypass',
    issueLevel: 'A',
    outcome: 'passed',
  })
}

async function siteWithPages() {
  const { app } = await getApp()
  const user = await createTestUser(app.prisma)
  const site = await createTestSite(app.prisma, {
    rootUri: 'https://pages-list.example.test/',
    members: [{ userId: user.id, role: 'viewer' }],
  })
  const scan = await createTestCompletedScan(app.prisma, { siteId: site.id, number: 1 })
  const pages = await seedListPages(app.prisma, site.id)
  await seedContactIssues(app.prisma, { siteId: site.id, pageId: pages.contact.id, scanId: scan.id })
  const section = await createTestSection(app.prisma, { siteId: site.id, title: 'News' })
  await app.prisma.sectionPage.create({ data: { sectionId: section.id, pageId: pages.news.id } })
  return {
    app,
    site,
    scan,
    section,
    pages,
    cookie: await createSessionCookie(app.prisma, user.id),
  }
}

describe('GET /api/v1/sites/:slug/pages', () => {
  it('lists the pages by URL by default, with the accessibility failures of each page by level', async () => {
    const { app, site, pages, cookie } = await siteWithPages()
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/pages?type=accessibility`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    const body = response.json<PagedList<PageListItem>>()
    expect(body).toMatchObject({ totalCount: 4, pageIndex: 1, pageSize: 25, pageCount: 1 })
    expect(body.items.map((item) => item.entryTitle)).toEqual([
      pages.about.url,
      pages.contact.url,
      pages.news.url,
      pages.unscored.url,
    ])
    const contact = body.items[1]
    expect(contact).toMatchObject({
      sys: { id: pages.contact.id },
      accessibilityScore: 42,
      numberOfAccessibilityIssuesFailed: 3,
      accessibilityFailuresByLevel: { A: 2, AA: 1, AAA: 0 },
      readability: { flesch: 20, level: 'difficult-to-read' },
    })
    expect(body.items[0]).toMatchObject({
      firstContentfulPaint: { value: 1200, score: 0.9 },
      cumulativeLayoutShift: { value: 0.02, score: 1 },
      readability: { flesch: 65.5, level: 'average-reading-level' },
      misspellings: 2,
    })
    expect(body.items[3]?.firstContentfulPaint).toBeNull()
  })

  it('sorts by a score either way with unscored pages last, and pages through the result', async () => {
    const { app, site, pages, cookie } = await siteWithPages()
    const url = `/api/v1/sites/${site.slug}/pages?type=accessibility&sortBy=accessibilityScore`
    const ascending = await app.inject({ url: `${url}&sortDir=asc`, headers: { cookie } })
    expect(ascending.json().items.map((item: PageListItem) => item.sys.id)).toEqual([
      pages.contact.id,
      pages.news.id,
      pages.about.id,
      pages.unscored.id,
    ])
    const descending = await app.inject({ url: `${url}&sortDir=desc&pageSize=2&page=2`, headers: { cookie } })
    expect(descending.json()).toMatchObject({ totalCount: 4, pageIndex: 2, pageCount: 2 })
    expect(descending.json().items.map((item: PageListItem) => item.sys.id)).toEqual([
      pages.contact.id,
      pages.unscored.id,
    ])
    const metric = await app.inject({
      url: `/api/v1/sites/${site.slug}/pages?type=performance&sortBy=firstContentfulPaint.value&sortDir=desc`,
      headers: { cookie },
    })
    expect(metric.json().items[0].sys.id).toBe(pages.about.id)
  })
})

describe('GET /api/v1/sites/:slug/pages filters', () => {
  it('filters by search, section and readability level', async () => {
    const { app, site, section, pages, cookie } = await siteWithPages()
    const search = await app.inject({
      url: `/api/v1/sites/${site.slug}/pages?type=seo&search=${encodeURIComponent('ABOUT')}`,
      headers: { cookie },
    })
    expect(search.json().items.map((item: PageListItem) => item.sys.id)).toEqual([pages.about.id])
    expect(search.json().items[0].accessibilityFailuresByLevel).toBeNull()
    const wildcard = await app.inject({
      url: `/api/v1/sites/${site.slug}/pages?search=${encodeURIComponent('%')}`,
      headers: { cookie },
    })
    expect(wildcard.json().totalCount).toBe(0)
    const inSection = await app.inject({
      url: `/api/v1/sites/${site.slug}/pages?sectionId=${section.id}`,
      headers: { cookie },
    })
    expect(inSection.json().items.map((item: PageListItem) => item.sys.id)).toEqual([pages.news.id])
    const level = await app.inject({
      url: `/api/v1/sites/${site.slug}/pages?type=readability&readability=difficult-to-read`,
      headers: { cookie },
    })
    expect(level.json().items.map((item: PageListItem) => item.sys.id)).toEqual([pages.contact.id])
  })
})

describe('GET /api/v1/sites/:slug/pages: bad input and empty sites', () => {
  it("answers 404 for another site's section, and 400 naming the field for malformed values", async () => {
    const { app, site, cookie } = await siteWithPages()
    const other = await createTestSite(app.prisma)
    const otherSection = await createTestSection(app.prisma, { siteId: other.id })
    const foreign = await app.inject({
      url: `/api/v1/sites/${site.slug}/pages?sectionId=${otherSection.id}`,
      headers: { cookie },
    })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().message).toBe(SECTION_NOT_FOUND_MESSAGE)
    for (const [query, field] of [
      ['type=everything', 'type'],
      ['sortBy=size', 'sortBy'],
      ['readability=hard', 'readability'],
      ['sectionId=..%2F', 'sectionId'],
      ['view=wide', 'view'],
    ] as const) {
      const response = await app.inject({
        url: `/api/v1/sites/${site.slug}/pages?${query}`,
        headers: { cookie },
      })
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 })
      expect(Object.keys(response.json().errors ?? {})).toContain(field)
    }
  })

  it('answers an empty list for a site that has no scan yet, and 404 to a member of another site', async () => {
    const { app, site } = await siteWithPages()
    const newcomer = await createTestUser(app.prisma)
    const empty = await createTestSite(app.prisma, { members: [{ userId: newcomer.id, role: 'admin' }] })
    const cookie = await createSessionCookie(app.prisma, newcomer.id)
    const response = await app.inject({ url: `/api/v1/sites/${empty.slug}/pages`, headers: { cookie } })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ items: [], totalCount: 0, pageIndex: 1, pageSize: 25, pageCount: 0 })
    const worst = await app.inject({ url: `/api/v1/sites/${empty.slug}/worst-pages`, headers: { cookie } })
    expect(worst.json()).toEqual([])
    const foreign = await app.inject({ url: `/api/v1/sites/${site.slug}/pages`, headers: { cookie } })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().message).toBe(SITE_NOT_FOUND_MESSAGE)
  })
})

describe('GET /api/v1/sites/:slug/pages/export', () => {
  it('streams every page of the filter as CSV with a header row, guarding cells against formulas', async () => {
    const { app, site, pages, cookie } = await siteWithPages()
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/pages/export?format=csv&type=accessibility&sortBy=accessibilityScore`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${site.slug}-pages-accessibility.csv"`,
    )
    const lines = response.body.trimEnd().split('\r\n')
    expect(lines[0]?.split(',').slice(0, 5)).toEqual([
      'id',
      'pageTitle',
      'entryTitle',
      'httpStatus',
      'accessibilityScore',
    ])
    expect(lines).toHaveLength(5)
    expect(lines[1]).toContain(pages.contact.id)
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`)
    expect(lines[1]).toContain(',2,1,0,')
    expect(lines[4]).toContain(pages.unscored.id)
  })

  it('streams JSON items in the list order, the current filter applied', async () => {
    const { app, site, pages, cookie } = await siteWithPages()
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/pages/export?format=json&search=news`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    const items = JSON.parse(response.body) as PageListItem[]
    expect(items.map((item) => item.sys.id)).toEqual([pages.news.id])
    expect(items[0]).toMatchObject({ entryTitle: pages.news.url, accessibilityScore: 63 })
  })

  it('answers 400 naming format when it is missing or unknown', async () => {
    const { app, site, cookie } = await siteWithPages()
    for (const query of ['', '?format=xlsx']) {
      const response = await app.inject({
        url: `/api/v1/sites/${site.slug}/pages/export${query}`,
        headers: { cookie },
      })
      expect(response.statusCode).toBe(400)
      expect(Object.keys(response.json().errors)).toContain('format')
    }
  })
})

describe('GET /api/v1/sites/:slug/worst-pages', () => {
  it('lists the lowest scores first, leaving out pages the area did not score', async () => {
    const { app, site, pages, section, cookie } = await siteWithPages()
    const accessibility = await app.inject({
      url: `/api/v1/sites/${site.slug}/worst-pages?type=accessibility&limit=2`,
      headers: { cookie },
    })
    expect(accessibility.statusCode).toBe(200)
    expect(accessibility.json().map((item: PageListItem) => item.sys.id)).toEqual([
      pages.contact.id,
      pages.news.id,
    ])
    const readability = await app.inject({
      url: `/api/v1/sites/${site.slug}/worst-pages?type=readability`,
      headers: { cookie },
    })
    expect(readability.json().map((item: PageListItem) => item.sys.id)).toEqual([
      pages.contact.id,
      pages.about.id,
    ])
    const inSection = await app.inject({
      url: `/api/v1/sites/${site.slug}/worst-pages?sectionId=${section.id}`,
      headers: { cookie },
    })
    expect(inSection.json().map((item: PageListItem) => item.sys.id)).toEqual([pages.news.id])
    const tooMany = await app.inject({
      url: `/api/v1/sites/${site.slug}/worst-pages?limit=500`,
      headers: { cookie },
    })
    expect(tooMany.statusCode).toBe(400)
    expect(Object.keys(tooMany.json().errors)).toContain('limit')
  })
})

describe('GET /api/v1/sites/:slug/content-quality/misspellings/page/:pageId', () => {
  it("lists the page's misspelt words, most frequent first; another site's page is a 404", async () => {
    const { app, site, pages, cookie } = await siteWithPages()
    for (const [word, count] of [
      ['recieve', 1],
      ['teh', 4],
    ] as const) {
      await app.prisma.misspelling.create({
        data: {
          siteId: site.id,
          word,
          language: 'en',
          occurrences: { create: { pageId: pages.about.id, count } },
        },
      })
    }
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/content-quality/misspellings/page/${pages.about.id}`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([
      { sys: { id: expect.any(String) }, entryTitle: 'teh', language: 'en', totalCount: 4 },
      { sys: { id: expect.any(String) }, entryTitle: 'recieve', language: 'en', totalCount: 1 },
    ])
    const none = await app.inject({
      url: `/api/v1/sites/${site.slug}/content-quality/misspellings/page/${pages.news.id}`,
      headers: { cookie },
    })
    expect(none.json()).toEqual([])
    const other = await createTestSite(app.prisma)
    const foreignPage = await createTestPage(app.prisma, { siteId: other.id, url: 'https://x.example.test/' })
    const foreign = await app.inject({
      url: `/api/v1/sites/${site.slug}/content-quality/misspellings/page/${foreignPage.id}`,
      headers: { cookie },
    })
    expect(foreign.statusCode).toBe(404)
  })
})

describe('keyset batches of an export', () => {
  it('read every row exactly once in the list order, across ties and unscored rows, whatever the batch size', async () => {
    const { app, site } = await siteWithPages()
    await createTestPage(app.prisma, {
      siteId: site.id,
      url: 'https://pages-list.example.test/tie',
      accessibilityScore: 63,
    })
    await createTestPage(app.prisma, { siteId: site.id, url: 'https://pages-list.example.test/unscored-2' })
    for (const direction of ['asc', 'desc'] as const) {
      for (const sortBy of [
        'accessibilityScore',
        'pageTitle',
        'modified',
        'entryTitle',
        'misspellings',
      ] as const) {
        const list = pageList({ siteId: site.id })
        const sort = pageListSort(sortBy, direction)
        const { rows } = await findListPage<PageListRow>(app.prisma, list, sort, { skip: 0, take: 100 })
        const expected = rows.map((row) => row.id)
        expect(expected).toHaveLength(6)
        for (const batchSize of [1, 2, 4]) {
          const seen: string[] = []
          for await (const batch of iterateListBatches<PageListRow>(app.prisma, list, sort, batchSize)) {
            seen.push(...batch.map((row) => row.id))
          }
          expect({ direction, sortBy, batchSize, seen }).toEqual({
            direction,
            sortBy,
            batchSize,
            seen: expected,
          })
        }
      }
    }
  })
})

describe('an export longer than one batch', () => {
  it('streams every row once, in the order of the list, across keyset batches', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    const site = await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'viewer' }] })
    const total = 2_345
    await app.prisma.page.createMany({
      data: Array.from({ length: total }, (_, index) => ({
        siteId: site.id,
        url: `https://many.example.test/${String(index).padStart(5, '0')}`,
        // Many equal scores, so batches end inside runs of ties.
        accessibilityScore: index % 7 === 0 ? null : index % 50,
      })),
    })
    const cookie = await createSessionCookie(app.prisma, user.id)
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/pages/export?format=csv&sortBy=accessibilityScore&sortDir=desc`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    const rows = response.body.trimEnd().split('\r\n').slice(1)
    expect(rows).toHaveLength(total)
    const ids = rows.map((row) => row.split(',')[0])
    expect(new Set(ids).size).toBe(total)
    const scores = rows.map((row) => row.split(',')[4])
    const scored = scores.filter((score) => score !== '').map(Number)
    expect(scored).toEqual([...scored].sort((a, b) => b - a))
    expect(scores.slice(scored.length).every((score) => score === '')).toBe(true)
    const json = await app.inject({
      url: `/api/v1/sites/${site.slug}/pages/export?format=json&sortBy=accessibilityScore&sortDir=desc`,
      headers: { cookie },
    })
    expect((JSON.parse(json.body) as PageListItem[]).map((item) => item.sys.id)).toEqual(ids)

    // A page deep in the second half is read from the end: the same rows as the export in that place.
    for (const page of [93, 94, 95]) {
      const deep = await app.inject({
        url: `/api/v1/sites/${site.slug}/pages?sortBy=accessibilityScore&sortDir=desc&page=${page}`,
        headers: { cookie },
      })
      expect(deep.json()).toMatchObject({ totalCount: total, pageIndex: page, pageCount: 94 })
      expect(deep.json().items.map((item: PageListItem) => item.sys.id)).toEqual(
        ids.slice((page - 1) * 25, page * 25),
      )
    }
  })
})
