import {
  SEARCH_COUNT_LIMIT,
  SEARCH_GROUPS,
  type SearchResponse,
  type SearchResultGroup,
} from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { SITE_NOT_FOUND_MESSAGE } from '../src/plugins/app/site-access.js'
import {
  createSessionCookie,
  createTestCompletedScan,
  createTestDocument,
  createTestIssueSummary,
  createTestPage,
  createTestSection,
  createTestSite,
  createTestUser,
} from './factories.js'
import { useTestApp } from './helper.js'

/** The global search of a site: every group, one group paged, the section scope and malformed terms. */
const getApp = useTestApp()

async function siteToSearch() {
  const { app } = await getApp()
  const { prisma } = app
  const user = await createTestUser(prisma)
  const site = await createTestSite(prisma, {
    rootUri: 'https://harbour.example.test/',
    members: [{ userId: user.id, role: 'viewer' }],
  })
  const home = await createTestPage(prisma, {
    siteId: site.id,
    url: 'https://harbour.example.test/',
    title: 'Home',
  })
  const ferries = await createTestPage(prisma, {
    siteId: site.id,
    url: 'https://harbour.example.test/timetables/ferry',
    title: 'Ferry timetable',
  })
  const section = await createTestSection(prisma, { siteId: site.id, title: 'Timetables' })
  await prisma.sectionPage.create({ data: { sectionId: section.id, pageId: ferries.id } })
  const scan = await createTestCompletedScan(prisma, { siteId: site.id, number: 1 })
  await createTestIssueSummary(prisma, {
    siteId: site.id,
    scanId: scan.id,
    issueId: 'color-contrast',
    title: 'Elements must meet minimum colour contrast ratio thresholds',
    pagesFailed: 2,
  })
  await createTestIssueSummary(prisma, {
    siteId: site.id,
    scanId: scan.id,
    issueId: 'fixed-contrast',
    pagesFailed: 0,
  })
  const link = await prisma.link.create({
    data: {
      siteId: site.id,
      url: 'https://ferries.example.test/tickets',
      isInternal: false,
      isBroken: true,
      status: 404,
      occurrences: { create: [{ pageId: home.id }, { pageId: ferries.id }] },
    },
  })
  const document = await createTestDocument(prisma, {
    siteId: site.id,
    url: 'https://harbour.example.test/files/ferry-fares.pdf',
    pageIds: [home.id],
  })
  const email = await prisma.contact.create({
    data: {
      siteId: site.id,
      kind: 'email',
      value: 'ferry-office@harbour.example.test',
      valid: true,
      occurrences: { create: [{ pageId: ferries.id, count: 3 }] },
    },
  })
  return {
    app,
    site,
    section,
    home,
    ferries,
    link,
    document,
    email,
    cookie: await createSessionCookie(prisma, user.id),
  }
}

const groupOf = <Group extends SearchResultGroup['group']>(body: SearchResponse, group: Group) =>
  body.groups.find((found) => found.group === group) as Extract<SearchResultGroup, { group: Group }>

describe('GET /api/v1/sites/:slug/search', () => {
  it('finds pages by URL and title, issues, links, documents and contacts, each group with its total', async () => {
    const { app, site, ferries, link, document, email, cookie } = await siteToSearch()
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/search?search=%20Ferr%20`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    const body = response.json<SearchResponse>()
    expect(body.search).toBe('Ferr')
    expect(body.groups.map((group) => group.group)).toEqual([...SEARCH_GROUPS])
    expect(groupOf(body, 'pages')).toEqual({
      group: 'pages',
      totalCount: 1,
      isCountCapped: false,
      items: [{ id: ferries.id, pageTitle: 'Ferry timetable', entryTitle: ferries.url }],
    })
    expect(groupOf(body, 'links').items).toEqual([
      {
        id: link.id,
        url: link.url,
        isInternal: false,
        isBroken: true,
        isUnverified: false,
        status: 404,
        pageCount: 2,
      },
    ])
    expect(groupOf(body, 'documents').items).toEqual([
      { id: document.id, kind: 'pdf', documentTitle: 'ferry-fares.pdf', url: document.url, pageCount: 1 },
    ])
    expect(groupOf(body, 'contacts').items).toEqual([
      { id: email.id, kind: 'email', value: email.value, valid: true, pageCount: 1 },
    ])
    expect(groupOf(body, 'issues')).toMatchObject({ totalCount: 0, items: [] })

    const issues = await app.inject({
      url: `/api/v1/sites/${site.slug}/search?search=contrast`,
      headers: { cookie },
    })
    // An issue no page fails any more is not a result.
    expect(groupOf(issues.json<SearchResponse>(), 'issues').items).toEqual([
      {
        issueId: 'color-contrast',
        category: 'accessibility',
        title: 'Elements must meet minimum colour contrast ratio thresholds',
        description: 'color-contrast description',
        pagesFailed: 2,
      },
    ])
  })

  it('takes % and _ literally and pages one group alone', async () => {
    const { app, site, cookie } = await siteToSearch()
    const literal = await app.inject({
      url: `/api/v1/sites/${site.slug}/search?search=%25%25%25`,
      headers: { cookie },
    })
    expect(literal.json<SearchResponse>().groups.every((group) => group.totalCount === 0)).toBe(true)
    await app.prisma.page.createMany({
      data: Array.from({ length: 7 }, (_, index) => ({
        siteId: site.id,
        url: `https://harbour.example.test/berth/${index}`,
        title: `Berth ${index}`,
      })),
    })
    const second = await app.inject({
      url: `/api/v1/sites/${site.slug}/search?search=berth&group=pages&page=2&pageSize=3`,
      headers: { cookie },
    })
    expect(second.statusCode).toBe(200)
    const body = second.json<SearchResponse>()
    expect(body).toMatchObject({ pageIndex: 2, pageSize: 3 })
    expect(body.groups).toHaveLength(1)
    expect(groupOf(body, 'pages')).toMatchObject({ totalCount: 7, isCountCapped: false })
    expect(groupOf(body, 'pages').items.map((item) => item.pageTitle)).toEqual([
      'Berth 3',
      'Berth 4',
      'Berth 5',
    ])
    const beyond = await app.inject({
      url: `/api/v1/sites/${site.slug}/search?search=berth&group=pages&page=9&pageSize=3`,
      headers: { cookie },
    })
    expect(groupOf(beyond.json<SearchResponse>(), 'pages')).toMatchObject({ totalCount: 7, items: [] })
  })

  it(`counts up to ${SEARCH_COUNT_LIMIT} matches and says when there are more`, async () => {
    const { app, site, cookie } = await siteToSearch()
    await app.prisma.page.createMany({
      data: Array.from({ length: SEARCH_COUNT_LIMIT + 5 }, (_, index) => ({
        siteId: site.id,
        url: `https://harbour.example.test/mooring/${index}`,
      })),
    })
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/search?search=mooring`,
      headers: { cookie },
    })
    expect(groupOf(response.json<SearchResponse>(), 'pages')).toMatchObject({
      totalCount: SEARCH_COUNT_LIMIT,
      isCountCapped: true,
    })
  })

  it("keeps to the section's pages and what they hold; another site's section is a 404", async () => {
    const { app, site, section, ferries, link, email, cookie } = await siteToSearch()
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/search?search=harbour&sectionId=${section.id}`,
      headers: { cookie },
    })
    const body = response.json<SearchResponse>()
    expect(groupOf(body, 'pages').items.map((item) => item.id)).toEqual([ferries.id])
    expect(groupOf(body, 'documents').items).toEqual([])
    expect(groupOf(body, 'contacts').items.map((item) => item.id)).toEqual([email.id])
    const links = await app.inject({
      url: `/api/v1/sites/${site.slug}/search?search=tickets&sectionId=${section.id}`,
      headers: { cookie },
    })
    expect(groupOf(links.json<SearchResponse>(), 'links').items).toMatchObject([
      { id: link.id, pageCount: 1 },
    ])
    const other = await createTestSection(app.prisma, {
      siteId: (await createTestSite(app.prisma)).id,
      title: 'X',
    })
    const foreign = await app.inject({
      url: `/api/v1/sites/${site.slug}/search?search=harbour&sectionId=${other.id}`,
      headers: { cookie },
    })
    expect(foreign.statusCode).toBe(404)
  })

  it('answers 400 naming the field for a missing, short or too long term and an unknown group', async () => {
    const { app, site, cookie } = await siteToSearch()
    for (const [query, field] of [
      ['', 'search'],
      ['search=', 'search'],
      ['search=%20ab%20', 'search'],
      [`search=${'a'.repeat(201)}`, 'search'],
      ['search=ferry&group=people', 'group'],
      ['search=ferry&group=pages&page=0', 'page'],
      ['search=ferry&group=pages&pageSize=1000', 'pageSize'],
    ] as const) {
      const response = await app.inject({
        url: `/api/v1/sites/${site.slug}/search?${query}`,
        headers: { cookie },
      })
      expect(response.statusCode, query).toBe(400)
      expect(Object.keys(response.json().errors ?? {}), query).toContain(field)
    }
  })

  it('answers empty groups for a site never scanned', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    const site = await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'viewer' }] })
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/search?search=anything`,
      headers: { cookie: await createSessionCookie(app.prisma, user.id) },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json<SearchResponse>().groups.map((group) => [group.group, group.totalCount])).toEqual(
      SEARCH_GROUPS.map((group) => [group, 0]),
    )
  })

  it('is not found for a user who is not a member, and needs a signed-in user', async () => {
    const { app, site } = await siteToSearch()
    const outsider = await createTestUser(app.prisma)
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/search?search=ferry`,
      headers: { cookie: await createSessionCookie(app.prisma, outsider.id) },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json().message).toBe(SITE_NOT_FOUND_MESSAGE)
    expect((await app.inject({ url: `/api/v1/sites/${site.slug}/search?search=ferry` })).statusCode).toBe(401)
  })
})
