import type { Group, GroupMember, SiteUser } from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { type FakeHandler, type FakeRequest, fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSection, makeSite, pageOf } from '@/testing/fixtures'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as GroupRoute } from './settings-group'
import { Component as GroupsRoute } from './settings-groups'

const group = (id: string, name: string, overrides: Partial<Group> = {}): Group => ({
  id,
  name,
  role: 'viewer',
  parent: null,
  memberCount: 0,
  groupCount: 0,
  created: '2026-11-20T10:00:00.000Z',
  ...overrides,
})

const member = (id: string, firstName: string): GroupMember => ({
  id,
  firstName,
  lastName: 'Tester',
  email: `${firstName.toLowerCase()}@example.com`,
})

const groupsPage = (groups: Group[], request: FakeRequest) => ({
  data: groups,
  hasAccess: true,
  pageIndex: Number(request.query.get('page')),
  pageSize: 25,
  totalCount: groups.length,
})

const SITE_ROUTES: Record<string, FakeHandler> = {
  'GET /api/v1/sites/:slug': reply(makeSite({ firstScanCompleted: true })),
  'GET /api/v1/sites/:slug/sections': (request: FakeRequest) =>
    reply(pageOf([makeSection(1)], request.query)),
}

function renderGroups(routes: Record<string, FakeHandler>) {
  const api = installFakeApi({ ...SITE_ROUTES, ...routes })
  const rendered = renderSiteRoute(<GroupsRoute />, {
    url: '/site/demo-site/settings/groups',
    path: 'settings/groups',
  })
  return { api, ...rendered }
}

describe('settings/groups', () => {
  it('lists every group from page zero with its parent, and creates one with a role by keyboard', async () => {
    const writers = group('g1', 'Writers', { role: 'editor', memberCount: 2, groupCount: 1 })
    const guests = group('g2', 'Guests', { parent: { id: 'g1', name: 'Writers' } })
    const { api } = renderGroups({
      'GET /api/v1/sites/:slug/groups': (request) => reply(groupsPage([guests, writers], request)),
      'POST /api/v1/sites/:slug/groups': (request) =>
        reply(group('g3', 'Auditors', request.body as Partial<Group>), 201),
    })
    const row = (await screen.findByRole('rowheader', { name: 'Writers' })).closest('tr') as HTMLElement
    expect(within(row).getByRole('link', { name: 'Writers' })).toHaveAttribute(
      'href',
      '/site/demo-site/settings/group/g1/users',
    )
    expect(row).toHaveTextContent('Editor')
    expect(screen.getByRole('row', { name: /^Guests/ })).toHaveTextContent('Writers')
    const query = api.callsTo('GET /api/v1/sites/:slug/groups')[0]?.query
    expect([query?.get('page'), query?.get('includeInherited')]).toEqual(['0', 'true'])
    expect(await findAxeViolations()).toEqual([])

    await userEvent.click(screen.getByRole('button', { name: 'New group' }))
    const dialog = await screen.findByRole('dialog', { name: 'New group' })
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Auditors')
    within(dialog).getByRole('button', { name: /Role/ }).focus()
    await userEvent.keyboard('{Enter}')
    await userEvent.click(await screen.findByRole('option', { name: 'Admin' }))
    expect(await findAxeViolations(dialog)).toEqual([])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }))
    await waitFor(() => expect(api.callsTo('POST /api/v1/sites/:slug/groups')).toHaveLength(1))
    expect(api.callsTo('POST /api/v1/sites/:slug/groups')[0]?.body).toEqual({
      name: 'Auditors',
      role: 'admin',
    })
    expect(await screen.findByText('Group Auditors created.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('shows a taken name under the name field, and keeps the dialog open', async () => {
    const message = 'A group with this name already exists on this site.'
    renderGroups({
      'GET /api/v1/sites/:slug/groups': (request) => reply(groupsPage([group('g1', 'Writers')], request)),
      'POST /api/v1/sites/:slug/groups': () => fail(409, message, { errors: { name: message } }),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'New group' }))
    const dialog = await screen.findByRole('dialog', { name: 'New group' })
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'writers')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }))
    expect(await within(dialog).findByText(message)).toBeInTheDocument()
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveAttribute('aria-invalid', 'true')
  })

  it('deletes a group after a confirmation that says its subgroups go too', async () => {
    const { api } = renderGroups({
      'GET /api/v1/sites/:slug/groups': (request) =>
        reply(groupsPage([group('g1', 'Writers', { groupCount: 2 })], request)),
      'DELETE /api/v1/sites/:slug/group/:groupId': () => ({ status: 204 }),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Writers' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete group' })
    expect(dialog).toHaveTextContent('its 2 subgroups go with it')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete group' }))
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/sites/:slug/group/:groupId')).toHaveLength(1))
    expect(api.callsTo('DELETE /api/v1/sites/:slug/group/:groupId')[0]?.params.groupId).toBe('g1')
    expect(await screen.findByText('Group Writers deleted.')).toBeInTheDocument()
  })

  it("says 'Could not get groups.' when the list fails", async () => {
    renderGroups({ 'GET /api/v1/sites/:slug/groups': () => fail(500, 'boom') })
    expect(await screen.findByText('Could not get groups.')).toBeInTheDocument()
  })

  it('reads a 403 as no access to the groups', async () => {
    renderGroups({ 'GET /api/v1/sites/:slug/groups': () => fail(403, 'You need editor access') })
    expect(await screen.findByRole('heading', { name: "You don't have access to this site's groups." }))
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })
})

const WRITERS = group('g1', 'Writers', { role: 'editor', memberCount: 1, groupCount: 1 })
const site = (id: string, firstName: string): SiteUser => ({
  ...member(id, firstName),
  role: 'viewer',
  inherited: false,
  accountExpiry: null,
})

/** Every group of the site: Writers (g1) holds Guests, which holds Interns; Auditors is another top group. */
const ALL_GROUPS = [
  group('g4', 'Auditors'),
  group('g2', 'Guests', { parent: { id: 'g1', name: 'Writers' } }),
  group('g3', 'Interns', { parent: { id: 'g2', name: 'Guests' } }),
  WRITERS,
]

function renderGroup(tab: string, routes: Record<string, FakeHandler> = {}) {
  const api = installFakeApi({
    ...SITE_ROUTES,
    'GET /api/v1/sites/:slug/group/:groupId': reply(WRITERS),
    'GET /api/v1/sites/:slug/group/:groupId/users': (request) =>
      reply({
        items: [member('u1', 'Ann')],
        pageIndex: Number(request.query.get('page')),
        pageSize: 25,
        totalCount: 1,
      }),
    'GET /api/v1/sites/:slug/group/:groupId/groups': (request) =>
      reply(groupsPage([group('g2', 'Guests', { parent: { id: 'g1', name: 'Writers' } })], request)),
    'GET /api/v1/sites/:slug/groups': (request) => reply(groupsPage(ALL_GROUPS, request)),
    'GET /api/v1/sites/:slug/users': (request) => {
      const people = [site('u1', 'Ann'), site('u2', 'Bo')]
      const search = request.query.get('search') ?? ''
      const items = people.filter((person) => person.firstName.toLowerCase().includes(search.toLowerCase()))
      return reply({ items, pageIndex: 0, pageSize: 20, totalCount: items.length })
    },
    ...routes,
  })
  const rendered = renderSiteRoute(<GroupRoute />, {
    url: `/site/demo-site/settings/group/g1/${tab}`,
    path: 'settings/group/:groupId/:tabId?',
  })
  return { api, ...rendered }
}

describe('settings/group/:groupId/:tabId', () => {
  it('the users tab lists the members; a site user is found by name, picked and added; a member is removed', async () => {
    const { api } = renderGroup('users', {
      'POST /api/v1/sites/:slug/group/:groupId/users': reply(member('u2', 'Bo'), 201),
      'DELETE /api/v1/sites/:slug/group/:groupId/users/:userId': { status: 204 },
    })
    expect(await screen.findByRole('heading', { name: 'Writers', level: 1 })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByRole('row', { name: /Ann Tester/ })).toHaveTextContent('ann@example.com')
    expect(api.callsTo('GET /api/v1/sites/:slug/group/:groupId/users')[0]?.query.get('page')).toBe('0')
    expect(await findAxeViolations()).toEqual([])

    const picker = screen.getByRole('combobox', { name: /Add a user/ })
    await userEvent.type(picker, 'bo')
    await userEvent.click(await screen.findByRole('option', { name: /Bo Tester/ }, { timeout: 3000 }))
    await waitFor(() => expect(picker).toHaveValue('Bo Tester'))
    await userEvent.click(screen.getByRole('button', { name: 'Add to group' }))
    await waitFor(() => expect(api.callsTo('POST /api/v1/sites/:slug/group/:groupId/users')).toHaveLength(1))
    expect(api.callsTo('POST /api/v1/sites/:slug/group/:groupId/users')[0]?.body).toEqual({ userId: 'u2' })
    expect(await screen.findByText('Bo Tester was added to the group.')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Remove Ann Tester' }))
    await waitFor(() =>
      expect(api.callsTo('DELETE /api/v1/sites/:slug/group/:groupId/users/:userId')[0]?.params.userId).toBe(
        'u1',
      ),
    )
  })

  it('says so when no user was picked, and shows the server’s reason on the picker', async () => {
    const message = 'This user is already in the group.'
    renderGroup('users', {
      'POST /api/v1/sites/:slug/group/:groupId/users': fail(409, message, { errors: { userId: message } }),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Add to group' }))
    expect(await screen.findByText('Choose a user from the list first.')).toBeInTheDocument()
    await userEvent.type(screen.getByRole('combobox', { name: /Add a user/ }), 'ann')
    await userEvent.click(await screen.findByRole('option', { name: /Ann Tester/ }, { timeout: 3000 }))
    await userEvent.click(screen.getByRole('button', { name: 'Add to group' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
  })

  it('the groups tab lists the subgroups and creates one inside the group', async () => {
    const { api } = renderGroup('groups', {
      'POST /api/v1/sites/:slug/groups': reply(group('g3', 'Interns'), 201),
    })
    expect(await screen.findByRole('row', { name: /Guests/ })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Subgroups' })).toHaveAttribute('aria-selected', 'true')
    expect(await findAxeViolations()).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: 'New subgroup' }))
    const dialog = await screen.findByRole('dialog', { name: 'New subgroup' })
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: /Parent group/ })).toHaveTextContent('Writers'),
    )
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Interns')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }))
    await waitFor(() =>
      expect(api.callsTo('POST /api/v1/sites/:slug/groups')[0]?.body).toEqual({
        name: 'Interns',
        role: 'viewer',
        parentId: 'g1',
      }),
    )
  })

  it('the settings tab sends only what changed, shows the last-administrator refusal, and deletes', async () => {
    const lastAdmin = 'A site needs at least one administrator: make someone else an administrator first.'
    let puts = 0
    const { api, router } = renderGroup('settings', {
      'PUT /api/v1/sites/:slug/group/:groupId': (request) => {
        puts += 1
        return puts === 1
          ? reply({ ...WRITERS, ...(request.body as object) })
          : fail(409, lastAdmin, { errors: { role: lastAdmin } })
      },
      'DELETE /api/v1/sites/:slug/group/:groupId': () => ({ status: 204 }),
    })
    const name = await screen.findByRole('textbox', { name: /Name/ })
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled()
    await userEvent.clear(name)
    await userEvent.type(name, 'Authors')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(api.callsTo('PUT /api/v1/sites/:slug/group/:groupId')[0]?.body).toEqual({ name: 'Authors' }),
    )
    expect(await screen.findByText('Group saved.')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: /Role/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'Viewer' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText(lastAdmin)).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])

    await userEvent.click(screen.getByRole('button', { name: 'Delete group' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete group' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete group' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/site/demo-site/settings/groups'))
  })

  it('the settings tab moves the group under another parent: itself and its subgroups are not offered', async () => {
    const cycle = 'A group cannot be placed inside itself or one of its own subgroups.'
    let current = WRITERS
    const { api } = renderGroup('settings', {
      'GET /api/v1/sites/:slug/group/:groupId': () => reply(current),
      'PUT /api/v1/sites/:slug/group/:groupId': () => {
        if (current.parent) return fail(400, cycle, { errors: { parentId: cycle } })
        current = { ...WRITERS, parent: { id: 'g4', name: 'Auditors' } }
        return reply(current)
      },
    })
    const select = await screen.findByRole('button', { name: /Parent group/ })
    expect(select).toHaveTextContent('No parent (top level)')
    await waitFor(() => expect(select).toBeEnabled())
    select.focus()
    await userEvent.keyboard('{Enter}')
    const options = await screen.findAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual(['No parent (top level)', 'Auditors'])
    await userEvent.click(screen.getByRole('option', { name: 'Auditors' }))
    expect(await findAxeViolations()).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(api.callsTo('PUT /api/v1/sites/:slug/group/:groupId')[0]?.body).toEqual({ parentId: 'g4' }),
    )
    // The group read again sits under Auditors now: the header and the select say so.
    expect(await screen.findByText(/inside Auditors/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Parent group/ })).toHaveTextContent('Auditors')

    // Back to the top; a refusal of the server names the parent field and shows under it.
    await userEvent.click(screen.getByRole('button', { name: /Parent group/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'No parent (top level)' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(api.callsTo('PUT /api/v1/sites/:slug/group/:groupId')[1]?.body).toEqual({ parentId: null }),
    )
    expect(await screen.findByText(cycle)).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('a group that is not found says so, with the way back to the groups', async () => {
    renderGroup('users', {
      'GET /api/v1/sites/:slug/group/:groupId': fail(
        404,
        'No group of this site could be found with this ID.',
      ),
    })
    expect(
      await screen.findByRole('heading', {
        name: 'No group of this site could be found with this ID.',
        level: 1,
      }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the groups' })).toHaveAttribute(
      'href',
      '/site/demo-site/settings/groups',
    )
  })
})
