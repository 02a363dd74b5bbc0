import {
  ANALYTICS_NOT_CONFIGURED_MESSAGE,
  ANALYTICS_NOT_CONNECTED_MESSAGE,
  GA4_CONNECT_MESSAGES,
} from '@canopy/contracts'
import { findAnalyticsConnection, refreshPageViews } from '@canopy/db/google-analytics'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  daysBetween,
  FAKE_COUNTRIES,
  FAKE_PAGE_PATHS,
  fakeViews,
} from '../../../tests/fixtures/google/report-data.js'
import { type GoogleFake, startGoogleFake } from '../../../tests/fixtures/google/server.js'
import { SITE_NOT_FOUND_MESSAGE } from '../src/plugins/app/site-access.js'
import {
  createSessionCookie,
  createTestCompletedScan,
  createTestPage,
  createTestPageIssue,
  createTestSite,
  createTestSiteWithAdminAndMember,
  createTestUser,
} from './factories.js'
import { buildTestApp, type TestApp } from './helper.js'

// Web analytics against the local Google fake: connecting a site through OAuth (/auth/ga4), the analytics
// endpoints with their access rules, errors and day cache, and the issue pages sorted by page views.

const CLIENT = { clientId: 'canopy-test-client', clientSecret: 'canopy-test-secret' }
const ROOT = 'http://127.0.0.1:8090/'
let google: GoogleFake
let testApp: TestApp

beforeAll(async () => {
  google = await startGoogleFake(CLIENT)
  testApp = await buildTestApp({
    googleAnalytics: {
      ...CLIENT,
      authorizeUrl: google.env.GOOGLE_OAUTH_AUTHORIZE_URL ?? '',
      tokenUrl: google.env.GOOGLE_OAUTH_TOKEN_URL ?? '',
      adminApiUrl: google.url,
      dataApiUrl: google.url,
    },
  })
})
afterAll(async () => {
  await testApp.app.close()
  await google.close()
})

const startUrl = (slug: string, query: Record<string, string> = {}) =>
  `/auth/ga4?${new URLSearchParams({ slug, success_url: '/oauth/popup-success', error_url: '/oauth/popup-error', ...query })}`

/** GET /auth/ga4 as `cookie`: Google's consent page URL it redirects to. */
async function startConnect(cookie: string, slug: string): Promise<URL> {
  const response = await testApp.app.inject({ url: startUrl(slug), headers: { cookie } })
  expect(response.statusCode).toBe(302)
  return new URL(response.headers.location as string)
}

/** Presses Allow (or Deny) on the fake's consent page: the callback path and query Google redirects to. */
async function consent(authorize: URL, decision: 'allow' | 'deny' = 'allow'): Promise<string> {
  const answer = await fetch(`${google.url}/o/oauth2/v2/auth/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), decision }).toString(),
    redirect: 'manual',
  })
  const location = new URL(answer.headers.get('location') ?? '')
  return `${location.pathname}${location.search}`
}

async function callback(cookie: string, pathAndQuery: string) {
  const response = await testApp.app.inject({ url: pathAndQuery, headers: { cookie } })
  expect(response.statusCode).toBe(302)
  return new URL(response.headers.location as string, 'http://canopy.test')
}

async function connect(cookie: string, slug: string) {
  return callback(cookie, await consent(await startConnect(cookie, slug)))
}

async function siteWithPeople() {
  const { app } = testApp
  const setup = await createTestSiteWithAdminAndMember(app.prisma, { rootUri: ROOT })
  const outsider = await createTestUser(app.prisma)
  await createTestSite(app.prisma, { members: [{ userId: outsider.id, role: 'admin' }] })
  return { app, ...setup, outsiderCookie: await createSessionCookie(app.prisma, outsider.id) }
}

/** A site connected to the fake's account with property 123456789 on, and its home and contact pages. */
async function connectedSite() {
  const setup = await siteWithPeople()
  const { app, site, adminCookie } = setup
  expect((await connect(adminCookie, site.slug)).pathname).toBe('/oauth/popup-success')
  const enabled = await app.inject({
    method: 'POST',
    url: `/api/v1/sites/${site.slug}/integrations/ga4/settings`,
    headers: { cookie: adminCookie },
    payload: { enabled: true, propertyID: '123456789' },
  })
  expect(enabled.statusCode).toBe(200)
  const home = await createTestPage(app.prisma, { siteId: site.id, url: ROOT })
  const contact = await createTestPage(app.prisma, { siteId: site.id, url: `${ROOT}contact` })
  return { ...setup, home, contact }
}

const runReportCalls = () => google.requests.filter((request) => request.path.endsWith(':runReport')).length

/** What the fake's data gives for these days and pages, summed over every country. */
function expectedViews(days: string[], paths: readonly string[]) {
  let total = 0
  for (const day of days)
    for (const path of paths) for (const country of FAKE_COUNTRIES) total += fakeViews(day, path, country)
  return total
}

describe('connecting web analytics (GET /auth/ga4)', () => {
  it('sends a site admin to Google with PKCE and state, and stores the account and its properties', async () => {
    const { app, site, adminCookie } = await siteWithPeople()
    const authorize = await startConnect(adminCookie, site.slug)
    expect(`${authorize.origin}${authorize.pathname}`).toBe(google.env.GOOGLE_OAUTH_AUTHORIZE_URL)
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: CLIENT.clientId,
      redirect_uri: `${testApp.config.publicUrl}/auth/ga4/callback`,
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/analytics.readonly',
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
    })
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{32}$/)
    const ended = await callback(adminCookie, await consent(authorize))
    expect(ended.pathname).toBe('/oauth/popup-success')
    const settings = await app.inject({
      url: `/api/v1/sites/${site.slug}/integrations/ga4/settings`,
      headers: { cookie: adminCookie },
    })
    expect(settings.json()).toEqual({
      enabled: false,
      propertyID: null,
      propertyIdList: ['123456789', '987654321'],
      connected: true,
    })
    const stored = await app.prisma.integration.findFirstOrThrow({
      where: { siteId: site.id, kind: 'analytics' },
    })
    const sealed = (stored.secrets as { refreshToken: string }).refreshToken
    expect(sealed).toMatch(/^v1:/)
    expect(app.secrets.open(sealed)).toMatch(/^1\/\/fake-refresh-/)
    const notListed = await app.inject({
      method: 'POST',
      url: `/api/v1/sites/${site.slug}/integrations/ga4/settings`,
      headers: { cookie: adminCookie },
      payload: { enabled: true, propertyID: '555' },
    })
    expect(notListed.statusCode).toBe(400)
    expect(notListed.json().errors).toHaveProperty('propertyID')
  })

  it('ends on the error page for an unknown or reused state, another user, a refusal or a bad code', async () => {
    const { app, site, adminCookie } = await siteWithPeople()
    const errorOf = (url: URL) => ({ path: url.pathname, message: url.searchParams.get('message') })
    expect(errorOf(await callback(adminCookie, '/auth/ga4/callback?state=forged&code=x'))).toEqual({
      path: '/oauth/popup-error',
      message: GA4_CONNECT_MESSAGES.expired,
    })
    const redirect = await consent(await startConnect(adminCookie, site.slug))
    const otherAdmin = await createTestUser(app.prisma)
    await app.prisma.siteMembership.create({
      data: { siteId: site.id, userId: otherAdmin.id, role: 'admin' },
    })
    const otherCookie = await createSessionCookie(app.prisma, otherAdmin.id)
    expect(errorOf(await callback(otherCookie, redirect)).message).toBe(GA4_CONNECT_MESSAGES.otherUser)
    // the state was taken by that attempt: it cannot be replayed
    expect(errorOf(await callback(adminCookie, redirect)).message).toBe(GA4_CONNECT_MESSAGES.expired)
    const denied = await consent(await startConnect(adminCookie, site.slug), 'deny')
    expect(errorOf(await callback(adminCookie, denied)).message).toBe(GA4_CONNECT_MESSAGES.denied)
    const state = (await startConnect(adminCookie, site.slug)).searchParams.get('state') ?? ''
    const badCode = errorOf(await callback(adminCookie, `/auth/ga4/callback?state=${state}&code=not-a-code`))
    expect(badCode.message).toMatch(/^Google did not accept the connection: invalid_grant/)
    const stored = await app.prisma.integration.findFirst({ where: { siteId: site.id, kind: 'analytics' } })
    expect(stored).toBeNull()
  })

  it('redirects only to this origin, and checks who asks', async () => {
    const { app, site, adminCookie, memberCookie, outsiderCookie } = await siteWithPeople()
    const offsite: Record<string, string>[] = [
      { success_url: 'https://evil.example/oauth/popup-success' },
      { error_url: '//evil.example/oauth/popup-error' },
    ]
    for (const query of offsite) {
      const response = await app.inject({ url: startUrl(site.slug, query), headers: { cookie: adminCookie } })
      expect(response.statusCode).toBe(400)
      expect(Object.keys(response.json().errors)).toEqual(Object.keys(query))
    }
    const absolute = await app.inject({
      url: startUrl(site.slug, { success_url: `${testApp.config.publicUrl}/oauth/popup-success?x=1` }),
      headers: { cookie: adminCookie },
    })
    expect(absolute.statusCode).toBe(302)
    expect((await app.inject({ url: startUrl(site.slug) })).statusCode).toBe(401)
    expect(
      (await app.inject({ url: startUrl(site.slug), headers: { cookie: memberCookie } })).statusCode,
    ).toBe(403)
    const hidden = await app.inject({ url: startUrl(site.slug), headers: { cookie: outsiderCookie } })
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json().message).toBe(SITE_NOT_FOUND_MESSAGE)
  })

  it('without an OAuth client configured ends on the error page saying so', async () => {
    const unconfigured = await buildTestApp({ googleAnalytics: null })
    try {
      const { site, adminCookie } = await createTestSiteWithAdminAndMember(unconfigured.app.prisma)
      const response = await unconfigured.app.inject({
        url: startUrl(site.slug),
        headers: { cookie: adminCookie },
      })
      expect(response.statusCode).toBe(302)
      const location = new URL(response.headers.location as string, 'http://canopy.test')
      expect(location.pathname).toBe('/oauth/popup-error')
      expect(location.searchParams.get('message')).toBe(ANALYTICS_NOT_CONFIGURED_MESSAGE)
    } finally {
      await unconfigured.app.close()
    }
  })
})

const analyticsPaths = (slug: string, pageId: string) => [
  `/api/v1/analytics/${slug}/views-per-day`,
  `/api/v1/analytics/${slug}/views-per-day/${pageId}`,
  `/api/v1/analytics/${slug}/views-per-country`,
  `/api/v1/analytics/${slug}/views-per-country/${pageId}`,
  `/api/v1/analytics/${slug}/popular-pages`,
]

describe('the analytics endpoints', () => {
  it('answer every member, 404 to anyone else and 401 signed out', async () => {
    const { app, site, contact, memberCookie, outsiderCookie } = await connectedSite()
    for (const url of analyticsPaths(site.slug, contact.id)) {
      expect({
        url,
        status: (await app.inject({ url, headers: { cookie: memberCookie } })).statusCode,
      }).toEqual({
        url,
        status: 200,
      })
      const hidden = await app.inject({ url, headers: { cookie: outsiderCookie } })
      expect({ url, status: hidden.statusCode, message: hidden.json().message }).toEqual({
        url,
        status: 404,
        message: SITE_NOT_FOUND_MESSAGE,
      })
      expect((await app.inject({ url })).statusCode).toBe(401)
    }
  })

  it('views per day: the property’s views bucketed by day or month, for the site or one page', async () => {
    const { app, site, contact, memberCookie } = await connectedSite()
    const get = (url: string) => app.inject({ url, headers: { cookie: memberCookie } }).then((r) => r.json())
    const days = daysBetween('2026-10-01', '2026-10-07')
    const site7 = await get(`/api/v1/analytics/${site.slug}/views-per-day?start=2026-10-01&end=2026-10-07`)
    expect(site7.data.map((bucket: { label: string }) => bucket.label)).toEqual(days)
    expect(site7.data[0].count).toBe(expectedViews(['2026-10-01'], FAKE_PAGE_PATHS))
    expect(site7.total).toBe(expectedViews(days, FAKE_PAGE_PATHS))
    const page7 = await get(
      `/api/v1/analytics/${site.slug}/views-per-day/${contact.id}?start=2026-10-01&end=2026-10-07`,
    )
    expect(page7.total).toBe(expectedViews(days, ['/contact']))
    const months = await get(
      `/api/v1/analytics/${site.slug}/views-per-day?start=2026-09-15&end=2026-10-07&granularity=month`,
    )
    expect(months.data).toEqual([
      { label: '2026-09-15', count: expectedViews(daysBetween('2026-09-15', '2026-09-30'), FAKE_PAGE_PATHS) },
      { label: '2026-10-01', count: expectedViews(days, FAKE_PAGE_PATHS) },
    ])
    const week = await get(`/api/v1/analytics/${site.slug}/views-per-day?interval=week`)
    expect(week.data).toHaveLength(7)
  })

  it('views per country, most first, and the most visited pages matched to the scanned pages', async () => {
    const { app, site, home, memberCookie } = await connectedSite()
    const get = (url: string) => app.inject({ url, headers: { cookie: memberCookie } }).then((r) => r.json())
    const countries = await get(
      `/api/v1/analytics/${site.slug}/views-per-country?start=2026-10-01&end=2026-10-07`,
    )
    expect(countries.data[0]).toMatchObject({ countryCode: 'GB', countryName: 'United Kingdom' })
    expect(countries.data.map((row: { countryCode: string }) => row.countryCode)).toContain('ZZ')
    const counts = countries.data.map((row: { count: number }) => row.count)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
    const popular = await get(`/api/v1/analytics/${site.slug}/popular-pages?start=2026-10-01&end=2026-10-07`)
    expect(popular[0]).toEqual({
      url: ROOT,
      hits: expectedViews(daysBetween('2026-10-01', '2026-10-07'), ['/']),
      pageId: home.id,
    })
    expect(popular.find((row: { url: string }) => row.url === `${ROOT}news/`)).toMatchObject({ pageId: null })
    expect(popular).toHaveLength(FAKE_PAGE_PATHS.length)
  })

  it('keep a report for the day: a second read does not call Google, a read on another day does', async () => {
    const { app, site, memberCookie } = await connectedSite()
    const url = `/api/v1/analytics/${site.slug}/views-per-country?interval=month`
    const before = runReportCalls()
    const first = await app.inject({ url, headers: { cookie: memberCookie } })
    expect(runReportCalls()).toBe(before + 1)
    const second = await app.inject({ url, headers: { cookie: memberCookie } })
    expect(runReportCalls()).toBe(before + 1)
    expect(second.json()).toEqual(first.json())
    // the same report kept yesterday is not today's: Google is read again
    await app.prisma.analyticsReport.updateMany({
      where: { siteId: site.id },
      data: { day: new Date(Date.now() - 86_400_000) },
    })
    await app.inject({ url, headers: { cookie: memberCookie } })
    expect(runReportCalls()).toBe(before + 2)
    expect(await app.prisma.analyticsReport.count({ where: { siteId: site.id } })).toBe(1)
  })

  it('answer 400 for a malformed query, 404 for another site’s page', async () => {
    const { app, site, memberCookie } = await connectedSite()
    const other = await createTestPage(app.prisma, {
      siteId: (await createTestSite(app.prisma)).id,
      url: 'https://elsewhere.example/',
    })
    const base = `/api/v1/analytics/${site.slug}`
    for (const [query, field] of [
      ['interval=decade', 'interval'],
      ['start=2026-10-01', 'start'],
      ['start=2026-02-30&end=2026-03-01', 'start'],
      ['start=2026-10-07&end=2026-10-01', 'start'],
      ['start=2020-01-01&end=2026-01-01', 'start'],
      ['granularity=hour', 'granularity'],
    ] as const) {
      const response = await app.inject({
        url: `${base}/views-per-day?${query}`,
        headers: { cookie: memberCookie },
      })
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 })
      expect(response.json().message).toContain(field)
    }
    const missing = await app.inject({
      url: `${base}/views-per-day/${other.id}`,
      headers: { cookie: memberCookie },
    })
    expect(missing.statusCode).toBe(404)
  })

  it('answer 409 while not connected or not on, and 502 with Google’s reason when Google fails', async () => {
    const { app, site, memberCookie, adminCookie } = await siteWithPeople()
    const url = `/api/v1/analytics/${site.slug}/popular-pages`
    const notConnected = await app.inject({ url, headers: { cookie: memberCookie } })
    expect(notConnected.statusCode).toBe(409)
    expect(notConnected.json().message).toBe(ANALYTICS_NOT_CONNECTED_MESSAGE)
    await connect(adminCookie, site.slug)
    expect((await app.inject({ url, headers: { cookie: memberCookie } })).statusCode).toBe(409)
    // a property the account lost since: Google refuses it
    await app.prisma.integration.updateMany({
      where: { siteId: site.id, kind: 'analytics' },
      data: { enabled: true, config: { propertyID: '555', propertyIdList: ['555'] } },
    })
    const failed = await app.inject({ url, headers: { cookie: memberCookie } })
    expect(failed.statusCode).toBe(502)
    expect(failed.json().message).toBe(
      'Web analytics could not be read from Google: User does not have sufficient permissions for this property.',
    )
  })
})

describe('the pages of an issue sorted by page views', () => {
  it('lists the most viewed pages first once the page views are refreshed, and forgets them on disconnect', async () => {
    const { app, site, home, contact, adminCookie, memberCookie } = await connectedSite()
    const scan = await createTestCompletedScan(app.prisma, { siteId: site.id, number: 1 })
    const about = await createTestPage(app.prisma, { siteId: site.id, url: `${ROOT}about/` })
    const unknown = await createTestPage(app.prisma, { siteId: site.id, url: `${ROOT}not-in-analytics` })
    for (const page of [contact, home, unknown, about]) {
      await createTestPageIssue(app.prisma, {
        siteId: site.id,
        pageId: page.id,
        scanId: scan.id,
        issueId: 'image-alt',
      })
    }
    const connection = await findAnalyticsConnection(app.prisma, app.secrets, site.id)
    if (!connection || !testApp.config.googleAnalytics) throw new Error('the site should be connected')
    const today = new Date().toISOString().slice(0, 10)
    await refreshPageViews(app.prisma, testApp.config.googleAnalytics, connection, today)
    const url = `/api/v1/sites/${site.slug}/issues/image-alt/pages?sortBy=views&sortDir=desc`
    const list = (await app.inject({ url, headers: { cookie: memberCookie } })).json()
    const days = daysBetween(new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10), today)
    expect(
      list.items.map((item: { entryTitle: string; views: number }) => [item.entryTitle, item.views]),
    ).toEqual([
      [ROOT, expectedViews(days, ['/'])],
      [`${ROOT}about/`, expectedViews(days, ['/about/'])],
      [`${ROOT}contact`, expectedViews(days, ['/contact'])],
      [`${ROOT}not-in-analytics`, 0],
    ])
    const pages = (
      await app.inject({
        url: `/api/v1/sites/${site.slug}/pages?sortBy=views&sortDir=desc`,
        headers: { cookie: memberCookie },
      })
    ).json()
    expect(pages.items[0]).toMatchObject({ entryTitle: ROOT, views: expectedViews(days, ['/']) })
    await app.inject({
      method: 'DELETE',
      url: `/api/v1/sites/${site.slug}/integrations/ga4/settings`,
      headers: { cookie: adminCookie },
    })
    const after = await app.prisma.page.findUniqueOrThrow({ where: { id: home.id } })
    expect(after.pageViewsLastMonth).toBe(0)
  })
})
