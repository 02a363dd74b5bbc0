import { describe, expect, it } from 'vitest'
import { NO_ORGANISATION_MESSAGE } from '../src/services/site-service.js'
import {
  createSessionCookie,
  createTestGroup,
  createTestOrganisation,
  createTestSite,
  createTestUser,
} from './factories.js'
import { useTestApp } from './helper.js'

const getApp = useTestApp()

async function signedInUser() {
  const { app } = await getApp()
  const user = await createTestUser(app.prisma)
  return { app, user, cookie: await createSessionCookie(app.prisma, user.id) }
}

type SiteItem = { sys: { slug: string }; siteName: string; hasAdminAccess: boolean }

describe('GET /api/v1/sites', () => {
  it('lists only the sites the user is a member of, directly or through a group, with admin access per site', async () => {
    const { app, user, cookie } = await signedInUser()
    const direct = await createTestSite(app.prisma, {
      siteName: 'Alpha direct',
      members: [{ userId: user.id, role: 'admin' }],
    })
    const viaGroup = await createTestSite(app.prisma, { siteName: 'Beta group' })
    await createTestGroup(app.prisma, { siteId: viaGroup.id, memberIds: [user.id], role: 'viewer' })
    const viaAdminGroup = await createTestSite(app.prisma, { siteName: 'Gamma admin group' })
    await createTestGroup(app.prisma, { siteId: viaAdminGroup.id, memberIds: [user.id], role: 'admin' })
    await createTestSite(app.prisma, { siteName: 'Delta not mine' })

    const response = await app.inject({ method: 'GET', url: '/api/v1/sites', headers: { cookie } })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ totalCount: 3, pageIndex: 1, pageSize: 25, pageCount: 1 })
    expect(body.items.map((item: SiteItem) => [item.siteName, item.hasAdminAccess])).toEqual([
      ['Alpha direct', true],
      ['Beta group', false],
      ['Gamma admin group', true],
    ])
    expect(body.items[0]).toMatchObject({
      sys: { id: direct.id, slug: direct.slug },
      rootUri: direct.rootUri,
      productVersion: '2.1.1',
      isPaying: false,
      firstScanCompleted: false,
      overallScore: null,
      pageCount: 0,
      organisation: { id: direct.organisationId },
    })
  })

  it('pages, searches site name and root URI, and sorts', async () => {
    const { app, user, cookie } = await signedInUser()
    const members = [{ userId: user.id, role: 'viewer' as const }]
    for (const [siteName, rootUri] of [
      ['Charlie', 'https://c.example.test/'],
      ['alpha', 'https://a.example.test/'],
      ['Bravo', 'https://needle.example.test/'],
    ] as const) {
      await createTestSite(app.prisma, { siteName, rootUri, members })
    }
    const list = async (query: string) =>
      (await app.inject({ method: 'GET', url: `/api/v1/sites?${query}`, headers: { cookie } })).json()

    const firstPage = await list('pageSize=2&page=1')
    expect(firstPage).toMatchObject({ totalCount: 3, pageIndex: 1, pageSize: 2, pageCount: 2 })
    expect(firstPage.items.map((item: SiteItem) => item.siteName)).toEqual(['alpha', 'Bravo'])
    expect((await list('pageSize=2&page=2')).items.map((item: SiteItem) => item.siteName)).toEqual([
      'Charlie',
    ])
    expect((await list('sortBy=siteName&sortDir=desc')).items.map((item: SiteItem) => item.siteName)).toEqual(
      ['Charlie', 'Bravo', 'alpha'],
    )
    expect((await list('sortBy=rootUri')).items.map((item: SiteItem) => item.siteName)).toEqual([
      'alpha',
      'Charlie',
      'Bravo',
    ])
    expect((await list('search=NEEDLE')).items.map((item: SiteItem) => item.siteName)).toEqual(['Bravo'])
    expect((await list('search=charl')).totalCount).toBe(1)
  })

  it('rejects an unknown sort key naming the field', async () => {
    const { app, cookie } = await signedInUser()
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/sites?sortBy=password',
      headers: { cookie },
    })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().errors)).toEqual(['sortBy'])
  })
})

describe('POST /api/v1/sites', () => {
  it('creates the site in the only organisation the user administers, with a unique slug and the user as admin', async () => {
    const { app, user, cookie } = await signedInUser()
    const organisation = await createTestOrganisation(app.prisma, { adminUserId: user.id })
    const create = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/sites',
        headers: { cookie },
        payload: {
          siteName: 'Städtische Bühne Site',
          rootUri: 'https://buehne.example.test/',
          formFactor: 'mobile',
        },
      })
    const first = await create()
    expect(first.statusCode).toBe(201)
    expect(first.json()).toMatchObject({
      siteName: 'Städtische Bühne Site',
      rootUri: 'https://buehne.example.test/',
      formFactor: 'mobile',
      hasAdminAccess: true,
      organisation: { id: organisation.id },
      maximumPageLimitPerScan: 100,
      reachedScanLimit: false,
    })
    const slug = first.json().sys.slug as string
    expect(slug).toMatch(/^stadtische-buhne-site(-\d+)?$/)
    const second = await create()
    expect(second.json().sys.slug).not.toBe(slug)
    expect(second.json().sys.slug).toMatch(/^stadtische-buhne-site-\d+$/)

    const membership = await app.prisma.siteMembership.findFirst({
      where: { userId: user.id, site: { slug } },
    })
    expect(membership?.role).toBe('admin')
  })

  it('needs an organisation the user administers', async () => {
    const { app, user, cookie } = await signedInUser()
    const payload = { siteName: 'No org', rootUri: 'https://no-org.example.test/' }
    const none = await app.inject({ method: 'POST', url: '/api/v1/sites', headers: { cookie }, payload })
    expect(none.statusCode).toBe(403)
    expect(none.json().message).toBe(NO_ORGANISATION_MESSAGE)

    const foreign = await createTestOrganisation(app.prisma)
    const notMine = await app.inject({
      method: 'POST',
      url: '/api/v1/sites',
      headers: { cookie },
      payload: { ...payload, organisationId: foreign.id },
    })
    expect(notMine.statusCode).toBe(403)

    const first = await createTestOrganisation(app.prisma, { adminUserId: user.id })
    await createTestOrganisation(app.prisma, { adminUserId: user.id })
    const ambiguous = await app.inject({ method: 'POST', url: '/api/v1/sites', headers: { cookie }, payload })
    expect(ambiguous.statusCode).toBe(400)
    expect(Object.keys(ambiguous.json().errors)).toEqual(['organisationId'])
    const chosen = await app.inject({
      method: 'POST',
      url: '/api/v1/sites',
      headers: { cookie },
      payload: { ...payload, organisationId: first.id },
    })
    expect(chosen.statusCode).toBe(201)
    expect(chosen.json().organisation.id).toBe(first.id)
  })

  it('names the field of a bad root URI', async () => {
    const { app, cookie } = await signedInUser()
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/sites',
      headers: { cookie },
      payload: { siteName: 'Bad', rootUri: 'ftp://files.example.test/' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({
      rootUri: 'Enter a full web address starting with http:// or https://',
    })
  })
})

describe('GET and PUT /api/v1/sites/:slug', () => {
  it('answers the site config with hasAdminAccess for the caller', async () => {
    const { app, user, cookie } = await signedInUser()
    const site = await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'viewer' }] })
    await app.prisma.integration.create({
      data: {
        siteId: site.id,
        kind: 'issue_tracker',
        enabled: true,
        config: { baseUrl: 'https://tracker.example.test' },
      },
    })
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      sys: { id: site.id, slug: site.slug },
      siteName: site.siteName,
      hasAdminAccess: false,
      webRiskIntegration: { enabled: false },
      jiraIntegration: { enabled: true, baseUrl: 'https://tracker.example.test' },
      formFactor: 'desktop',
      scanSchedule: '0 3 * * 1',
    })
  })

  it("reports the scan limit reached once this month's scans used it up", async () => {
    const { app, user, cookie } = await signedInUser()
    const site = await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'viewer' }] })
    await app.prisma.site.update({ where: { id: site.id }, data: { scanLimit: 10 } })
    await app.prisma.scan.create({ data: { siteId: site.id, kind: 'site', pageLimit: 10, pagesScanned: 10 } })
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}`,
      headers: { cookie },
    })
    expect(response.json().reachedScanLimit).toBe(true)
  })

  it('lets a site admin change settings but keeps the slug', async () => {
    const { app, user, cookie } = await signedInUser()
    const site = await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'admin' }] })
    const response = await app.inject({
      method: 'PUT',
      url: `/api/v1/sites/${site.slug}`,
      headers: { cookie },
      payload: { siteName: 'Renamed site', maximumPageLimitPerScan: 250, formFactor: 'mobile' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      sys: { slug: site.slug },
      siteName: 'Renamed site',
      maximumPageLimitPerScan: 250,
      formFactor: 'mobile',
      hasAdminAccess: true,
    })
  })

  it('rejects an empty change', async () => {
    const { app, user, cookie } = await signedInUser()
    const site = await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'admin' }] })
    const response = await app.inject({
      method: 'PUT',
      url: `/api/v1/sites/${site.slug}`,
      headers: { cookie },
      payload: {},
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({ body: 'Send at least one field to change.' })
  })
})
