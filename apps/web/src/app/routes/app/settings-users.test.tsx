import { describePermissions, type SiteUser } from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { type FakeHandler, type FakeRequest, fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSection, makeSite, pageOf } from '@/testing/fixtures'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as PermissionsRoute } from './settings-permissions'
import { Component as UsersRoute } from './settings-users'

const user = (id: string, firstName: string, overrides: Partial<SiteUser> = {}): SiteUser => ({
  id,
  firstName,
  lastName: 'Tester',
  email: `${firstName.toLowerCase()}@example.com`,
  role: 'viewer',
  inherited: false,
  ...overrides,
})

function renderUsers(users: SiteUser[], onPut: FakeHandler) {
  const api = installFakeApi({
    'GET /api/v1/sites/:slug': reply(makeSite({ firstScanCompleted: true })),
    'GET /api/v1/sites/:slug/sections': (request: FakeRequest) =>
      reply(pageOf([makeSection(1)], request.query)),
    'GET /api/v1/sites/:slug/users': (request: FakeRequest) =>
      reply({
        items: users,
        pageIndex: Number(request.query.get('page')),
        pageSize: 25,
        totalCount: users.length,
      }),
    'PUT /api/v1/sites/:slug/users/:userId': onPut,
    'DELETE /api/v1/sites/:slug/users/:userId': () => reply(null, 204),
  })
  renderSiteRoute(<UsersRoute />, { url: '/site/demo-site/settings/users', path: 'settings/users' })
  return api
}

describe('settings/users', () => {
  it('lists the users with their roles from page zero, and changes a member’s role by keyboard', async () => {
    const people = [
      user('u1', 'Ann', { role: 'admin' }),
      user('u2', 'Bo'),
      user('u3', 'Cy', { inherited: true, role: 'editor' }),
    ]
    const api = renderUsers(people, (request) =>
      reply({ ...people[1], role: (request.body as { role: string }).role, isMember: true, groups: [] }),
    )
    const row = await screen.findByRole('row', { name: /Bo Tester/ })
    const query = api.callsTo('GET /api/v1/sites/:slug/users')[0]?.query
    expect([query?.get('page'), query?.get('includeInherited')]).toEqual(['0', 'true'])
    const grouped = screen.getByRole('row', { name: /Cy Tester/ })
    expect(grouped).toHaveTextContent('Through a group')
    expect(within(grouped).queryByRole('button')).not.toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])

    within(row)
      .getByRole('button', { name: /Role of Bo Tester/ })
      .focus()
    await userEvent.keyboard('{Enter}')
    await userEvent.click(await screen.findByRole('option', { name: 'Editor' }))
    await waitFor(() => expect(api.callsTo('PUT /api/v1/sites/:slug/users/:userId')).toHaveLength(1))
    expect(api.callsTo('PUT /api/v1/sites/:slug/users/:userId')[0]?.body).toEqual({ role: 'editor' })
    expect(await screen.findByText('Bo Tester is now Editor.')).toBeInTheDocument()
  })

  it('says why a change is refused (the last administrator)', async () => {
    const message = 'A site needs at least one administrator: make someone else an administrator first.'
    renderUsers([user('u1', 'Ann', { role: 'admin' })], () => fail(409, message))
    const row = await screen.findByRole('row', { name: /Ann Tester/ })
    await userEvent.click(within(row).getByRole('button', { name: /Role of Ann Tester/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'Viewer' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
  })
})

describe('settings/permissions', () => {
  it('shows what each role may do, from the API, as a table', async () => {
    installFakeApi({
      'GET /api/v1/sites/:slug': reply(makeSite({ firstScanCompleted: true })),
      'GET /api/v1/sites/:slug/sections': (request: FakeRequest) =>
        reply(pageOf([makeSection(1)], request.query)),
      'GET /api/v1/sites/:slug/permissions': reply(describePermissions('admin')),
    })
    renderSiteRoute(<PermissionsRoute />, {
      url: '/site/demo-site/settings/permissions',
      path: 'settings/permissions',
    })
    const row = await screen.findByRole('row', { name: /Start a scan/ })
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['No', 'Yes', 'Yes'])
    expect(screen.getByText(/Your role on this site: Admin/)).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })
})
