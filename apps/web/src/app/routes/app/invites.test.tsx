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
  email,
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
    await userEvent.click(screen.getByRole('button', { name: /Role/ }))
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
