import { ROLE_REQUIRED_MESSAGES, SITE_USER_MESSAGES } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { removeGroupUser } from '../src/services/groups-service.js'
import { changeSiteUserRole, removeSiteUser } from '../src/services/site-users-service.js'
import { createSessionCookie, createTestGroup, createTestSite, createTestUser } from './factories.js'
import { useTestApp } from './helper.js'

const getApp = useTestApp()

/** A site with an admin (Ada Zed), an editor (Bob Young), a viewer (Cy Xu) and one who sees it only through a group. */
async function siteWithPeople() {
  const { app } = await getApp()
  const admin = await createTestUser(app.prisma, { firstName: 'Ada', lastName: 'Zed' })
  const editor = await createTestUser(app.prisma, { firstName: 'Bob', lastName: 'Young' })
  const viewer = await createTestUser(app.prisma, { firstName: 'Cy', lastName: 'Xu' })
  const grouped = await createTestUser(app.prisma, { firstName: 'Dee', lastName: 'Walker' })
  const site = await createTestSite(app.prisma, {
    members: [
      { userId: admin.id, role: 'admin' },
      { userId: editor.id, role: 'editor' },
      { userId: viewer.id, role: 'viewer' },
    ],
    // the sitemap settings are what an admin reads here
    featureFlags: ['settings/sitemaps'],
  })
  await createTestGroup(app.prisma, { siteId: site.id, memberIds: [grouped.id, viewer.id], role: 'editor' })
  const users = async (userId: string, query = '') =>
    app.inject({
      url: `/api/v1/sites/${site.slug}/users${query}`,
      headers: { cookie: await createSessionCookie(app.prisma, userId) },
    })
  return { app, site, admin, editor, viewer, grouped, users }
}

describe('GET /api/v1/sites/:slug/users', () => {
  it('lists the direct members by name with their roles, and with includeInherited the group members too', async () => {
    const { editor, viewer, grouped, users } = await siteWithPeople()
    const direct = await users(editor.id)
    expect(direct.statusCode).toBe(200)
    expect(direct.json()).toMatchObject({ pageIndex: 0, pageSize: 25, totalCount: 3 })
    expect(direct.json().items.map((user: { lastName: string }) => user.lastName)).toEqual([
      'Xu',
      'Young',
      'Zed',
    ])
    // The viewer is also in an editor group: the higher role counts.
    expect(direct.json().items[0]).toMatchObject({ id: viewer.id, role: 'editor', inherited: false })

    const all = (await users(editor.id, '?includeInherited=true&sortBy=undefined&sortDir=asc')).json()
    expect(all.totalCount).toBe(4)
    expect(all.items[0]).toMatchObject({ id: grouped.id, role: 'editor', inherited: true })
  })

  it('searches names and addresses, and pages from zero', async () => {
    const { editor, users } = await siteWithPeople()
    expect((await users(editor.id, '?search=you')).json().items).toHaveLength(1)
    const second = (await users(editor.id, '?page=1&pageSize=2')).json()
    expect(second).toMatchObject({ pageIndex: 1, pageSize: 2, totalCount: 3 })
    expect(second.items.map((user: { lastName: string }) => user.lastName)).toEqual(['Zed'])
  })

  it('is for editors and admins: 403 for a viewer, 404 for another site’s member, 400 naming the field', async () => {
    const { app, site, admin, users } = await siteWithPeople()
    expect((await users(admin.id)).statusCode).toBe(200)
    const viewer = await createTestUser(app.prisma)
    await app.prisma.siteMembership.create({ data: { siteId: site.id, userId: viewer.id, role: 'viewer' } })
    const refused = await users(viewer.id)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(ROLE_REQUIRED_MESSAGES.editor)
    const outsider = await createTestUser(app.prisma)
    await createTestSite(app.prisma, { members: [{ userId: outsider.id, role: 'admin' }] })
    expect((await users(outsider.id)).statusCode).toBe(404)
    const bad = await users(admin.id, '?page=-1')
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json())).toContain('page')
  })
})

describe('/api/v1/sites/:slug/users/:userId', () => {
  it('an admin reads a user, gives a member another role, and removes them; the access follows at once', async () => {
    const { app, site, admin, editor, grouped } = await siteWithPeople()
    const cookie = await createSessionCookie(app.prisma, admin.id)
    const url = (userId: string) => `/api/v1/sites/${site.slug}/users/${userId}`
    const detail = await app.inject({ url: url(grouped.id), headers: { cookie } })
    expect(detail.json()).toMatchObject({
      role: 'editor',
      inherited: true,
      isMember: false,
      directRole: null,
    })
    expect(detail.json().groups).toHaveLength(1)

    const editorCookie = await createSessionCookie(app.prisma, editor.id)
    const settings = () =>
      app.inject({ url: `/api/v1/sites/${site.slug}/sitemap`, headers: { cookie: editorCookie } })
    expect((await settings()).statusCode).toBe(403)
    const promoted = await app.inject({
      method: 'PUT',
      url: url(editor.id),
      headers: { cookie },
      payload: { role: 'admin' },
    })
    expect(promoted.json()).toMatchObject({ role: 'admin', isMember: true })
    expect((await settings()).statusCode).toBe(200)

    const removed = await app.inject({ method: 'DELETE', url: url(editor.id), headers: { cookie } })
    expect(removed.statusCode).toBe(204)
    expect((await settings()).statusCode).toBe(404)
  })

  it('never leaves the site without an administrator, and changes group members through their group', async () => {
    const { app, site, admin, grouped } = await siteWithPeople()
    const cookie = await createSessionCookie(app.prisma, admin.id)
    const url = (userId: string) => `/api/v1/sites/${site.slug}/users/${userId}`
    const demote = await app.inject({
      method: 'PUT',
      url: url(admin.id),
      headers: { cookie },
      payload: { role: 'viewer' },
    })
    expect(demote.statusCode).toBe(409)
    expect(demote.json().message).toBe(SITE_USER_MESSAGES.lastAdmin)
    expect((await app.inject({ method: 'DELETE', url: url(admin.id), headers: { cookie } })).statusCode).toBe(
      409,
    )
    const throughGroup = await app.inject({
      method: 'PUT',
      url: url(grouped.id),
      headers: { cookie },
      payload: { role: 'admin' },
    })
    expect(throughGroup.json().message).toBe(SITE_USER_MESSAGES.notMember)
    const bad = await app.inject({
      method: 'PUT',
      url: url(grouped.id),
      headers: { cookie },
      payload: { role: 'owner' },
    })
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json())).toContain('role')
    expect((await app.inject({ url: url('no-such-user'), headers: { cookie } })).statusCode).toBe(404)
  })

  it('is read by editors (their own and their groups’ roles), changed only by admins; 403 for a viewer', async () => {
    const { app, site, editor, viewer } = await siteWithPeople()
    const cookie = await createSessionCookie(app.prisma, editor.id)
    const url = `/api/v1/sites/${site.slug}/users/${viewer.id}`
    const detail = await app.inject({ url, headers: { cookie } })
    expect(detail.statusCode).toBe(200)
    // The viewer is a direct viewer and in an editor group: the higher role is theirs on the site.
    expect(detail.json()).toMatchObject({ role: 'editor', directRole: 'viewer', isMember: true })
    expect(detail.json().groups).toEqual([expect.objectContaining({ role: 'editor' })])
    for (const change of [
      { method: 'PUT' as const, payload: { role: 'admin' } },
      { method: 'DELETE' as const, payload: undefined },
    ]) {
      const response = await app.inject({ ...change, url, headers: { cookie } })
      expect(response.statusCode).toBe(403)
      expect(response.json().message).toBe(ROLE_REQUIRED_MESSAGES.admin)
    }
    expect(
      await app.prisma.siteMembership.findUniqueOrThrow({
        where: { siteId_userId: { siteId: site.id, userId: viewer.id } },
      }),
    ).toMatchObject({ role: 'viewer' })
    // The viewer above is also in an editor group; a plain viewer may not read the users.
    const onlyViewer = await createTestUser(app.prisma)
    await app.prisma.siteMembership.create({
      data: { siteId: site.id, userId: onlyViewer.id, role: 'viewer' },
    })
    const viewerCookie = await createSessionCookie(app.prisma, onlyViewer.id)
    const refused = await app.inject({ url, headers: { cookie: viewerCookie } })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(ROLE_REQUIRED_MESSAGES.editor)
  })
})

describe('the user detail’s account and marketing facts', () => {
  it('gives the account expiry and the user’s own product news consent, as the user set it', async () => {
    const { app, site, editor, viewer } = await siteWithPeople()
    const url = `/api/v1/sites/${site.slug}/users/${viewer.id}`
    const read = async () =>
      (
        await app.inject({ url, headers: { cookie: await createSessionCookie(app.prisma, editor.id) } })
      ).json()
    expect(await read()).toMatchObject({
      accountExpiry: null,
      productNewsConsent: false,
      productNewsConsentAt: null,
    })

    const expiry = new Date('2027-03-01T00:00:00.000Z')
    await app.prisma.user.update({ where: { id: viewer.id }, data: { accountExpiry: expiry } })
    const given = await app.inject({
      method: 'POST',
      url: '/api/v1/crm/users/currentProfile',
      headers: { cookie: await createSessionCookie(app.prisma, viewer.id) },
      payload: { productNewsConsent: true },
    })
    expect(given.statusCode).toBe(200)
    expect(await read()).toMatchObject({
      accountExpiry: expiry.toISOString(),
      productNewsConsent: true,
      productNewsConsentAt: given.json().productNewsConsentAt,
    })
  })
})

describe('changes to a site’s users under the site’s access lock', () => {
  /** Settles both at once; the statuses of those refused (409) and 'ok' for those done. */
  async function both(changes: [Promise<unknown>, Promise<unknown>]) {
    const results = await Promise.allSettled(changes)
    return results
      .map((result) =>
        result.status === 'fulfilled' ? 'ok' : (result.reason as { statusCode?: number }).statusCode,
      )
      .sort()
  }

  async function adminCount(app: Awaited<ReturnType<typeof siteWithPeople>>['app'], siteId: string) {
    return app.prisma.siteMembership.count({ where: { siteId, role: 'admin' } })
  }

  it('two admins demoting or removing each other at once: one change goes through, the other is refused', async () => {
    for (const round of [0, 1, 2]) {
      const { app, site, admin, editor } = await siteWithPeople()
      await app.prisma.siteMembership.update({
        where: { siteId_userId: { siteId: site.id, userId: editor.id } },
        data: { role: 'admin' },
      })
      const outcome =
        round === 1
          ? await both([
              removeSiteUser(app.prisma, site.id, admin.id),
              removeSiteUser(app.prisma, site.id, editor.id),
            ])
          : await both([
              changeSiteUserRole(app.prisma, site.id, admin.id, 'viewer'),
              changeSiteUserRole(app.prisma, site.id, editor.id, round === 0 ? 'viewer' : 'editor'),
            ])
      expect({ round, outcome }).toEqual({ round, outcome: [409, 'ok'] })
      expect(await adminCount(app, site.id)).toBe(1)
    }
  })

  it('a member’s change and a group’s change at once cannot together leave the site without an admin', async () => {
    const { app, site, admin, grouped } = await siteWithPeople()
    const admins = await createTestGroup(app.prisma, {
      siteId: site.id,
      memberIds: [grouped.id],
      role: 'admin',
    })
    const outcome = await both([
      changeSiteUserRole(app.prisma, site.id, admin.id, 'editor'),
      removeGroupUser(app.prisma, site.id, admins.id, grouped.id),
    ])
    expect(outcome).toEqual([409, 'ok'])
    const adminsLeft =
      (await adminCount(app, site.id)) +
      (await app.prisma.groupMember.count({ where: { groupId: admins.id } }))
    expect(adminsLeft).toBe(1)
  })

  it('over HTTP too: two admins demoting each other at once leave one administrator', async () => {
    const { app, site, admin, editor } = await siteWithPeople()
    await app.prisma.siteMembership.update({
      where: { siteId_userId: { siteId: site.id, userId: editor.id } },
      data: { role: 'admin' },
    })
    const [adminCookie, editorCookie] = await Promise.all([
      createSessionCookie(app.prisma, admin.id),
      createSessionCookie(app.prisma, editor.id),
    ])
    const demote = (cookie: string, userId: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/sites/${site.slug}/users/${userId}`,
        headers: { cookie },
        payload: { role: 'viewer' },
      })
    const responses = await Promise.all([demote(adminCookie, editor.id), demote(editorCookie, admin.id)])
    const statuses = responses.map((response) => response.statusCode).sort()
    // The second is refused by the last-administrator check (409), or, when its access was read after the
    // first change, by its caller no longer being an admin (403); never both done.
    expect(statuses[0]).toBe(200)
    expect([403, 409]).toContain(statuses[1])
    expect(await adminCount(app, site.id)).toBe(1)
  })
})

describe('GET /api/v1/sites/:slug/permissions', () => {
  it('gives each permission with the roles that have it, to admins only', async () => {
    const { app, site, admin, editor } = await siteWithPeople()
    const read = async (userId: string) =>
      app.inject({
        url: `/api/v1/sites/${site.slug}/permissions`,
        headers: { cookie: await createSessionCookie(app.prisma, userId) },
      })
    const answer = (await read(admin.id)).json()
    expect(answer.yourRole).toBe('admin')
    expect(answer.permissions).toContainEqual(
      expect.objectContaining({ id: 'startScans', roles: ['editor', 'admin'] }),
    )
    expect(answer.permissions).toContainEqual(expect.objectContaining({ id: 'deleteSite', roles: ['admin'] }))
    expect((await read(editor.id)).statusCode).toBe(403)
  })
})
