import { describePermissions, type SiteRole, type SiteUser, type SiteUserDetail } from '@canopy/contracts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { writeFeatureFlags } from '@/lib/feature-flags'
import { findAxeViolations } from '@/testing/axe'
import { type FakeHandler, type FakeRequest, fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSection, makeSite, pageOf } from '@/testing/fixtures'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as PermissionsRoute } from './settings-permissions'
import { Component as UserRoute } from './settings-user'
import { Component as UsersRoute } from './settings-users'

const user = (id: string, firstName: string, overrides: Partial<SiteUser> = {}): SiteUser => ({
  id,
  firstName,
  lastName: 'Tester',
  email: `${firstName.toLowerCase()}@example.com`,
  role: 'viewer',
  inherited: false,
  accountExpiry: null,
  ...overrides,
})

function renderUsers(users: SiteUser[], onPut: FakeHandler, role: SiteRole = 'admin') {
  const api = installFakeApi({
    'GET /api/v1/sites/:slug': reply(makeSite({ firstScanCompleted: true, role })),
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
    'DELETE /api/v1/sites/:slug/users/:userId': () => reply(undefined, 204),
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
      reply({
        ...people[1],
        role: (request.body as { role: string }).role,
        directRole: (request.body as { role: string }).role,
        isMember: true,
        groups: [],
        accountExpiry: null,
        productNewsConsent: false,
        productNewsConsentAt: null,
      }),
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

describe('settings/users: rows and roles', () => {
  it('leads from each row to the user’s detail, and removes a member only after confirming', async () => {
    const people = [user('u1', 'Ann', { role: 'admin' }), user('u2', 'Bo')]
    const api = renderUsers(people, () => reply(null))
    const row = await screen.findByRole('row', { name: /Bo Tester/ })
    expect(within(row).getByRole('link', { name: 'Bo Tester' })).toHaveAttribute(
      'href',
      '/site/demo-site/settings/user/u2',
    )
    await userEvent.click(within(row).getByRole('button', { name: 'Remove Bo Tester' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove from site' })
    expect(dialog).toHaveTextContent('Bo Tester will no longer see Canopy Demo Site')
    expect(api.callsTo('DELETE /api/v1/sites/:slug/users/:userId')).toHaveLength(0)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove from site' }))
    expect(await screen.findByText('Bo Tester was removed from the site.')).toBeInTheDocument()
    expect(api.callsTo('DELETE /api/v1/sites/:slug/users/:userId')[0]?.params.userId).toBe('u2')
  })

  it('is read-only for an editor: roles as text, no Remove', async () => {
    renderUsers([user('u1', 'Ann', { role: 'admin' }), user('u2', 'Bo')], () => reply(null), 'editor')
    const row = await screen.findByRole('row', { name: /Bo Tester/ })
    expect(within(row).queryByRole('button')).not.toBeInTheDocument()
    expect(within(row).getByText('Viewer')).toBeInTheDocument()
    expect(
      screen.getByText("Only the site's administrators can change roles and remove users."),
    ).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })
})

const detail = (overrides: Partial<SiteUserDetail> = {}): SiteUserDetail => ({
  ...user('u2', 'Bo'),
  isMember: true,
  directRole: 'viewer',
  groups: [{ id: 'g1', name: 'Web team', role: 'editor', through: null }],
  role: 'editor',
  accountExpiry: null,
  productNewsConsent: false,
  productNewsConsentAt: null,
  ...overrides,
})

function renderDetail(
  shown: SiteUserDetail,
  {
    role = 'admin',
    onPut = () => reply(shown),
    current = () => shown,
  }: { role?: SiteRole; onPut?: FakeHandler; current?: () => SiteUserDetail } = {},
) {
  const api = installFakeApi({
    'GET /api/v1/sites/:slug': reply(makeSite({ firstScanCompleted: true, role })),
    'GET /api/v1/sites/:slug/sections': (request: FakeRequest) =>
      reply(pageOf([makeSection(1)], request.query)),
    'GET /api/v1/sites/:slug/users/:userId': () => reply(current()),
    'PUT /api/v1/sites/:slug/users/:userId': onPut,
    'DELETE /api/v1/sites/:slug/users/:userId': () => reply(undefined, 204),
  })
  const rendered = renderSiteRoute(<UserRoute />, {
    url: `/site/demo-site/settings/user/${shown.id}`,
    path: 'settings/user/:userId',
  })
  return { api, ...rendered }
}

describe('settings/user/:userId', () => {
  it('shows the user’s photo, name, address, own role and their groups’ roles, and changes the own role', async () => {
    const { api } = renderDetail(detail(), {
      onPut: (request) => reply(detail({ directRole: (request.body as { role: SiteRole }).role })),
    })
    expect(await screen.findByRole('heading', { name: 'Bo Tester', level: 1 })).toBeInTheDocument()
    const profile = screen.getByRole('region', { name: 'Personal details' })
    // The username is the e-mail address; both are facts, not fields.
    expect(within(profile).getByText('E-mail').nextSibling).toHaveTextContent('bo@example.com')
    expect(within(profile).getByText('Username').nextSibling).toHaveTextContent('bo@example.com')
    expect(within(profile).queryByRole('textbox')).not.toBeInTheDocument()
    expect(document.querySelector('img')?.getAttribute('src')).toMatch(/\/api\/v1\/avatars\/u2\?size=96$/)
    const groups = screen.getByRole('table', { name: 'The groups that give them a role on this site' })
    const row = within(groups).getByRole('row', { name: /Web team/ })
    expect(row).toHaveTextContent('Editor')
    expect(row).toHaveTextContent('Member of the group')
    expect(within(row).getByRole('link', { name: 'Web team' })).toHaveAttribute(
      'href',
      '/site/demo-site/settings/group/g1/users',
    )
    expect(await findAxeViolations()).toEqual([])

    screen.getByRole('button', { name: /Their own role on this site/ }).focus()
    await userEvent.keyboard('{Enter}')
    await userEvent.click(await screen.findByRole('option', { name: 'Admin' }))
    await waitFor(() => expect(api.callsTo('PUT /api/v1/sites/:slug/users/:userId')).toHaveLength(1))
    expect(api.callsTo('PUT /api/v1/sites/:slug/users/:userId')[0]?.body).toEqual({ role: 'admin' })
    expect(await screen.findByText('Bo Tester is now Admin.')).toBeInTheDocument()
  })

  it('shows the last administrator’s refusal, and removes after the confirmation', async () => {
    const message = 'A site needs at least one administrator: make someone else an administrator first.'
    const { api, router } = renderDetail(detail({ directRole: 'admin', role: 'admin', groups: [] }), {
      onPut: () => fail(409, message),
    })
    await userEvent.click(await screen.findByRole('button', { name: /Their own role on this site/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'Viewer' }))
    // (A toast of the list's test above may still show the same words: look in the screen's own section.)
    const access = screen.getByRole('region', { name: 'Access to this site' })
    expect(await within(access).findByRole('alert')).toHaveTextContent(message)
    expect(within(access).getByText('They are not in any group of this site.')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Remove from site' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove from site' })
    expect(await findAxeViolations()).toEqual([])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove from site' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/site/demo-site/settings/users'))
    expect(api.callsTo('DELETE /api/v1/sites/:slug/users/:userId')).toHaveLength(1)
  })

  it('is read-only for an editor: the roles in words, no role select, no Remove', async () => {
    renderDetail(detail(), { role: 'editor' })
    expect(await screen.findByRole('heading', { name: 'Bo Tester', level: 1 })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /own role/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Remove from site' })).not.toBeInTheDocument()
    const access = screen.getByRole('region', { name: 'Access to this site' })
    expect(within(access).getByText('Their own role').nextSibling).toHaveTextContent('Viewer')
    expect(within(access).getByText('Role on this site').nextSibling).toHaveTextContent('Editor')
    expect(await findAxeViolations()).toEqual([])
  })

  it('tells a role from a group the user is in through a subgroup, with links to both groups', async () => {
    const groups: SiteUserDetail['groups'] = [
      { id: 'g2', name: 'Interns', role: 'viewer', through: null },
      { id: 'g3', name: 'Administrators', role: 'admin', through: { id: 'g2', name: 'Interns' } },
    ]
    renderDetail(detail({ directRole: null, isMember: false, role: 'admin', groups }))
    const table = await screen.findByRole('table', { name: 'The groups that give them a role on this site' })
    const inherited = within(table).getByRole('row', { name: /Administrators/ })
    expect(inherited).toHaveTextContent('Admin')
    expect(inherited).toHaveTextContent('Through its subgroup Interns')
    expect(within(inherited).getByRole('link', { name: 'Administrators' })).toHaveAttribute(
      'href',
      '/site/demo-site/settings/group/g3/users',
    )
    expect(within(inherited).getByRole('link', { name: 'Interns' })).toHaveAttribute(
      'href',
      '/site/demo-site/settings/group/g2/users',
    )
    expect(await findAxeViolations()).toEqual([])
  })

  it('says when the user cannot be found, and when the data cannot be loaded', async () => {
    installFakeApi({
      'GET /api/v1/sites/:slug': reply(makeSite({ firstScanCompleted: true })),
      'GET /api/v1/sites/:slug/sections': (request: FakeRequest) =>
        reply(pageOf([makeSection(1)], request.query)),
      'GET /api/v1/sites/:slug/users/:userId': (request: FakeRequest) =>
        request.params.userId === 'gone'
          ? fail(404, 'No user of this site could be found with this ID.')
          : fail(500, 'boom'),
    })
    const first = renderSiteRoute(<UserRoute />, {
      url: '/site/demo-site/settings/user/gone',
      path: 'settings/user/:userId',
    })
    expect(await screen.findByRole('heading', { name: 'User not found', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('No user of this site could be found with this ID.')).toBeInTheDocument()
    first.unmount()
    renderSiteRoute(<UserRoute />, { url: '/site/demo-site/settings/user/u9', path: 'settings/user/:userId' })
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong.', level: 1 }),
    ).toBeInTheDocument()
  })
})

describe('settings/user/:userId: tabs and the account’s disabled fields', () => {
  it('shows Admin on (disabled) for an admin, the sections, and no expiry field without its flag', async () => {
    renderDetail(detail({ role: 'admin', accountExpiry: '2027-03-01T12:00:00.000Z' }))
    const account = await screen.findByRole('region', { name: 'Account' })
    const admin = within(account).getByRole('switch', { name: 'Admin' })
    expect(admin).toBeChecked()
    expect(admin).toBeDisabled()
    expect(within(account).getByText('Given by the role above.')).toBeInTheDocument()
    const sections = within(account).getByRole('textbox', { name: 'Sections' })
    expect(sections).toBeDisabled()
    expect(sections).toHaveValue('All sections')
    expect(within(account).queryByRole('textbox', { name: 'Account expiry' })).not.toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('shows an editor the account expiry with the user-account-expiry flag on: the date, or No expiry', async () => {
    writeFeatureFlags({ 'user-account-expiry': true })
    const first = renderDetail(detail({ role: 'viewer', accountExpiry: '2027-03-01T12:00:00.000Z' }), {
      role: 'editor',
    })
    const account = await screen.findByRole('region', { name: 'Account' })
    expect(within(account).getByRole('switch', { name: 'Admin' })).not.toBeChecked()
    const expiry = within(account).getByRole('textbox', { name: 'Account expiry' })
    expect(expiry).toBeDisabled()
    expect(expiry).toHaveValue('1 Mar 2027')
    expect(await findAxeViolations()).toEqual([])
    first.unmount()
    renderDetail(detail(), { role: 'editor' })
    expect(await screen.findByRole('textbox', { name: 'Account expiry' })).toHaveValue('No expiry')
  })

  it('switches to Marketing preferences by keyboard: the consent with its date, read-only', async () => {
    renderDetail(detail({ productNewsConsent: true, productNewsConsentAt: '2026-11-20T10:00:00.000Z' }))
    const details = await screen.findByRole('tab', { name: 'Personal details' })
    expect(details).toHaveAttribute('aria-selected', 'true')
    details.focus()
    await userEvent.keyboard('{ArrowRight}')
    const marketing = screen.getByRole('tab', { name: 'Marketing preferences' })
    expect(marketing).toHaveAttribute('aria-selected', 'true')
    const panel = screen.getByRole('tabpanel', { name: 'Marketing preferences' })
    expect(within(panel).getByText('Product news e-mails').nextSibling).toHaveTextContent(
      'Yes, since 20 Nov 2026',
    )
    expect(within(panel).queryByRole('checkbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Access to this site' })).not.toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
    await userEvent.keyboard('{ArrowLeft}')
    expect(screen.getByRole('region', { name: 'Access to this site' })).toBeInTheDocument()
  })

  it('says No for a user who has not given the consent', async () => {
    renderDetail(detail())
    await userEvent.click(await screen.findByRole('tab', { name: 'Marketing preferences' }))
    const panel = screen.getByRole('tabpanel', { name: 'Marketing preferences' })
    expect(within(panel).getByText('Product news e-mails').nextSibling).toHaveTextContent(/^No$/)
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

describe('settings/user/:userId: an admin sets the account expiry (user-account-expiry flag on)', () => {
  it('sets a day (the account works through its end), shows it, and removes it', async () => {
    writeFeatureFlags({ 'user-account-expiry': true })
    let shown = detail()
    const { api } = renderDetail(shown, {
      onPut: (request) => {
        shown = detail({ accountExpiry: (request.body as { accountExpiry: string | null }).accountExpiry })
        return reply(shown)
      },
      current: () => shown,
    })
    const form = await screen.findByRole('form', { name: 'Account expiry' })
    const field = within(form).getByLabelText('Account expiry')
    expect(field).toHaveAttribute('type', 'date')
    expect(within(form).getByText(/Currently: No expiry/)).toBeInTheDocument()
    expect(within(form).queryByRole('button', { name: 'Remove expiry' })).not.toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])

    await userEvent.click(within(form).getByRole('button', { name: 'Save expiry' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('Choose a date, or use Remove expiry.')
    expect(api.callsTo('PUT /api/v1/sites/:slug/users/:userId')).toHaveLength(0)

    fireEvent.change(field, { target: { value: '2027-03-01' } })
    await userEvent.click(within(form).getByRole('button', { name: 'Save expiry' }))
    await waitFor(() => expect(api.callsTo('PUT /api/v1/sites/:slug/users/:userId')).toHaveLength(1))
    const sent = api.callsTo('PUT /api/v1/sites/:slug/users/:userId')[0]?.body as { accountExpiry: string }
    expect(sent).toEqual({ accountExpiry: new Date('2027-03-01T23:59:59').toISOString() })
    expect(
      await screen.findByText("Bo Tester's account expires at the end of 1 Mar 2027."),
    ).toBeInTheDocument()

    await userEvent.click(await within(form).findByRole('button', { name: 'Remove expiry' }))
    await waitFor(() => expect(api.callsTo('PUT /api/v1/sites/:slug/users/:userId')).toHaveLength(2))
    expect(api.callsTo('PUT /api/v1/sites/:slug/users/:userId')[1]?.body).toEqual({ accountExpiry: null })
    expect(await screen.findByText("Bo Tester's account no longer expires.")).toBeInTheDocument()
  })

  it("shows the API's refusal for the field, announced", async () => {
    writeFeatureFlags({ 'user-account-expiry': true })
    renderDetail(detail(), {
      onPut: () =>
        reply(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'accountExpiry: The account expiry must be a date and time in the future.',
            errors: { accountExpiry: 'The account expiry must be a date and time in the future.' },
          },
          400,
        ),
    })
    const form = await screen.findByRole('form', { name: 'Account expiry' })
    fireEvent.change(within(form).getByLabelText('Account expiry'), { target: { value: '2020-01-01' } })
    await userEvent.click(within(form).getByRole('button', { name: 'Save expiry' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      /^The account expiry must be a date and time in the future\.$/,
    )
    expect(await findAxeViolations()).toEqual([])
  })

  it('adds an Account expiry column to the users list', async () => {
    writeFeatureFlags({ 'user-account-expiry': true })
    renderUsers([user('u1', 'Ann', { accountExpiry: '2027-03-01T12:00:00.000Z' }), user('u2', 'Bo')], () =>
      reply(null),
    )
    expect(await screen.findByRole('columnheader', { name: 'Account expiry' })).toBeInTheDocument()
    expect(screen.getByRole('cell', { name: '1 Mar 2027' })).toBeInTheDocument()
    expect(screen.getByRole('cell', { name: 'No expiry' })).toBeInTheDocument()
  })
})
