import type { SiteRole } from '@canopy/contracts'
import { findSiteAccessForUser } from '@canopy/db'
import { describe, expect, it } from 'vitest'
import { createSessionCookie, createTestGroup, createTestSite, createTestUser } from './factories.js'
import { useTestApp } from './helper.js'

const getApp = useTestApp()

/**
 * The API keeps sessions in a short-lived cache and reads site access in one query per request. These check
 * that neither weakens what a request may do: sign-out takes effect at once, and access follows the
 * memberships as they are now.
 */
describe('session cache', () => {
  it('a cached session stops working as soon as it signs out', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    const cookie = await createSessionCookie(app.prisma, user.id)
    const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } })
    expect((await get('/auth/current-user')).statusCode).toBe(200)
    expect((await get('/api/v1/sites')).statusCode).toBe(200)

    expect((await app.inject({ method: 'POST', url: '/logout', headers: { cookie } })).statusCode).toBe(200)
    // A GET no longer signs out: another site's image or link could send one.
    expect((await get('/logout')).statusCode).toBe(404)

    expect((await get('/auth/current-user')).statusCode).toBe(401)
    expect((await get('/api/v1/sites')).statusCode).toBe(401)
    expect((await get('/auth/check')).json()).toEqual({ authenticated: false })
  })

  it("signing out one session leaves the user's other sessions signed in", async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    const laptop = await createSessionCookie(app.prisma, user.id)
    const phone = await createSessionCookie(app.prisma, user.id)
    const currentUser = (cookie: string) =>
      app.inject({ method: 'GET', url: '/auth/current-user', headers: { cookie } })
    expect((await currentUser(laptop)).statusCode).toBe(200)
    expect((await currentUser(phone)).statusCode).toBe(200)

    await app.inject({ method: 'POST', url: '/logout', headers: { cookie: laptop } })

    expect((await currentUser(laptop)).statusCode).toBe(401)
    expect((await currentUser(phone)).statusCode).toBe(200)
  })

  it('concurrent requests of a new session all see the user', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma, { firstName: 'Ada' })
    const cookie = await createSessionCookie(app.prisma, user.id)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({ method: 'GET', url: '/auth/current-user', headers: { cookie } }),
      ),
    )
    expect(answers.map((answer) => answer.json().firstName)).toEqual(Array(10).fill('Ada'))
  })

  it('a cookie that names no session answers 401 and clears the cookie', async () => {
    const { app } = await getApp()
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/sites',
      headers: { cookie: 'canopy_session=not-a-session' },
    })
    expect(response.statusCode).toBe(401)
    expect(String(response.headers['set-cookie'])).toMatch(/^canopy_session=;/)
  })
})

describe('site access in one query', () => {
  it('follows direct memberships, groups and admin rights, and nothing else', async () => {
    const { app } = await getApp()
    const { prisma } = app
    const [admin, member, groupMember, groupAdmin, outsider] = await Promise.all([
      createTestUser(prisma),
      createTestUser(prisma),
      createTestUser(prisma),
      createTestUser(prisma),
      createTestUser(prisma),
    ])
    const site = await createTestSite(prisma, {
      members: [
        { userId: admin.id, role: 'admin' },
        { userId: member.id, role: 'viewer' },
      ],
    })
    await createTestGroup(prisma, { siteId: site.id, memberIds: [groupMember.id], role: 'viewer' })
    await createTestGroup(prisma, { siteId: site.id, memberIds: [groupAdmin.id, member.id], role: 'admin' })
    // A group of another site gives nothing here.
    const other = await createTestSite(prisma)
    await createTestGroup(prisma, { siteId: other.id, memberIds: [outsider.id], role: 'admin' })

    const access = (userId: string, slug = site.slug) => findSiteAccessForUser(prisma, { slug, userId })
    const expected = (role: SiteRole) => ({ siteId: site.id, slug: site.slug, role })
    expect(await access(admin.id)).toEqual(expected('admin'))
    // A viewer who is also in an admin group administers the site: the highest role counts.
    expect(await access(member.id)).toEqual(expected('admin'))
    expect(await access(groupMember.id)).toEqual(expected('viewer'))
    expect(await access(groupAdmin.id)).toEqual(expected('admin'))
    expect(await access(outsider.id)).toBeNull()
    expect(await access(admin.id, 'no-such-site')).toBeNull()
  })

  it('a removed member gets 404 once the change is announced to the site-access cache', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    const site = await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'viewer' }] })
    const cookie = await createSessionCookie(app.prisma, user.id)
    const history = () =>
      app.inject({ method: 'GET', url: `/api/v1/sites/${site.slug}/history`, headers: { cookie } })
    expect((await history()).statusCode).toBe(200)

    await app.prisma.siteMembership.delete({ where: { siteId_userId: { siteId: site.id, userId: user.id } } })
    // A change made elsewhere shows within SITE_ACCESS_CACHE_TTL_MS; a change made through this process
    // (the member endpoints) tells the cache at once, as here.
    app.siteAccess.forgetSite(site.id)

    expect((await history()).statusCode).toBe(404)
  })
})
