import type { Invite } from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { type FakeHandler, type FakeRequest, fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSection, makeSite, pageOf } from '@/testing/fixtures'
import { renderWithRouter } from '@/testing/render'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as SignedOutInviteRoute } from '../auth/invite'
import { Component as SignedInInviteRoute } from './invite'
import { Component as InvitesRoute } from './settings-invites'
import { Component as InvitesHistoryRoute } from './settings-invites-history'

const invite = (id: string, email: string, overrides: Partial<Invite> = {}): Invite => ({
  id,
  type: 'email',
  email,
  domain: null,
  role: 'viewer',
  created: '2026-11-20T10:00:00.000Z',
  expires: '2026-11-27T10:00:00.000Z',
  revoked: false,
  status: 'pending',
  ...overrides,
})

function renderScreen(element: ReactNode, path: string, routes: Record<string, FakeHandler>) {
  const api = installFakeApi({
    'GET /api/v1/sites/:slug': reply(makeSite({ firstScanCompleted: true })),
    'GET /api/v1/sites/:slug/sections': (request: FakeRequest) =>
      reply(pageOf([makeSection(1)], request.query)),
    ...routes,
  })
  return { ...renderSiteRoute(element, { url: `/site/demo-site/${path}`, path }), api }
}

describe('settings/invites', () => {
  it('sends an invite with a role, checks the address first, and revokes one after confirming', async () => {
    let invites = [invite('i1', 'ann@example.com')]
    const { api } = renderScreen(<InvitesRoute />, 'settings/invites', {
      'GET /api/v1/invites/:slug': (request: FakeRequest) => reply(pageOf(invites, request.query)),
      'POST /api/v1/invites/:slug': (request: FakeRequest) => {
        const body = request.body as { email: string; role: Invite['role'] }
        invites = [...invites, invite('i2', body.email, { role: body.role })]
        return reply(invites[1], 201)
      },
      'DELETE /api/v1/invites/:slug': () => reply({ ok: true }),
    })
    const table = await screen.findByRole('table')
    expect(await within(table).findByRole('row', { name: /ann@example.com/ })).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])

    await userEvent.click(screen.getByRole('button', { name: 'Send invite' }))
    expect(await screen.findByText('An email address is required')).toBeInTheDocument()
    await userEvent.type(screen.getByRole('textbox', { name: /Email address/ }), 'not-an-address')
    await userEvent.click(screen.getByRole('button', { name: 'Send invite' }))
    expect(await screen.findByText('A valid email address must be entered')).toBeInTheDocument()
    expect(api.callsTo('POST /api/v1/invites/:slug')).toHaveLength(0)

    await userEvent.clear(screen.getByRole('textbox', { name: /Email address/ }))
    await userEvent.type(screen.getByRole('textbox', { name: /Email address/ }), 'bo@example.com')
    const emailForm = screen.getByRole('form', { name: 'Invite by email' })
    await userEvent.click(within(emailForm).getByRole('button', { name: /Role/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'Editor' }))
    await userEvent.click(screen.getByRole('button', { name: 'Send invite' }))
    expect(await screen.findByText('Your email invite has been sent.')).toBeInTheDocument()
    expect(api.callsTo('POST /api/v1/invites/:slug')[0]?.body).toEqual({
      type: 'email',
      email: 'bo@example.com',
      role: 'editor',
    })
  }, 30_000)

  it('revokes an invite after the confirmation, and the row says so', async () => {
    const { api } = renderScreen(<InvitesRoute />, 'settings/invites', {
      'GET /api/v1/invites/:slug': (request: FakeRequest) =>
        reply(pageOf([invite('i1', 'ann@example.com')], request.query)),
      'DELETE /api/v1/invites/:slug': () => reply({ ok: true }),
    })
    const table = await screen.findByRole('table')
    const row = await within(table).findByRole('row', { name: /ann@example.com/ })
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke invite: ann@example.com' }))
    const dialog = await screen.findByRole('dialog', { name: 'Revoke invite' })
    expect(await findAxeViolations()).toEqual([])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke invite' }))
    await waitFor(() => expect(within(row).getByText('Invite revoked')).toBeInTheDocument())
    expect(api.callsTo('DELETE /api/v1/invites/:slug')[0]?.body).toEqual({ id: 'i1' })
  }, 30_000)

  it('shows the server message on the field when the address is in use, and a failed revoke on its row', async () => {
    renderScreen(<InvitesRoute />, 'settings/invites', {
      'GET /api/v1/invites/:slug': (request: FakeRequest) =>
        reply(pageOf([invite('i1', 'ann@example.com')], request.query)),
      'POST /api/v1/invites/:slug': () =>
        fail(409, 'This email address is already in use.', {
          errors: { email: 'This email address is already in use.' },
        }),
      'DELETE /api/v1/invites/:slug': () => fail(404, 'gone'),
    })
    const table = await screen.findByRole('table')
    await userEvent.type(screen.getByRole('textbox', { name: /Email address/ }), 'ann@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Send invite' }))
    expect(await screen.findByText('This email address is already in use.')).toBeInTheDocument()
    const row = await within(table).findByRole('row', { name: /ann@example.com/ })
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke invite: ann@example.com' }))
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke invite' }),
    )
    expect(await within(row).findByText('There was an error revoking the invite.')).toBeInTheDocument()
  }, 30_000)
})

describe('settings/invites: link invites', () => {
  const link = 'http://canopy.test/invites/secret-token?siteAlias=demo-site'

  it('creates a link for a domain with a role, shows it once with a copy button, and lists and revokes it', async () => {
    let invites = [invite('i1', 'ann@example.com')]
    const { api } = renderScreen(<InvitesRoute />, 'settings/invites', {
      'GET /api/v1/invites/:slug': (request: FakeRequest) => reply(pageOf(invites, request.query)),
      'POST /api/v1/invites/:slug': () => {
        const created = invite('i2', '', {
          type: 'link',
          email: null,
          domain: 'partner.example',
          role: 'editor',
        })
        invites = [...invites, created]
        return reply({ ...created, link }, 201)
      },
      'DELETE /api/v1/invites/:slug': () => reply({ ok: true }),
    })
    const user = userEvent.setup()
    await screen.findByRole('table')
    const form = screen.getByRole('form', { name: 'Invite link' })
    await user.type(within(form).getByRole('textbox', { name: /Email domain/ }), '@Partner.example')
    await user.click(within(form).getByRole('button', { name: /Role for the link/ }))
    await user.click(await screen.findByRole('option', { name: 'Editor' }))
    await user.click(within(form).getByRole('button', { name: 'Create invite link' }))

    const dialog = await screen.findByRole('dialog', { name: 'Invite link created' })
    expect(api.callsTo('POST /api/v1/invites/:slug')[0]?.body).toEqual({
      type: 'link',
      domain: '@Partner.example',
      role: 'editor',
    })
    expect(within(dialog).getByRole('textbox', { name: 'Invite link' })).toHaveValue(link)
    expect(await findAxeViolations()).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }))
    expect(await navigator.clipboard.readText()).toBe(link)
    expect(await screen.findByText('Link copied')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    const row = await screen.findByRole('row', { name: /Invite link: addresses on partner.example/ })
    expect(within(row).getByText('Editor')).toBeInTheDocument()
    await user.click(
      within(row).getByRole('button', { name: 'Revoke invite: Invite link: addresses on partner.example' }),
    )
    const confirm = await screen.findByRole('dialog', { name: 'Revoke invite' })
    expect(confirm).toHaveTextContent('The invite link for addresses on partner.example will stop working.')
    await user.click(within(confirm).getByRole('button', { name: 'Revoke invite' }))
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/invites/:slug')[0]?.body).toEqual({ id: 'i2' }))
  }, 30_000)

  it('shows the server message on the domain field', async () => {
    const message =
      'Enter an email domain such as example.com, or leave it empty to let anyone with the link join.'
    renderScreen(<InvitesRoute />, 'settings/invites', {
      'GET /api/v1/invites/:slug': (request: FakeRequest) => reply(pageOf([], request.query)),
      'POST /api/v1/invites/:slug': () => fail(400, `domain: ${message}`, { errors: { domain: message } }),
    })
    const form = await screen.findByRole('form', { name: 'Invite link' })
    await userEvent.type(within(form).getByRole('textbox', { name: /Email domain/ }), 'nodot')
    await userEvent.click(within(form).getByRole('button', { name: 'Create invite link' }))
    expect(await within(form).findByText(message)).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  }, 30_000)
})

describe('settings/invites-history', () => {
  it('lists the invites no longer active with their status', async () => {
    const { api } = renderScreen(<InvitesHistoryRoute />, 'settings/invites-history', {
      'GET /api/v1/invites/:slug': (request: FakeRequest) =>
        reply(pageOf([invite('i1', 'old@example.com', { status: 'expired' })], request.query)),
    })
    const row = await screen.findByRole('row', { name: /old@example.com/ })
    expect(within(row).getByText('Expired')).toBeInTheDocument()
    expect(api.callsTo('GET /api/v1/invites/:slug')[0]?.query.get('active')).toBe('false')
    expect(await findAxeViolations()).toEqual([])
  })
})

const publicInvite = { type: 'email', detail: 'new@example.com', siteName: 'River Bend' }

describe('the invite page', () => {
  it('signed in: accepts the invite', async () => {
    const api = installFakeApi({
      'GET /api/v1/invites/:slug/:token': reply(publicInvite),
      'GET /api/v1/invites/:slug/:token/accept': reply({ ok: true }),
    })
    renderWithRouter(<SignedInInviteRoute />, {
      url: '/invites/tok?siteAlias=river-bend',
      path: 'invites/:token',
    })
    expect(await screen.findByText('You have been invited to join River Bend on Canopy.')).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: 'Accept invite' }))
    await waitFor(() => expect(api.callsTo('GET /api/v1/invites/:slug/:token/accept')).toHaveLength(1))
    expect(screen.getByRole('button', { name: 'Decline invite' })).toBeInTheDocument()
  })

  it('shows the spec message for an invite that does not exist or expired', async () => {
    installFakeApi({ 'GET /api/v1/invites/:slug/:token': fail(404, 'gone') })
    renderWithRouter(<SignedInInviteRoute />, {
      url: '/invites/tok?siteAlias=river-bend',
      path: 'invites/:token',
    })
    expect(
      await screen.findByText(
        "Sorry, this invite doesn't exist or has expired. Please contact your organisation's administrator to get access, or log in if you already have access.",
      ),
    ).toBeInTheDocument()
  })

  it('signed out: registers with the invited address (not editable) and sends the invite with it', async () => {
    const api = installFakeApi({
      'GET /api/v1/invites/:slug/:token': reply(publicInvite),
      'POST /account/register': reply({ signedIn: false, user: null }),
    })
    renderWithRouter(<SignedOutInviteRoute />, {
      url: '/invites/tok?siteAlias=river-bend',
      path: 'invites/:token',
    })
    const email = await screen.findByRole('textbox', { name: /^Email/ })
    expect(email).toHaveValue('new@example.com')
    expect(email).toBeDisabled()
    expect(await findAxeViolations()).toEqual([])
    await userEvent.type(screen.getByRole('textbox', { name: /First name/ }), 'Nia')
    await userEvent.type(screen.getByRole('textbox', { name: /Surname/ }), 'Okafor')
    await userEvent.type(screen.getByLabelText(/^Password/), 'Correct-Horse-Battery-9')
    await userEvent.type(screen.getByLabelText(/Confirm password/), 'Correct-Horse-Battery-9')
    await userEvent.click(screen.getByRole('button', { name: 'Register' }))
    await waitFor(() => expect(api.callsTo('POST /account/register')).toHaveLength(1))
    expect(api.callsTo('POST /account/register')[0]?.body).toMatchObject({
      email: 'new@example.com',
      invite: { token: 'tok', siteAlias: 'river-bend' },
    })
  }, 30_000)

  it('signed out, a link invite for a domain: says so, and refuses an address off the domain', async () => {
    const api = installFakeApi({
      'GET /api/v1/invites/:slug/:token': reply({
        type: 'link',
        detail: 'partner.example',
        siteName: 'River Bend',
      }),
    })
    renderWithRouter(<SignedOutInviteRoute />, {
      url: '/invites/tok?siteAlias=river-bend',
      path: 'invites/:token',
    })
    expect(
      await screen.findByText('The invite is for addresses on the partner.example domain.'),
    ).toBeInTheDocument()
    const email = screen.getByRole('textbox', { name: /^Email/ })
    expect(email).toBeEnabled()
    await userEvent.type(email, 'kai@elsewhere.example')
    await userEvent.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByText('Your email must be on the partner.example domain')).toBeInTheDocument()
    expect(api.callsTo('POST /account/register')).toHaveLength(0)
  }, 30_000)

  it('a link invite for anyone says so', async () => {
    installFakeApi({
      'GET /api/v1/invites/:slug/:token': reply({ type: 'link', detail: '', siteName: 'River Bend' }),
    })
    renderWithRouter(<SignedInInviteRoute />, {
      url: '/invites/tok?siteAlias=river-bend',
      path: 'invites/:token',
    })
    expect(await screen.findByText('Anyone with this link may join.')).toBeInTheDocument()
  })

  it('signed out: offers logging in to accept', async () => {
    installFakeApi({ 'GET /api/v1/invites/:slug/:token': reply(publicInvite) })
    renderWithRouter(<SignedOutInviteRoute />, {
      url: '/invites/tok?siteAlias=river-bend',
      path: 'invites/:token',
    })
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Already have an account? Log in with it to accept the invite.',
      }),
    )
    expect(await screen.findByRole('button', { name: 'Next' })).toBeInTheDocument()
  })
})
