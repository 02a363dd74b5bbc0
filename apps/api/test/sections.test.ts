import { SECTION_MESSAGES } from '@canopy/contracts'
import { SECTION_PATTERN_MESSAGES } from '@canopy/contracts/section-pattern'
import { describe, expect, it } from 'vitest'
import { SECTION_SLUG_TAKEN_MESSAGE } from '../src/services/section-service.js'
import { createSessionCookie, createTestSection, createTestSite, createTestUser } from './factories.js'
import { useTestApp } from './helper.js'

const getApp = useTestApp()

async function siteWithAdmin() {
  const { app } = await getApp()
  const user = await createTestUser(app.prisma)
  const site = await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'admin' }] })
  const cookie = await createSessionCookie(app.prisma, user.id)
  const sectionsUrl = `/api/v1/sites/${site.slug}/sections`
  return { app, user, site, cookie, sectionsUrl }
}

type SectionItem = { sys: { id: string; slug: string }; title: string; entryTitle: string }

describe('GET /api/v1/sites/:slug/sections', () => {
  it('pages 25 by default, searches titles, sorts by title, page count or score; no "All sections" item', async () => {
    const { app, site, cookie, sectionsUrl } = await siteWithAdmin()
    await createTestSection(app.prisma, {
      siteId: site.id,
      title: 'News',
      pagesInSection: 40,
      overallScore: 72,
    })
    await createTestSection(app.prisma, {
      siteId: site.id,
      title: 'Blog',
      pagesInSection: 120,
      overallScore: 91,
    })
    await createTestSection(app.prisma, {
      siteId: site.id,
      title: 'Archive',
      pagesInSection: 5,
      overallScore: null,
    })
    const list = async (query = '') =>
      (await app.inject({ method: 'GET', url: `${sectionsUrl}${query}`, headers: { cookie } })).json()

    const all = await list()
    expect(all).toMatchObject({ totalCount: 3, pageIndex: 1, pageSize: 25, pageCount: 1 })
    expect(all.items.map((item: SectionItem) => item.title)).toEqual(['Archive', 'Blog', 'News'])
    expect(all.items[0]).toMatchObject({ entryTitle: 'Archive', overallScore: null, hasFirstScanned: false })

    const titles = async (query: string) => (await list(query)).items.map((item: SectionItem) => item.title)
    expect(await titles('?sortBy=pagesInSection&sortDir=desc')).toEqual(['Blog', 'News', 'Archive'])
    expect(await titles('?sortBy=overallScore&sortDir=desc')).toEqual(['Blog', 'News', 'Archive'])
    expect(await titles('?sortBy=overallScore&sortDir=asc')).toEqual(['News', 'Blog', 'Archive'])
    expect(await titles('?search=LO')).toEqual(['Blog'])
    const switcherPage = await list('?pageSize=2&page=2')
    expect(switcherPage).toMatchObject({ totalCount: 3, pageIndex: 2, pageSize: 2, pageCount: 2 })
  })
})

describe('section writes', () => {
  it('creates a section with a slug from the title and conditions kept in order', async () => {
    const { app, cookie, sectionsUrl } = await siteWithAdmin()
    const conditions = [
      { matchType: 'Includes', source: 'Path', operator: 'Starts with', value: '/news', name: null },
      { matchType: 'Excludes', source: 'Metatag', operator: 'Equals', value: 'draft', name: 'status' },
      { matchType: 'Includes', source: 'Author', operator: 'Regex', value: '^A.*', name: null },
    ]
    const created = await app.inject({
      method: 'POST',
      url: sectionsUrl,
      headers: { cookie },
      payload: { title: '  Latest News & Views ', description: 'Press', conditions },
    })
    expect(created.statusCode).toBe(201)
    const section = created.json()
    expect(section).toMatchObject({
      sys: { slug: 'latest-news-views' },
      title: 'Latest News & Views',
      entryTitle: 'Latest News & Views',
      description: 'Press',
      conditions,
      pagesInSection: 0,
    })
    const stored = await app.prisma.sectionCondition.findMany({
      where: { sectionId: section.sys.id },
      orderBy: { position: 'asc' },
    })
    expect(stored.map((row) => row.operator)).toEqual(['StartsWith', 'Equals', 'Regex'])

    const fetched = await app.inject({
      method: 'GET',
      url: `${sectionsUrl}/${section.sys.id}`,
      headers: { cookie },
    })
    expect(fetched.json()).toEqual(section)
  })

  it('fills condition defaults and drops a meta tag name from other sources', async () => {
    const { app, cookie, sectionsUrl } = await siteWithAdmin()
    const created = await app.inject({
      method: 'POST',
      url: sectionsUrl,
      headers: { cookie },
      payload: { title: 'Defaults', conditions: [{ value: '/docs', name: 'ignored' }] },
    })
    expect(created.json().conditions).toEqual([
      { matchType: 'Includes', source: 'Path', operator: 'Starts with', value: '/docs', name: null },
    ])
  })

  it('answers the spec messages for condition errors, by field', async () => {
    const { app, cookie, sectionsUrl } = await siteWithAdmin()
    const response = await app.inject({
      method: 'POST',
      url: sectionsUrl,
      headers: { cookie },
      payload: {
        title: 'Rules',
        conditions: [
          { source: 'Path', value: '   ' },
          { source: 'Metatag', value: 'x' },
        ],
      },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({
      'conditions.0.value': SECTION_MESSAGES.valueRequired,
      'conditions.1.name': SECTION_MESSAGES.nameRequired,
    })
  })

  it('refuses a regular expression that is invalid, or one the linear-time engine cannot run, by field', async () => {
    const { app, cookie, sectionsUrl } = await siteWithAdmin()
    for (const [value, message] of [
      ['(', SECTION_PATTERN_MESSAGES.invalid],
      ['^/(?!private)', SECTION_PATTERN_MESSAGES.unsupported],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: sectionsUrl,
        headers: { cookie },
        payload: {
          title: `Pattern ${value}`,
          conditions: [
            { source: 'Path', operator: 'Starts with', value: '/news' },
            { source: 'Path', operator: 'Regex', value },
          ],
        },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().errors).toEqual({ 'conditions.1.value': message })
    }
    const nested = await app.inject({
      method: 'POST',
      url: sectionsUrl,
      headers: { cookie },
      payload: {
        title: 'Nested repeat',
        conditions: [{ source: 'Path', operator: 'Regex', value: '^/(a+)+$' }],
      },
    })
    expect(nested.statusCode).toBe(201)
  })

  it('answers 409 when the slug is taken on the site, but allows it on another site', async () => {
    const { app, cookie, sectionsUrl, user } = await siteWithAdmin()
    const first = await app.inject({
      method: 'POST',
      url: sectionsUrl,
      headers: { cookie },
      payload: { title: 'Blog' },
    })
    expect(first.statusCode).toBe(201)
    const clash = await app.inject({
      method: 'POST',
      url: sectionsUrl,
      headers: { cookie },
      payload: { title: 'BLOG' },
    })
    expect(clash.statusCode).toBe(409)
    expect(clash.json()).toMatchObject({
      message: SECTION_SLUG_TAKEN_MESSAGE,
      errors: { title: SECTION_SLUG_TAKEN_MESSAGE },
    })
    const explicit = await app.inject({
      method: 'POST',
      url: sectionsUrl,
      headers: { cookie },
      payload: { title: 'Other', slug: 'blog' },
    })
    expect(explicit.statusCode).toBe(409)
    expect(Object.keys(explicit.json().errors)).toEqual(['slug'])

    const otherSite = await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'admin' }] })
    const elsewhere = await app.inject({
      method: 'POST',
      url: `/api/v1/sites/${otherSite.slug}/sections`,
      headers: { cookie },
      payload: { title: 'Blog' },
    })
    expect(elsewhere.statusCode).toBe(201)
  })

  it('replaces a section, keeps its own slug free, and deletes it', async () => {
    const { app, site, cookie, sectionsUrl } = await siteWithAdmin()
    const existing = await createTestSection(app.prisma, {
      siteId: site.id,
      title: 'Guides',
      conditions: [{ operator: 'Contains', value: 'guide' }],
    })
    await createTestSection(app.prisma, { siteId: site.id, title: 'Taken' })
    const url = `${sectionsUrl}/${existing.id}`
    const updated = await app.inject({
      method: 'PUT',
      url,
      headers: { cookie },
      payload: { title: 'How-to guides', conditions: [{ operator: 'Ends with', value: '.html' }] },
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toMatchObject({
      sys: { id: existing.id, slug: 'how-to-guides' },
      title: 'How-to guides',
      description: null,
      conditions: [{ operator: 'Ends with', value: '.html' }],
    })
    const again = await app.inject({
      method: 'PUT',
      url,
      headers: { cookie },
      payload: { title: 'How-to guides' },
    })
    expect(again.statusCode).toBe(200)
    expect(again.json().conditions).toEqual([])

    const takenSlug = await app.prisma.section.findFirstOrThrow({
      where: { siteId: site.id, title: 'Taken' },
    })
    const clash = await app.inject({
      method: 'PUT',
      url,
      headers: { cookie },
      payload: { title: 'X', slug: takenSlug.slug },
    })
    expect(clash.statusCode).toBe(409)

    const removed = await app.inject({ method: 'DELETE', url, headers: { cookie } })
    expect(removed.statusCode).toBe(204)
    expect(removed.body).toBe('')
    expect((await app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(404)
    expect((await app.inject({ method: 'DELETE', url, headers: { cookie } })).statusCode).toBe(404)
  })

  it('does not reach a section of another site through this site', async () => {
    const { app, cookie, sectionsUrl, user } = await siteWithAdmin()
    const otherSite = await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'admin' }] })
    const foreign = await createTestSection(app.prisma, { siteId: otherSite.id, title: 'Foreign' })
    const url = `${sectionsUrl}/${foreign.id}`
    expect((await app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(404)
    expect(
      (await app.inject({ method: 'PUT', url, headers: { cookie }, payload: { title: 'Mine now' } }))
        .statusCode,
    ).toBe(404)
    expect((await app.inject({ method: 'DELETE', url, headers: { cookie } })).statusCode).toBe(404)
    expect(await app.prisma.section.findUnique({ where: { id: foreign.id } })).not.toBeNull()
  })
})

describe('POST /api/v1/sites/:slug/sections/preview', () => {
  async function siteWithPages() {
    const setup = await siteWithAdmin()
    const { app, site } = setup
    const pages = [
      {
        url: 'https://preview.example/news/budget',
        author: 'Press office',
        metadata: { metaTags: { section: 'news' } },
      },
      { url: 'https://preview.example/news/archive/2019', author: 'Press office', metadata: {} },
      {
        url: 'https://preview.example/services/bins',
        author: 'Waste team',
        metadata: { metaTags: { section: 'services' } },
      },
      { url: 'https://preview.example/about.html', author: null, metadata: null },
    ]
    for (const page of pages) await app.prisma.page.create({ data: { siteId: site.id, ...page } as never })
    const preview = (body: object) =>
      app.inject({
        method: 'POST',
        url: `${setup.sectionsUrl}/preview`,
        headers: { cookie: setup.cookie },
        payload: body,
      })
    return { ...setup, preview }
  }
  const urls = (body: { items: { entryTitle: string }[] }) => body.items.map((item) => item.entryTitle)

  it('lists the known pages the unsaved rules take in, with every source and operator, paged and counted', async () => {
    const { preview } = await siteWithPages()
    const newsNotArchive = await preview({
      conditions: [
        { matchType: 'Includes', source: 'Path', operator: 'Starts with', value: '/news' },
        { matchType: 'Excludes', source: 'Path', operator: 'Contains', value: 'archive' },
      ],
    })
    expect(newsNotArchive.statusCode).toBe(200)
    expect(newsNotArchive.json()).toMatchObject({ totalCount: 1, pageIndex: 1, pageCount: 1 })
    expect(urls(newsNotArchive.json())).toEqual(['https://preview.example/news/budget'])
    const cases: [object, string[]][] = [
      [{ source: 'Path', operator: 'Ends with', value: '.HTML' }, ['https://preview.example/about.html']],
      [
        { source: 'Path', operator: 'Equals', value: '/services/bins' },
        ['https://preview.example/services/bins'],
      ],
      [{ source: 'Path', operator: 'Regex', value: '^/news/\\w+$' }, ['https://preview.example/news/budget']],
      [
        { source: 'Author', operator: 'Equals', value: 'press office' },
        ['https://preview.example/news/archive/2019', 'https://preview.example/news/budget'],
      ],
      [
        { source: 'Metatag', name: 'Section', operator: 'Contains', value: 'serv' },
        ['https://preview.example/services/bins'],
      ],
    ]
    for (const [condition, expected] of cases) {
      const response = await preview({ conditions: [condition] })
      expect({ condition, urls: urls(response.json()) }).toEqual({ condition, urls: expected })
    }
    const paged = await preview({ conditions: [{ value: '/' }], page: 2, pageSize: 3 })
    expect(paged.json()).toMatchObject({ totalCount: 4, pageIndex: 2, pageSize: 3, pageCount: 2 })
    expect(urls(paged.json())).toEqual(['https://preview.example/services/bins'])
    expect((await preview({ conditions: [] })).json()).toMatchObject({ totalCount: 0, items: [] })
  })

  it('answers 400 naming the condition field, 404 to another site’s member', async () => {
    const { app, preview, sectionsUrl } = await siteWithPages()
    const noValue = await preview({ conditions: [{ value: ' ' }] })
    expect(noValue.statusCode).toBe(400)
    expect(noValue.json().message).toContain('conditions.0.value')
    const badRegex = await preview({ conditions: [{ operator: 'Regex', value: '(a' }] })
    expect(badRegex.statusCode).toBe(400)
    expect(badRegex.json().errors).toHaveProperty(['conditions.0.value'])
    const outsider = await createTestUser(app.prisma)
    await createTestSite(app.prisma, { members: [{ userId: outsider.id, role: 'admin' }] })
    const hidden = await app.inject({
      method: 'POST',
      url: `${sectionsUrl}/preview`,
      headers: { cookie: await createSessionCookie(app.prisma, outsider.id) },
      payload: { conditions: [] },
    })
    expect(hidden.statusCode).toBe(404)
  })
})
