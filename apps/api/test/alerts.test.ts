import type { DashboardAlert } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { SITE_NOT_FOUND_MESSAGE } from '../src/plugins/app/site-access.js'
import { createSessionCookie, createTestSite, createTestUser } from './factories.js'
import { useTestApp } from './helper.js'

/** GET /api/v1/alerts: the dashboard alerts for every site, plus those of a site the user may see. */
const getApp = useTestApp()

describe('GET /api/v1/alerts', () => {
  it("answers the current alerts for every site and the named site's own, newest first", async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    const site = await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'viewer' }] })
    const other = await createTestSite(app.prisma)
    const cookie = await createSessionCookie(app.prisma, user.id)
    const siteAlert = await app.prisma.alert.create({
      data: {
        siteId: site.id,
        title: 'Your first scan is ready',
        description: 'See what it found.',
        linkText: 'Open the dashboard',
        linkUrl: `/site/${site.slug}`,
        buttonText: 'Got it',
        illustration: 'scan-complete',
        publishedAt: new Date(Date.now() - 1000),
      },
    })
    await app.prisma.alert.create({
      data: { siteId: other.id, title: 'Not yours', description: 'Another site.' },
    })
    await app.prisma.alert.create({
      data: {
        siteId: site.id,
        title: 'Expired',
        description: 'Gone.',
        expiresAt: new Date(Date.now() - 60_000),
      },
    })
    const response = await app.inject({ url: `/api/v1/alerts?site=${site.slug}`, headers: { cookie } })
    expect(response.statusCode).toBe(200)
    const alerts = response.json<DashboardAlert[]>()
    expect(alerts.find((alert) => alert.id === siteAlert.id)).toEqual({
      id: siteAlert.id,
      timestamp: siteAlert.publishedAt.toISOString(),
      title: 'Your first scan is ready',
      description: 'See what it found.',
      link: { text: 'Open the dashboard', url: `/site/${site.slug}` },
      button: { text: 'Got it' },
      illustration: 'scan-complete',
    })
    expect(alerts.map((alert) => alert.title)).not.toContain('Not yours')
    expect(alerts.map((alert) => alert.title)).not.toContain('Expired')
    const timestamps = alerts.map((alert) => alert.timestamp)
    expect([...timestamps].sort().reverse()).toEqual(timestamps)

    const withoutSite = await app.inject({ url: '/api/v1/alerts', headers: { cookie } })
    expect(withoutSite.json<DashboardAlert[]>().map((alert) => alert.id)).not.toContain(siteAlert.id)
  })

  it('answers 404 for a site the user may not see and 400 naming site for a malformed slug', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    const other = await createTestSite(app.prisma)
    const cookie = await createSessionCookie(app.prisma, user.id)
    const foreign = await app.inject({ url: `/api/v1/alerts?site=${other.slug}`, headers: { cookie } })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().message).toBe(SITE_NOT_FOUND_MESSAGE)
    const malformed = await app.inject({ url: '/api/v1/alerts?site=Not%20A%20Slug', headers: { cookie } })
    expect(malformed.statusCode).toBe(400)
    expect(Object.keys(malformed.json().errors)).toEqual(['site'])
  })
})
