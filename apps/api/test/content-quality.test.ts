import type {
  AffectedPageItem,
  BrokenLinkItem,
  ContentQualityResource,
  PagedList,
  ReadabilityResponse,
} from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import {
  LINK_NOT_FOUND_MESSAGE,
  RESOURCE_NOT_FOUND_MESSAGE,
} from '../src/services/content-quality-service.js'
import {
  createSessionCookie,
  createTestLink,
  createTestPage,
  createTestSection,
  createTestSite,
  createTestUser,
} from './factories.js'
import { useTestApp } from './helper.js'

/** Readability, broken links (and those the check could not verify), the pages affected by a link, resources. */
const getApp = useTestApp()

const ROOT = 'https://quality.example.test'

async function sitePages(app: Awaited<ReturnType<typeof getApp>>['app'], siteId: string) {
  const home = await createTestPage(app.prisma, {
    siteId,
    url: `${ROOT}/`,
    title: 'Home',
    readabilityFlesch: 72,
    readabilityLevel: 'fairly_easy_to_read',
    pageViewsLastMonth: 100,
  })
  const news = await createTestPage(app.prisma, {
    siteId,
    url: `${ROOT}/news`,
    title: 'News',
    readabilityFlesch: 20,
    readabilityLevel: 'very_difficult_to_read',
    pageViewsLastMonth: 30,
  })
  const empty = await createTestPage(app.prisma, { siteId, url: `${ROOT}/gallery`, title: 'Gallery' })
  return { home, news, empty }
}

async function siteWithLinks() {
  const { app } = await getApp()
  const user = await createTestUser(app.prisma)
  const site = await createTestSite(app.prisma, {
    rootUri: `${ROOT}/`,
    members: [{ userId: user.id, role: 'viewer' }],
  })
  const pages = await sitePages(app, site.id)
  const section = await createTestSection(app.prisma, { siteId: site.id, title: 'News' })
  await app.prisma.sectionPage.create({ data: { sectionId: section.id, pageId: pages.news.id } })
  const both = [pages.home.id, pages.news.id]
  const links = {
    internal: await createTestLink(app.prisma, {
      siteId: site.id,
      url: `${ROOT}/old-report`,
      isInternal: true,
      status: 404,
      isBroken: true,
      pageIds: both,
      firstSeenAt: new Date('2026-01-01T00:00:00Z'),
    }),
    external: await createTestLink(app.prisma, {
      siteId: site.id,
      url: 'https://partner.example.test/expired',
      status: 904,
      error: 'CertificateError',
      isBroken: true,
      pageIds: [pages.home.id],
    }),
    unverified: await createTestLink(app.prisma, {
      siteId: site.id,
      url: 'https://social.example.test/in/council',
      status: 999,
      isUnverified: true,
      pageIds: [pages.news.id],
    }),
    working: await createTestLink(app.prisma, {
      siteId: site.id,
      url: `${ROOT}/contact`,
      isInternal: true,
      status: 200,
      pageIds: both,
    }),
    brokenImage: await createTestLink(app.prisma, {
      siteId: site.id,
      url: `${ROOT}/missing.jpg`,
      isInternal: true,
      status: 404,
      isBroken: true,
      kind: 'image',
      pageIds: [pages.home.id],
    }),
  }
  const cookie = await createSessionCookie(app.prisma, user.id)
  return { app, site, section, pages, links, cookie }
}

async function neverScannedSite(app: Awaited<ReturnType<typeof getApp>>['app']) {
  const user = await createTestUser(app.prisma)
  const site = await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'viewer' }] })
  return { site, cookie: await createSessionCookie(app.prisma, user.id) }
}

async function outsider(app: Awaited<ReturnType<typeof getApp>>['app']) {
  const user = await createTestUser(app.prisma)
  await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'admin' }] })
  return createSessionCookie(app.prisma, user.id)
}

describe('GET /api/v1/sites/:slug/content-quality/readability', () => {
  it('gives the mean score of the pages that have one and the pages of every level, hardest first', async () => {
    const { app, site, section, cookie } = await siteWithLinks()
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/content-quality/readability`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    const body = response.json<ReadabilityResponse>()
    expect(body.score).toBe(46)
    expect(body.aggregated).toHaveLength(8)
    expect(body.aggregated[0]).toEqual({
      slug: 'very-difficult-to-read',
      friendlyText: 'Very difficult to read',
      occurrences: 1,
    })
    expect(body.aggregated.find((level) => level.slug === 'fairly-easy-to-read')?.occurrences).toBe(1)
    expect(body.aggregated.reduce((sum, level) => sum + level.occurrences, 0)).toBe(2)
    const scoped = await app.inject({
      url: `/api/v1/sites/${site.slug}/content-quality/readability?sectionId=${section.id}`,
      headers: { cookie },
    })
    expect(scoped.json<ReadabilityResponse>().score).toBe(20)
  })

  it('has no score and empty levels before any scan, 400 for a malformed section and 404 to an outsider', async () => {
    const { app, site } = await siteWithLinks()
    const fresh = await neverScannedSite(app)
    const empty = await app.inject({
      url: `/api/v1/sites/${fresh.site.slug}/content-quality/readability`,
      headers: { cookie: fresh.cookie },
    })
    expect(empty.statusCode).toBe(200)
    const body = empty.json<ReadabilityResponse>()
    expect(body.score).toBeNull()
    expect(body.aggregated.every((level) => level.occurrences === 0)).toBe(true)
    const malformed = await app.inject({
      url: `/api/v1/sites/${fresh.site.slug}/content-quality/readability?sectionId=a%20b`,
      headers: { cookie: fresh.cookie },
    })
    expect(malformed.statusCode).toBe(400)
    expect(Object.keys(malformed.json().errors)).toContain('sectionId')
    const foreign = await app.inject({
      url: `/api/v1/sites/${site.slug}/content-quality/readability`,
      headers: { cookie: await outsider(app) },
    })
    expect(foreign.statusCode).toBe(404)
  })
})

describe('GET /api/v1/sites/:slug/content-quality/broken-links', () => {
  it('lists broken and unverified anchors, most linked first, never working links or image sources', async () => {
    const { app, site, links, cookie } = await siteWithLinks()
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/content-quality/broken-links`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    const body = response.json<PagedList<BrokenLinkItem>>()
    expect(body.totalCount).toBe(3)
    expect(body.items[0]).toEqual({
      sys: { id: links.internal.id, version: { created: '2026-01-01T00:00:00.000Z' } },
      entryTitle: `${ROOT}/old-report`,
      status: 404,
      error: null,
      isInternal: true,
      isUnverified: false,
      totalCount: 2,
      numberOfPageViewsInThePastMonth: 130,
    })
    expect(
      body.items
        .map((item) => item.sys.id)
        .slice(1)
        .sort(),
    ).toEqual([links.external.id, links.unverified.id].sort())
    expect(body.items.find((item) => item.sys.id === links.external.id)).toMatchObject({
      status: 904,
      error: 'CertificateError',
    })
  })

  it('filters by view, verification, section and search, and sorts by status', async () => {
    const { app, site, section, links, cookie } = await siteWithLinks()
    const ids = async (query: string) => {
      const response = await app.inject({
        url: `/api/v1/sites/${site.slug}/content-quality/broken-links?${query}`,
        headers: { cookie },
      })
      expect(response.statusCode).toBe(200)
      return response.json<PagedList<BrokenLinkItem>>().items.map((item) => item.sys.id)
    }
    expect(await ids('view=internal')).toEqual([links.internal.id])
    expect((await ids('view=external')).sort()).toEqual([links.external.id, links.unverified.id].sort())
    expect(await ids('verification=unverified')).toEqual([links.unverified.id])
    expect(await ids('view=external&verification=broken')).toEqual([links.external.id])
    expect(await ids(`sectionId=${section.id}&sortBy=entryTitle&sortDir=asc`)).toEqual([
      links.internal.id,
      links.unverified.id,
    ])
    expect(await ids('search=partner')).toEqual([links.external.id])
    expect(await ids('sortBy=status&sortDir=desc')).toEqual([
      links.unverified.id,
      links.external.id,
      links.internal.id,
    ])
  })

  it('answers 400 naming the field, an empty list before any scan and 404 to an outsider', async () => {
    const { app, site, cookie } = await siteWithLinks()
    for (const [query, field] of [
      ['view=both', 'view'],
      ['verification=maybe', 'verification'],
      ['sortBy=colour', 'sortBy'],
    ]) {
      const response = await app.inject({
        url: `/api/v1/sites/${site.slug}/content-quality/broken-links?${query}`,
        headers: { cookie },
      })
      expect(response.statusCode).toBe(400)
      expect(Object.keys(response.json().errors)).toContain(field)
    }
    const fresh = await neverScannedSite(app)
    const empty = await app.inject({
      url: `/api/v1/sites/${fresh.site.slug}/content-quality/broken-links`,
      headers: { cookie: fresh.cookie },
    })
    expect(empty.json()).toMatchObject({ items: [], totalCount: 0, pageCount: 0 })
    const foreign = await app.inject({
      url: `/api/v1/sites/${site.slug}/content-quality/broken-links`,
      headers: { cookie: await outsider(app) },
    })
    expect(foreign.statusCode).toBe(404)
  })

  it('exports the current filter as CSV and JSON', async () => {
    const { app, site, links, cookie } = await siteWithLinks()
    const csv = await app.inject({
      url: `/api/v1/sites/${site.slug}/content-quality/broken-links/export?format=csv&view=internal`,
      headers: { cookie },
    })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="${site.slug}-broken-links-internal.csv"`,
    )
    const lines = csv.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'id,entryTitle,status,error,isInternal,isUnverified,totalCount,numberOfPageViewsInThePastMonth,created',
    )
    expect(lines).toHaveLength(2)
    expect(lines[1]?.startsWith(`${links.internal.id},${ROOT}/old-report,404,`)).toBe(true)
    const json = await app.inject({
      url: `/api/v1/sites/${site.slug}/content-quality/broken-links/export?format=json&verification=unverified`,
      headers: { cookie },
    })
    expect((JSON.parse(json.body) as BrokenLinkItem[]).map((item) => item.sys.id)).toEqual([
      links.unverified.id,
    ])
  })
})

describe('GET /api/v1/sites/:slug/content-quality/pages-affected-by-a-link/:linkId', () => {
  it('lists the pages linking to it by URL, scoped to a section, with an export', async () => {
    const { app, site, section, pages, links, cookie } = await siteWithLinks()
    const path = `/api/v1/sites/${site.slug}/content-quality/pages-affected-by-a-link/${links.internal.id}`
    const response = await app.inject({ url: path, headers: { cookie } })
    expect(response.statusCode).toBe(200)
    const body = response.json<PagedList<AffectedPageItem>>()
    expect(body).toMatchObject({ totalCount: 2, pageIndex: 1, pageCount: 1 })
    expect(body.items.map((item) => item.entryTitle)).toEqual([`${ROOT}/`, `${ROOT}/news`])
    expect(body.items[0]).toMatchObject({ sys: { id: pages.home.id }, pageTitle: 'Home', occurrences: 1 })
    const scoped = await app.inject({ url: `${path}?sectionId=${section.id}`, headers: { cookie } })
    expect(scoped.json<PagedList<AffectedPageItem>>().items.map((item) => item.sys.id)).toEqual([
      pages.news.id,
    ])
    const sorted = await app.inject({ url: `${path}?sortBy=pageTitle&sortDir=desc`, headers: { cookie } })
    expect(sorted.json<PagedList<AffectedPageItem>>().items.map((item) => item.pageTitle)).toEqual([
      'News',
      'Home',
    ])
    const csv = await app.inject({ url: `${path}/export?format=csv`, headers: { cookie } })
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(3)
  })

  it("answers 404 for another site's link or none, 400 naming the field, and 404 to an outsider", async () => {
    const { app, site, links, cookie } = await siteWithLinks()
    const fresh = await neverScannedSite(app)
    const foreignLink = await app.inject({
      url: `/api/v1/sites/${fresh.site.slug}/content-quality/pages-affected-by-a-link/${links.internal.id}`,
      headers: { cookie: fresh.cookie },
    })
    expect(foreignLink.statusCode).toBe(404)
    expect(foreignLink.json().message).toBe(LINK_NOT_FOUND_MESSAGE)
    const malformed = await app.inject({
      url: `/api/v1/sites/${site.slug}/content-quality/pages-affected-by-a-link/${links.internal.id}?pageSize=0`,
      headers: { cookie },
    })
    expect(malformed.statusCode).toBe(400)
    expect(Object.keys(malformed.json().errors)).toContain('pageSize')
    const outside = await app.inject({
      url: `/api/v1/sites/${site.slug}/content-quality/pages-affected-by-a-link/${links.internal.id}`,
      headers: { cookie: await outsider(app) },
    })
    expect(outside.statusCode).toBe(404)
  })
})

describe('GET /api/v1/sites/:slug/content-quality/resources/:resourceId', () => {
  it('gives a link with what its check found, or a misspelling, by id', async () => {
    const { app, site, pages, links, cookie } = await siteWithLinks()
    const link = await app.inject({
      url: `/api/v1/sites/${site.slug}/content-quality/resources/${links.unverified.id}`,
      headers: { cookie },
    })
    expect(link.statusCode).toBe(200)
    expect(link.json<ContentQualityResource>()).toMatchObject({
      kind: 'link',
      entryTitle: 'https://social.example.test/in/council',
      status: 999,
      isBroken: false,
      isUnverified: true,
      riskType: null,
      totalCount: 1,
      numberOfPageViewsInThePastMonth: 30,
    })
    const misspelling = await app.prisma.misspelling.create({
      data: {
        siteId: site.id,
        word: 'recieve',
        language: 'en',
        occurrences: { create: [{ pageId: pages.home.id, count: 2 }] },
      },
    })
    const word = await app.inject({
      url: `/api/v1/sites/${site.slug}/content-quality/resources/${misspelling.id}`,
      headers: { cookie },
    })
    expect(word.json<ContentQualityResource>()).toMatchObject({
      kind: 'misspelling',
      sys: { id: misspelling.id },
      entryTitle: 'recieve',
      language: 'en',
      totalCount: 1,
    })
  })

  it("answers 404 for another site's resource and to an outsider, 400 for a malformed id", async () => {
    const { app, site, links, cookie } = await siteWithLinks()
    const fresh = await neverScannedSite(app)
    const foreign = await app.inject({
      url: `/api/v1/sites/${fresh.site.slug}/content-quality/resources/${links.internal.id}`,
      headers: { cookie: fresh.cookie },
    })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().message).toBe(RESOURCE_NOT_FOUND_MESSAGE)
    const malformed = await app.inject({
      url: `/api/v1/sites/${site.slug}/content-quality/resources/not%20an%20id`,
      headers: { cookie },
    })
    expect(malformed.statusCode).toBe(400)
    expect(Object.keys(malformed.json().errors)).toContain('resourceId')
    const outside = await app.inject({
      url: `/api/v1/sites/${site.slug}/content-quality/resources/${links.internal.id}`,
      headers: { cookie: await outsider(app) },
    })
    expect(outside.statusCode).toBe(404)
  })
})
