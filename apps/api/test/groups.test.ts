import { GROUP_MESSAGES, ROLE_REQUIRED_MESSAGES, SITE_USER_MESSAGES } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { SITE_NOT_FOUND_MESSAGE } from '../src/plugins/app/site-access.js'
import {
  createSessionCookie,
  createTestGroup,
  createTestOrganisation,
  createTestSite,
  createTestUser,
} from './factories.js'
import { useTestApp } from './helper.js'

const getApp = useTestApp()

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** A site with an admin, an editor and a viewer, and a way to call its API as any user. */
async function siteWithPeople() {
  const { app } = await getApp()
  const organisation = await createTestOrganisation(app.prisma)
  const admin = await createTestUser(app.prisma, { firstName: 'Ada', lastName: 'Zed' })
  const editor = await createTestUser(app.prisma, { firstName: 'Bob', lastName: 'Young' })
  const viewer = await createTestUser(app.prisma, { firstName: 'Cy', lastName: 'Xu' })
  const site = await createTestSite(app.prisma, {
    organisationId: organisation.id,
    members: [
      { userId: admin.id, role: 'admin' },
      { userId: editor.id, role: 'editor' },
      { userId: viewer.id, role: 'viewer' },
    ],
  })
  const cookies = new Map<string, string>()
  const call = async (userId: string, method: Method, path: string, payload?: object) => {
    const cookie = cookies.get(userId) ?? (await createSessionCookie(app.prisma, userId))
    cookies.set(userId, cookie)
    return app.inject({ method, url: `/api/v1/sites/${site.slug}${path}`, headers: { cookie }, payload })
  }
  const asAdmin = (method: Method, path: string, payload?: object) => call(admin.id, method, path, payload)
  const create = async (name: string, role = 'viewer', parentId?: string) => {
    const response = await asAdmin('POST', '/groups', { name, role, parentId })
    expect(response.statusCode, response.body).toBe(201)
    return response.json() as { id: string; name: string }
  }
  return { app, organisation, site, admin, editor, viewer, call, asAdmin, create }
}

const names = (body: { data: { name: string }[] }) => body.data.map((group) => group.name)

describe('GET and POST /api/v1/sites/:slug/groups', () => {
  it('an admin creates groups; the list has the top-level ones by name, every one with includeInherited', async () => {
    const { asAdmin, create } = await siteWithPeople()
    const writers = await create('Writers', 'editor')
    await create('Auditors', 'viewer')
    const created = await asAdmin('POST', '/groups', {
      name: ' Guest writers ',
      role: 'viewer',
      parentId: writers.id,
    })
    expect(created.json()).toMatchObject({
      name: 'Guest writers',
      role: 'viewer',
      parent: { id: writers.id, name: 'Writers' },
      memberCount: 0,
      groupCount: 0,
    })

    const top = await asAdmin('GET', '/groups')
    expect(top.statusCode).toBe(200)
    expect(top.json()).toMatchObject({ hasAccess: true, pageIndex: 0, pageSize: 25, totalCount: 2 })
    expect(names(top.json())).toEqual(['Auditors', 'Writers'])
    expect(top.json().data[1]).toMatchObject({ groupCount: 1, parent: null })
    const all = (await asAdmin('GET', '/groups?includeInherited=true&sortBy=role&sortDir=desc')).json()
    expect(names(all)).toEqual(['Writers', 'Auditors', 'Guest writers'])
  })

  it('searches by name and pages from zero', async () => {
    const { asAdmin, create } = await siteWithPeople()
    for (const name of ['Alpha team', 'Beta team', 'Gamma', 'Delta team']) await create(name)
    expect(names((await asAdmin('GET', '/groups?search=TEAM')).json())).toEqual([
      'Alpha team',
      'Beta team',
      'Delta team',
    ])
    const second = (await asAdmin('GET', '/groups?page=1&pageSize=3')).json()
    expect(second).toMatchObject({ pageIndex: 1, pageSize: 3, totalCount: 4 })
    expect(names(second)).toEqual(['Gamma'])
  })

  it('refuses a name the site already has (whatever its case) with 409 on name, and bad input with 400', async () => {
    const { asAdmin, create } = await siteWithPeople()
    await create('Writers')
    const taken = await asAdmin('POST', '/groups', { name: 'writers', role: 'admin' })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({
      message: GROUP_MESSAGES.nameTaken,
      errors: { name: GROUP_MESSAGES.nameTaken },
    })
    const blank = await asAdmin('POST', '/groups', { name: '   ', role: 'viewer' })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().errors).toEqual({ name: GROUP_MESSAGES.nameRequired })
    const role = await asAdmin('POST', '/groups', { name: 'Owners', role: 'owner' })
    expect(role.json().errors).toEqual({ role: GROUP_MESSAGES.roleInvalid })
    const long = await asAdmin('POST', '/groups', { name: 'x'.repeat(101), role: 'viewer' })
    expect(long.json().errors).toEqual({ name: GROUP_MESSAGES.nameTooLong })
    const parent = await asAdmin('POST', '/groups', {
      name: 'Orphans',
      role: 'viewer',
      parentId: 'no-such-group',
    })
    expect(parent.statusCode).toBe(400)
    expect(parent.json().errors).toEqual({ parentId: GROUP_MESSAGES.parentNotFound })
    expect((await asAdmin('GET', '/groups?page=-1')).statusCode).toBe(400)
    expect((await asAdmin('GET', '/groups?sortBy=colour')).json().errors).toHaveProperty('sortBy')
  })

  it('reading is for editors and admins, creating for admins; another site’s member gets 404', async () => {
    const { app, call, editor, viewer } = await siteWithPeople()
    expect((await call(editor.id, 'GET', '/groups')).statusCode).toBe(200)
    const viewerList = await call(viewer.id, 'GET', '/groups')
    expect(viewerList.statusCode).toBe(403)
    expect(viewerList.json().message).toBe(ROLE_REQUIRED_MESSAGES.editor)
    const editorCreate = await call(editor.id, 'POST', '/groups', { name: 'Mine', role: 'admin' })
    expect(editorCreate.statusCode).toBe(403)
    expect(editorCreate.json().message).toBe(ROLE_REQUIRED_MESSAGES.admin)
    const outsider = await createTestUser(app.prisma)
    await createTestSite(app.prisma, { members: [{ userId: outsider.id, role: 'admin' }] })
    const stranger = await call(outsider.id, 'GET', '/groups')
    expect(stranger.statusCode).toBe(404)
    expect(stranger.json().message).toBe(SITE_NOT_FOUND_MESSAGE)
    expect(await app.prisma.group.count({ where: { name: 'Mine' } })).toBe(0)
  })
})

describe('/api/v1/sites/:slug/group/:groupId', () => {
  it('reads, renames, changes the role of, moves and deletes a group with its subgroups', async () => {
    const { app, asAdmin, create } = await siteWithPeople()
    const writers = await create('Writers', 'editor')
    const guests = await create('Guests', 'viewer')
    expect((await asAdmin('GET', `/group/${writers.id}`)).json()).toMatchObject({
      name: 'Writers',
      role: 'editor',
    })

    const changed = await asAdmin('PUT', `/group/${guests.id}`, {
      name: 'Guest writers',
      role: 'editor',
      parentId: writers.id,
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({
      name: 'Guest writers',
      role: 'editor',
      parent: { id: writers.id },
    })
    const sub = (await asAdmin('GET', `/group/${writers.id}/groups`)).json()
    expect(sub).toMatchObject({ hasAccess: true, totalCount: 1 })
    expect(names(sub)).toEqual(['Guest writers'])
    const nested = await create('Interns', 'viewer', guests.id)
    expect(names((await asAdmin('GET', `/group/${writers.id}/groups?includeInherited=true`)).json())).toEqual(
      ['Guest writers', 'Interns'],
    )
    const toTop = await asAdmin('PUT', `/group/${nested.id}`, { parentId: null })
    expect(toTop.json().parent).toBeNull()
    await asAdmin('PUT', `/group/${nested.id}`, { parentId: guests.id })

    const deleted = await asAdmin('DELETE', `/group/${writers.id}`)
    expect(deleted.statusCode).toBe(204)
    expect(await app.prisma.group.count({ where: { id: { in: [writers.id, guests.id, nested.id] } } })).toBe(
      0,
    )
    expect((await asAdmin('GET', `/group/${writers.id}`)).statusCode).toBe(404)
  })

  it('refuses a parent inside the group (a loop) with 400 on parentId, and a taken name with 409', async () => {
    const { asAdmin, create } = await siteWithPeople()
    const top = await create('Top')
    const middle = await create('Middle', 'viewer', top.id)
    const bottom = await create('Bottom', 'viewer', middle.id)
    for (const parentId of [top.id, bottom.id]) {
      const loop = await asAdmin('PUT', `/group/${top.id}`, { parentId })
      expect(loop.statusCode).toBe(400)
      expect(loop.json().errors).toEqual({ parentId: GROUP_MESSAGES.parentCycle })
    }
    const taken = await asAdmin('PUT', `/group/${bottom.id}`, { name: 'MIDDLE' })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().errors).toEqual({ name: GROUP_MESSAGES.nameTaken })
    // Its own name in another case is a rename, not a clash.
    expect((await asAdmin('PUT', `/group/${bottom.id}`, { name: 'bottom' })).statusCode).toBe(200)
    const empty = await asAdmin('PUT', `/group/${bottom.id}`, {})
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toContain(GROUP_MESSAGES.nothingToChange)
  })

  it('a group of another site is not found, and cannot be a parent here', async () => {
    const { app, asAdmin, organisation } = await siteWithPeople()
    const otherSite = await createTestSite(app.prisma, { organisationId: organisation.id })
    const foreign = await createTestGroup(app.prisma, { siteId: otherSite.id, memberIds: [], role: 'admin' })
    for (const [method, path, payload] of [
      ['GET', `/group/${foreign.id}`],
      ['PUT', `/group/${foreign.id}`, { name: 'Taken over' }],
      ['DELETE', `/group/${foreign.id}`],
      ['GET', `/group/${foreign.id}/groups`],
      ['GET', `/group/${foreign.id}/users`],
      ['POST', `/group/${foreign.id}/users`, { userId: 'anyone' }],
      ['DELETE', `/group/${foreign.id}/users/anyone`],
    ] as [Method, string, object?][]) {
      const response = await asAdmin(method, path, payload)
      expect({ path, method, status: response.statusCode }).toEqual({ path, method, status: 404 })
      expect(response.json().message).toBe(GROUP_MESSAGES.notFound)
    }
    const adopted = await asAdmin('POST', '/groups', {
      name: 'Adopted',
      role: 'viewer',
      parentId: foreign.id,
    })
    expect(adopted.json().errors).toEqual({ parentId: GROUP_MESSAGES.parentNotFound })
    expect(await app.prisma.group.findUnique({ where: { id: foreign.id } })).toMatchObject({
      name: foreign.name,
    })
  })

  it('is for admins: an editor reads a group but cannot change or delete it', async () => {
    const { call, editor, create } = await siteWithPeople()
    const group = await create('Writers')
    expect((await call(editor.id, 'GET', `/group/${group.id}`)).statusCode).toBe(200)
    expect((await call(editor.id, 'PUT', `/group/${group.id}`, { role: 'admin' })).statusCode).toBe(403)
    expect((await call(editor.id, 'DELETE', `/group/${group.id}`)).statusCode).toBe(403)
  })
})

describe('/api/v1/sites/:slug/group/:groupId/users', () => {
  it('adds a site user and an organisation member, lists members by name from page zero, removes one', async () => {
    const { app, organisation, asAdmin, call, viewer, create } = await siteWithPeople()
    const group = await create('Editors', 'editor')
    const colleague = await createTestUser(app.prisma, { firstName: 'Dee', lastName: 'Walker' })
    await app.prisma.organisationMember.create({
      data: { organisationId: organisation.id, userId: colleague.id },
    })
    const added = await asAdmin('POST', `/group/${group.id}/users`, { userId: viewer.id })
    expect(added.statusCode).toBe(201)
    expect(added.json()).toEqual({ id: viewer.id, firstName: 'Cy', lastName: 'Xu', email: viewer.email })
    expect((await asAdmin('POST', `/group/${group.id}/users`, { userId: colleague.id })).statusCode).toBe(201)

    const members = (await asAdmin('GET', `/group/${group.id}/users`)).json()
    expect(members).toMatchObject({ pageIndex: 0, pageSize: 25, totalCount: 2 })
    expect(members.items.map((user: { lastName: string }) => user.lastName)).toEqual(['Walker', 'Xu'])
    expect((await asAdmin('GET', `/group/${group.id}/users?search=dee`)).json().items).toHaveLength(1)
    const second = (await asAdmin('GET', `/group/${group.id}/users?page=1&pageSize=1&sortDir=desc`)).json()
    expect(second.items.map((user: { lastName: string }) => user.lastName)).toEqual(['Walker'])
    expect((await asAdmin('GET', `/group/${group.id}`)).json().memberCount).toBe(2)

    // The group's role is the viewer's now: an editor's list of users opens to them at once.
    expect((await call(viewer.id, 'GET', '/users')).statusCode).toBe(200)
    // The organisation member now sees the site through the group.
    expect((await call(colleague.id, 'GET', '')).statusCode).toBe(200)
    const removed = await asAdmin('DELETE', `/group/${group.id}/users/${viewer.id}`)
    expect(removed.statusCode).toBe(204)
    expect((await call(viewer.id, 'GET', '/users')).statusCode).toBe(403)
    const again = await asAdmin('DELETE', `/group/${group.id}/users/${viewer.id}`)
    expect(again.statusCode).toBe(404)
    expect(again.json().message).toBe(GROUP_MESSAGES.notMember)
  })

  it('refuses a stranger or an unknown id with 400 on userId, and someone already in it with 409', async () => {
    const { app, asAdmin, editor, create } = await siteWithPeople()
    const group = await create('Editors')
    const stranger = await createTestUser(app.prisma)
    for (const userId of [stranger.id, 'no-such-user']) {
      const refused = await asAdmin('POST', `/group/${group.id}/users`, { userId })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().errors).toEqual({ userId: GROUP_MESSAGES.userNotAllowed })
    }
    await asAdmin('POST', `/group/${group.id}/users`, { userId: editor.id })
    const twice = await asAdmin('POST', `/group/${group.id}/users`, { userId: editor.id })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().errors).toEqual({ userId: GROUP_MESSAGES.alreadyMember })
    const blank = await asAdmin('POST', `/group/${group.id}/users`, { userId: ' ' })
    expect(blank.json().errors).toEqual({ userId: GROUP_MESSAGES.userRequired })
    expect((await asAdmin('GET', `/group/${group.id}/users?pageSize=0`)).statusCode).toBe(400)
    expect(await app.prisma.groupMember.count({ where: { groupId: group.id } })).toBe(1)
  })

  it('is for admins: an editor lists the members but cannot add or remove one', async () => {
    const { call, editor, viewer, create, asAdmin } = await siteWithPeople()
    const group = await create('Editors')
    await asAdmin('POST', `/group/${group.id}/users`, { userId: viewer.id })
    expect((await call(editor.id, 'GET', `/group/${group.id}/users`)).statusCode).toBe(200)
    expect(
      (await call(editor.id, 'POST', `/group/${group.id}/users`, { userId: editor.id })).statusCode,
    ).toBe(403)
    expect((await call(editor.id, 'DELETE', `/group/${group.id}/users/${viewer.id}`)).statusCode).toBe(403)
    expect((await call(viewer.id, 'GET', `/group/${group.id}/users`)).statusCode).toBe(403)
  })
})

describe('the last administrator', () => {
  /** A site whose only administrator is in an admin group (nested in a viewer group), with no direct admin. */
  async function siteAdministeredThroughAGroup() {
    const people = await siteWithPeople()
    const { app, site, admin, asAdmin, create } = people
    const outer = await create('Staff', 'viewer')
    const admins = await create('Administrators', 'admin', outer.id)
    await asAdmin('POST', `/group/${admins.id}/users`, { userId: admin.id })
    await app.prisma.siteMembership.update({
      where: { siteId_userId: { siteId: site.id, userId: admin.id } },
      data: { role: 'viewer' },
    })
    return { ...people, outer, admins }
  }

  it('refuses to downgrade, delete (or delete the parent of) the only admin group, or remove its only member', async () => {
    const { app, asAdmin, admin, outer, admins } = await siteAdministeredThroughAGroup()
    for (const [method, path, payload, field] of [
      ['PUT', `/group/${admins.id}`, { role: 'editor' }, 'role'],
      ['DELETE', `/group/${admins.id}`, undefined, 'groupId'],
      ['DELETE', `/group/${outer.id}`, undefined, 'groupId'],
      ['DELETE', `/group/${admins.id}/users/${admin.id}`, undefined, 'userId'],
    ] as [Method, string, object | undefined, string][]) {
      const response = await asAdmin(method, path, payload)
      expect({ path, method, status: response.statusCode }).toEqual({ path, method, status: 409 })
      expect(response.json()).toMatchObject({
        message: SITE_USER_MESSAGES.lastAdmin,
        errors: { [field]: SITE_USER_MESSAGES.lastAdmin },
      })
    }
    expect(await app.prisma.groupMember.count({ where: { groupId: admins.id } })).toBe(1)
    // Renaming and moving it change nobody's role.
    expect((await asAdmin('PUT', `/group/${admins.id}`, { name: 'Admins', parentId: null })).statusCode).toBe(
      200,
    )
  })

  it('allows each of them once someone else administers the site', async () => {
    const { asAdmin, editor, admin, outer, admins, app, site } = await siteAdministeredThroughAGroup()
    await app.prisma.siteMembership.update({
      where: { siteId_userId: { siteId: site.id, userId: editor.id } },
      data: { role: 'admin' },
    })
    expect((await asAdmin('DELETE', `/group/${admins.id}/users/${admin.id}`)).statusCode).toBe(204)
    // The caller is no longer an administrator: the editor, now one, carries on.
    const cookie = await createSessionCookie(app.prisma, editor.id)
    const asEditor = (method: Method, url: string, payload?: object) =>
      app.inject({ method, url: `/api/v1/sites/${site.slug}${url}`, headers: { cookie }, payload })
    expect((await asAdmin('GET', '/groups')).statusCode).toBe(403)
    expect((await asEditor('PUT', `/group/${admins.id}`, { role: 'viewer' })).statusCode).toBe(200)
    expect((await asEditor('DELETE', `/group/${outer.id}`)).statusCode).toBe(204)
  })
})

describe('roles pass down the group tree', () => {
  /**
   * An admin group with a viewer subgroup (Interns) nested two levels down; the intern, in Interns only,
   * administers the site through the ancestor.
   */
  async function internInsideAdminGroup() {
    const people = await siteWithPeople()
    const { app, organisation, asAdmin, create } = people
    const intern = await createTestUser(app.prisma, { firstName: 'Ida', lastName: 'Vance' })
    await app.prisma.organisationMember.create({
      data: { organisationId: organisation.id, userId: intern.id },
    })
    const admins = await create('Administrators', 'admin')
    const staff = await create('Staff', 'viewer', admins.id)
    const interns = await create('Interns', 'viewer', staff.id)
    expect((await asAdmin('POST', `/group/${interns.id}/users`, { userId: intern.id })).statusCode).toBe(201)
    const asIntern = (method: Method, path: string, payload?: object) =>
      people.call(intern.id, method, path, payload)
    return { ...people, intern, admins, staff, interns, asIntern }
  }

  it('a member of a subgroup of an admin group can do what admins do, and every list tells it', async () => {
    const { app, site, intern, admins, interns, asAdmin, asIntern } = await internInsideAdminGroup()
    const created = await asIntern('POST', '/groups', { name: 'Made by an intern', role: 'viewer' })
    expect(created.statusCode).toBe(201)
    expect((await asIntern('GET', '/permissions')).json().yourRole).toBe('admin')
    expect((await asIntern('GET', '')).json()).toMatchObject({ role: 'admin', hasAdminAccess: true })

    const cookie = await createSessionCookie(app.prisma, intern.id)
    const sites = (await app.inject({ url: '/api/v1/sites', headers: { cookie } })).json()
    expect(sites.items).toEqual([expect.objectContaining({ role: 'admin', hasAdminAccess: true })])
    expect(sites.items[0].sys.slug).toBe(site.slug)

    const users = (await asAdmin('GET', '/users?includeInherited=true&search=vance')).json()
    expect(users.items).toEqual([expect.objectContaining({ id: intern.id, role: 'admin', inherited: true })])
    expect((await asAdmin('GET', '/users?search=vance')).json().totalCount).toBe(0)

    const detail = (await asAdmin('GET', `/users/${intern.id}`)).json()
    expect(detail).toMatchObject({ role: 'admin', isMember: false, directRole: null })
    const through = { id: interns.id, name: 'Interns' }
    expect(detail.groups).toEqual(
      expect.arrayContaining([
        { id: interns.id, name: 'Interns', role: 'viewer', through: null },
        { id: admins.id, name: 'Administrators', role: 'admin', through },
        expect.objectContaining({ name: 'Staff', role: 'viewer', through }),
      ]),
    )
    expect(detail.groups).toHaveLength(3)
  })

  it('taking the admin role from the ancestor takes it from the subgroup’s members', async () => {
    const { admins, asAdmin, asIntern } = await internInsideAdminGroup()
    expect((await asIntern('GET', '/groups')).statusCode).toBe(200)
    expect((await asAdmin('PUT', `/group/${admins.id}`, { role: 'editor' })).statusCode).toBe(200)
    const refused = await asIntern('POST', '/groups', { name: 'Too late', role: 'viewer' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(ROLE_REQUIRED_MESSAGES.admin)
    // An editor through the ancestor still reads the groups.
    expect((await asIntern('GET', '/groups')).statusCode).toBe(200)
  })

  it('moving the subgroup out of the admin group takes the role away; moving it back gives it again', async () => {
    const { admins, staff, interns, asAdmin, asIntern } = await internInsideAdminGroup()
    expect((await asAdmin('PUT', `/group/${interns.id}`, { parentId: null })).statusCode).toBe(200)
    expect((await asIntern('GET', '/groups')).statusCode).toBe(403)
    expect((await asIntern('GET', '/users')).statusCode).toBe(403)
    // Still a viewer of the site through the group itself.
    expect((await asIntern('GET', '')).json().role).toBe('viewer')

    expect((await asAdmin('PUT', `/group/${interns.id}`, { parentId: staff.id })).statusCode).toBe(200)
    expect((await asIntern('GET', '/permissions')).statusCode).toBe(200)
    // Moving the admin group itself changes nothing for those below it.
    const other = await asAdmin('POST', '/groups', { name: 'Everyone', role: 'viewer' })
    expect((await asAdmin('PUT', `/group/${admins.id}`, { parentId: other.json().id })).statusCode).toBe(200)
    expect((await asIntern('GET', '/permissions')).statusCode).toBe(200)
  })

  it('the last-administrator guard counts an admin who gets the role from an ancestor group', async () => {
    const { app, site, admin, intern, admins, staff, interns, asAdmin } = await internInsideAdminGroup()
    // The direct admin may step down: the intern administers the site through the ancestor.
    const stepDown = await asAdmin('PUT', `/users/${admin.id}`, { role: 'viewer' })
    expect(stepDown.statusCode, stepDown.body).toBe(200)
    // Now the intern is the only administrator: nothing may take the ancestor's role from them.
    const cookie = await createSessionCookie(app.prisma, intern.id)
    const asIntern = (method: Method, url: string, payload?: object) =>
      app.inject({ method, url: `/api/v1/sites/${site.slug}${url}`, headers: { cookie }, payload })
    for (const [method, path, payload, field] of [
      ['PUT', `/group/${interns.id}`, { parentId: null }, 'parentId'],
      ['PUT', `/group/${staff.id}`, { parentId: null }, 'parentId'],
      ['PUT', `/group/${admins.id}`, { role: 'editor' }, 'role'],
      ['DELETE', `/group/${interns.id}`, undefined, 'groupId'],
      ['DELETE', `/group/${staff.id}`, undefined, 'groupId'],
      ['DELETE', `/group/${interns.id}/users/${intern.id}`, undefined, 'userId'],
    ] as [Method, string, object | undefined, string][]) {
      const response = await asIntern(method, path, payload)
      expect({ path, method, status: response.statusCode }).toEqual({ path, method, status: 409 })
      expect(response.json()).toMatchObject({
        message: SITE_USER_MESSAGES.lastAdmin,
        errors: { [field]: SITE_USER_MESSAGES.lastAdmin },
      })
    }
    // Each refusal was undone whole: the tree and the membership are as they were.
    expect(await app.prisma.group.findUniqueOrThrow({ where: { id: interns.id } })).toMatchObject({
      parentId: staff.id,
    })
    expect(await app.prisma.group.findUniqueOrThrow({ where: { id: admins.id } })).toMatchObject({
      role: 'admin',
    })
    expect(await app.prisma.groupMember.count({ where: { groupId: interns.id } })).toBe(1)
    expect((await asIntern('GET', '/permissions')).statusCode).toBe(200)
    // A change that takes no one's role away still goes through.
    expect((await asIntern('PUT', `/group/${interns.id}`, { name: 'Trainees' })).statusCode).toBe(200)
  })
})
