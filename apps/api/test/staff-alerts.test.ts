import { ALERT_FIELD_MESSAGES, type DashboardAlert, type StaffAlert } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { createSessionCookie, createTestSite, createTestUser } from './factories.js'
import { useTestApp } from './helper.js'

/** /api/v1/staff/alerts: staff create, edit, expire and delete the dashboard alerts users see. */
const getApp = useTestApp()

async function staffCookie(prisma: Parameters<typeof createTestUser>[0]) {
  const user = await createTestUser(prisma)
  await prisma.user.update({ where: { id: user.id }, data: { isStaff: true } })
  return createSessionCookie(prisma, user.id)
}

describe('/api/v1/staff/alerts', () => {
  it('creates an alert for one site that its members see, edits, expires and deletes it', async () => {
    const { app } = await getApp()
    const cookie = await staffCookie(app.prisma)
    const member = await createTestUser(app.prisma)
    const site = await createTestSite(app.prisma, { members: [{ userId: member.id, role: 'viewer' }] })
    const memberCookie = await createSessionCookie(app.prisma, member.id)
    const seen = async () =>
      (await app.inject({ url: `/api/v1/alerts?site=${site.slug}`, headers: { cookie: memberCookie } }))
        .json<DashboardAlert[]>()
        .map((alert) => alert.title)

    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/staff/alerts',
      headers: { cookie },
      payload: {
        siteSlug: site.slug,
        title: 'Planned maintenance',
        description: 'Scans pause on Sunday.',
        linkText: 'Read more',
        linkUrl: '/status/cms-status',
        buttonText: 'Got it',
      },
    })
    expect(created.statusCode).toBe(201)
    const alert = created.json<StaffAlert>()
    expect(alert).toMatchObject({ site: { slug: site.slug }, linkUrl: '/status/cms-status', expiresAt: null })
    expect(await seen()).toContain('Planned maintenance')

    const edited = await app.inject({
      method: 'PUT',
      url: `/api/v1/staff/alerts/${alert.id}`,
      headers: { cookie },
      payload: { siteSlug: site.slug, title: 'Maintenance moved', description: 'Now on Monday.' },
    })
    expect(edited.json<StaffAlert>()).toMatchObject({ title: 'Maintenance moved', linkText: null })
    expect(await seen()).toContain('Maintenance moved')

    const list = await app.inject({ url: '/api/v1/staff/alerts', headers: { cookie } })
    expect(list.json<{ items: StaffAlert[] }>().items.map((item) => item.id)).toContain(alert.id)

    const expired = await app.inject({
      method: 'POST',
      url: `/api/v1/staff/alerts/${alert.id}/expire`,
      headers: { cookie },
    })
    expect(expired.json<StaffAlert>().expiresAt).not.toBeNull()
    expect(await seen()).not.toContain('Maintenance moved')

    const url = `/api/v1/staff/alerts/${alert.id}`
    expect((await app.inject({ method: 'DELETE', url, headers: { cookie } })).statusCode).toBe(200)
    expect((await app.inject({ method: 'DELETE', url, headers: { cookie } })).statusCode).toBe(404)
  })

  it('answers 400 naming the field', async () => {
    const { app } = await getApp()
    const cookie = await staffCookie(app.prisma)
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/v1/staff/alerts', headers: { cookie }, payload })
    const noTitle = await post({ title: ' ', description: 'x' })
    expect(noTitle.statusCode).toBe(400)
    expect(noTitle.json().message).toContain('title')
    const halfLink = await post({ title: 'T', description: 'x', linkText: 'More' })
    expect(halfLink.json().message).toContain(ALERT_FIELD_MESSAGES.linkPair)
    const badUrl = await post({ title: 'T', description: 'x', linkText: 'More', linkUrl: 'javascript:1' })
    expect(badUrl.json().message).toContain(ALERT_FIELD_MESSAGES.linkUrl)
    const backwards = await post({
      title: 'T',
      description: 'x',
      publishedAt: '2030-01-02T00:00:00Z',
      expiresAt: '2030-01-01T00:00:00Z',
    })
    expect(backwards.json().message).toContain('expiresAt')
    const unknownSite = await post({ title: 'T', description: 'x', siteSlug: 'no-such-site' })
    expect(unknownSite.statusCode).toBe(400)
    expect(unknownSite.json().errors).toEqual({ siteSlug: ALERT_FIELD_MESSAGES.siteSlug })
  })

  it('answers 401 signed out and 403 to a user who is not staff, on every route', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    const cookie = await createSessionCookie(app.prisma, user.id)
    const routes = [
      { method: 'GET', url: '/api/v1/staff/alerts' },
      { method: 'POST', url: '/api/v1/staff/alerts' },
      { method: 'PUT', url: '/api/v1/staff/alerts/x' },
      { method: 'POST', url: '/api/v1/staff/alerts/x/expire' },
      { method: 'DELETE', url: '/api/v1/staff/alerts/x' },
    ] as const
    for (const route of routes) {
      expect((await app.inject(route)).statusCode).toBe(401)
      expect((await app.inject({ ...route, headers: { cookie } })).statusCode).toBe(403)
    }
  })
})
