import { createHash } from 'node:crypto'
import { ACCOUNT_EXPIRY_MESSAGES, ROLE_REQUIRED_MESSAGES } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import {
  createSessionCookie,
  createTestSite,
  createTestSiteWithAdminAndMember,
  createTestUser,
  TEST_PASSWORD,
} from './factories.js'
import { useTestApp } from './helper.js'

const getApp = useTestApp()
type App = Awaited<ReturnType<typeof getApp>>['app']

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

function putUser(app: App, slug: string, userId: string, cookie: string, payload: unknown) {
  return app.inject({
    method: 'PUT',
    url: `/api/v1/sites/${slug}/users/${userId}`,
    headers: { cookie },
    payload: payload as Record<string, unknown>,
  })
}

describe('a site administrator sets and clears account expiry', () => {
  it('sets a future expiry, shown in the user detail and the users list, then clears it', async () => {
    const { app } = await getApp()
    const { site, member, adminCookie } = await createTestSiteWithAdminAndMember(app.prisma)
    const expiry = inDays(30)
    const set = await putUser(app, site.slug, member.id, adminCookie, { accountExpiry: expiry })
    expect(set.statusCode).toBe(200)
    expect(set.json()).toMatchObject({ id: member.id, role: 'viewer', accountExpiry: expiry })
    const list = await app.inject({
      url: `/api/v1/sites/${site.slug}/users`,
      headers: { cookie: adminCookie },
    })
    const listed = list.json().items.find((item: { id: string }) => item.id === member.id)
    expect(listed.accountExpiry).toBe(expiry)

    const both = await putUser(app, site.slug, member.id, adminCookie, {
      role: 'editor',
      accountExpiry: null,
    })
    expect(both.statusCode).toBe(200)
    expect(both.json()).toMatchObject({ role: 'editor', accountExpiry: null })
    expect((await app.prisma.user.findUniqueOrThrow({ where: { id: member.id } })).accountExpiry).toBeNull()
  })

  it('refuses a past or malformed date and an empty change with 400 naming the field', async () => {
    const { app } = await getApp()
    const { site, member, adminCookie } = await createTestSiteWithAdminAndMember(app.prisma)
    const past = await putUser(app, site.slug, member.id, adminCookie, { accountExpiry: inDays(-1) })
    expect(past.statusCode).toBe(400)
    expect(past.json().errors).toEqual({ accountExpiry: ACCOUNT_EXPIRY_MESSAGES.notInFuture })
    const malformed = await putUser(app, site.slug, member.id, adminCookie, { accountExpiry: 'next week' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().errors).toEqual({ accountExpiry: ACCOUNT_EXPIRY_MESSAGES.invalid })
    const empty = await putUser(app, site.slug, member.id, adminCookie, {})
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors).toEqual({ role: ACCOUNT_EXPIRY_MESSAGES.nothingToChange })
  })

  it('is for site admins: 403 for a member, 404 for someone outside the site or an unknown user', async () => {
    const { app } = await getApp()
    const { site, admin, member, memberCookie, adminCookie } = await createTestSiteWithAdminAndMember(
      app.prisma,
    )
    const refused = await putUser(app, site.slug, admin.id, memberCookie, { accountExpiry: inDays(3) })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(ROLE_REQUIRED_MESSAGES.admin)
    const outsider = await createTestUser(app.prisma)
    const outsiderCookie = await createSessionCookie(app.prisma, outsider.id)
    const hidden = await putUser(app, site.slug, member.id, outsiderCookie, { accountExpiry: inDays(3) })
    expect(hidden.statusCode).toBe(404)
    const stranger = await putUser(app, site.slug, outsider.id, adminCookie, { accountExpiry: inDays(3) })
    expect(stranger.statusCode).toBe(404)
    expect((await app.prisma.user.findUniqueOrThrow({ where: { id: member.id } })).accountExpiry).toBeNull()
  })

  it('refuses your own account, a staff account, and one that also sees a site you do not administer', async () => {
    const { app } = await getApp()
    const { site, admin, member, adminCookie } = await createTestSiteWithAdminAndMember(app.prisma)
    const own = await putUser(app, site.slug, admin.id, adminCookie, { accountExpiry: inDays(3) })
    expect(own.statusCode).toBe(409)
    expect(own.json().message).toBe(ACCOUNT_EXPIRY_MESSAGES.ownAccount)

    const staff = await createTestUser(app.prisma)
    await app.prisma.user.update({ where: { id: staff.id }, data: { isStaff: true } })
    await app.prisma.siteMembership.create({ data: { siteId: site.id, userId: staff.id, role: 'viewer' } })
    const staffRefused = await putUser(app, site.slug, staff.id, adminCookie, { accountExpiry: inDays(3) })
    expect(staffRefused.statusCode).toBe(409)
    expect(staffRefused.json().message).toBe(ACCOUNT_EXPIRY_MESSAGES.staffAccount)

    const otherAdmin = await createTestUser(app.prisma)
    await createTestSite(app.prisma, {
      members: [
        { userId: otherAdmin.id, role: 'admin' },
        { userId: member.id, role: 'viewer' },
      ],
    })
    const elsewhere = await putUser(app, site.slug, member.id, adminCookie, { accountExpiry: inDays(3) })
    expect(elsewhere.statusCode).toBe(409)
    expect(elsewhere.json().message).toBe(ACCOUNT_EXPIRY_MESSAGES.otherSites)
    // Provider staff may, whatever sites the account sees.
    const staffCookie = await createSessionCookie(app.prisma, staff.id)
    await app.prisma.siteMembership.update({
      where: { siteId_userId: { siteId: site.id, userId: staff.id } },
      data: { role: 'admin' },
    })
    const byStaff = await putUser(app, site.slug, member.id, staffCookie, { accountExpiry: inDays(3) })
    expect(byStaff.statusCode).toBe(200)
  })
})

describe('an expired account', () => {
  it('cannot sign in: a clear message and no session', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma, { withPassword: true })
    await app.prisma.user.update({
      where: { id: user.id },
      data: { accountExpiry: new Date(Date.now() - 1000) },
    })
    const login = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: user.email, password: TEST_PASSWORD },
    })
    expect(login.statusCode).toBe(403)
    expect(login.json().message).toBe(ACCOUNT_EXPIRY_MESSAGES.expired)
    expect(login.headers['set-cookie']).toBeUndefined()
    expect(await app.prisma.session.count({ where: { userId: user.id } })).toBe(0)
    // A wrong password still says only that the credentials are wrong.
    const wrong = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: user.email, password: 'not-the-password' },
    })
    expect(wrong.statusCode).toBe(401)
  })

  it('loses its open sessions and API tokens at the moment of expiry, even while remembered', async () => {
    const { app } = await getApp()
    const { site, member, memberCookie, adminCookie } = await createTestSiteWithAdminAndMember(app.prisma)
    const token = 'cnp_expiring-account-token'
    await app.prisma.apiToken.create({
      data: {
        userId: member.id,
        name: 'ci',
        access: 'read',
        tokenHash: createHash('sha256').update(token).digest('hex'),
      },
    })
    const read = (headers: Record<string, string>) =>
      app.inject({ url: `/api/v1/sites/${site.slug}`, headers })
    expect((await read({ cookie: memberCookie })).statusCode).toBe(200)
    expect((await read({ authorization: `Bearer ${token}` })).statusCode).toBe(200)

    const expiry = new Date(Date.now() + 1500).toISOString()
    expect(
      (await putUser(app, site.slug, member.id, adminCookie, { accountExpiry: expiry })).statusCode,
    ).toBe(200)
    // Read again before the expiry: this process now remembers the session and the token with it.
    expect((await read({ cookie: memberCookie })).statusCode).toBe(200)
    expect((await read({ authorization: `Bearer ${token}` })).statusCode).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1600))
    expect((await read({ cookie: memberCookie })).statusCode).toBe(401)
    expect((await read({ authorization: `Bearer ${token}` })).statusCode).toBe(401)
    const check = await app.inject({ url: '/auth/check', headers: { cookie: memberCookie } })
    expect(check.json()).toEqual({ authenticated: false })
  })
})
