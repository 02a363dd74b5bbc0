import type { ScanLogin } from '@canopy/contracts'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { type FakeHandler, fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSite } from '@/testing/fixtures'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as ScanLoginRoute } from './settings-scan-login'

const UNSET: ScanLogin = { kind: null, form: null, cookies: null, updatedAt: null }

const STORED: ScanLogin = {
  kind: 'form',
  form: {
    loginUrl: 'http://127.0.0.1:8090/members/login',
    usernameSelector: '#member-email',
    passwordSelector: '#member-password',
    submitSelector: 'button[type=submit]',
    successCheck: { kind: 'text', value: 'Signed in as' },
    usernameSet: true,
    passwordSet: true,
  },
  cookies: null,
  updatedAt: '2026-11-26T18:00:00.000Z',
}

/** Pasted rather than typed: quicker, and user-event would read [ as a key name. */
async function fill(events: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await events.click(field)
  await events.paste(text)
}

function renderScreen(routes: Record<string, FakeHandler>, site = makeSite({ hasAdminAccess: true })) {
  const api = installFakeApi({ 'GET /api/v1/sites/:slug': reply(site), ...routes })
  renderSiteRoute(<ScanLoginRoute />, {
    url: '/site/demo-site/settings/scan-login',
    path: 'settings/scan-login',
  })
  return api
}

describe('settings/scan-login', () => {
  it("shows the API's 400 beside its field", async () => {
    renderScreen({
      'GET /api/v1/sites/:slug/scan-login': reply(UNSET),
      'PUT /api/v1/sites/:slug/scan-login': fail(400, 'form.password: Enter the password.', {
        errors: { 'form.password': 'Enter the password.' },
      }),
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Scanning behind a login' }),
    ).toBeInTheDocument()
    expect(await screen.findByText('Scans do not sign in.')).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    const password = screen.getByLabelText('Password')
    expect(await screen.findAllByText('Enter the password.')).not.toHaveLength(0)
    expect(password).toHaveAttribute('aria-invalid', 'true')
  })

  it('records a login form and never shows the secrets back', async () => {
    const api = renderScreen({
      'GET /api/v1/sites/:slug/scan-login': reply(UNSET),
      'PUT /api/v1/sites/:slug/scan-login': reply(STORED),
    })
    const events = userEvent.setup()
    await fill(events, await screen.findByLabelText(/Login page address/), STORED.form?.loginUrl ?? '')
    await fill(events, screen.getByLabelText(/Username field selector/), '#member-email')
    await fill(events, screen.getByLabelText(/Password field selector/), '#member-password')
    await fill(events, screen.getByLabelText(/Submit button selector/), 'button[type=submit]')
    await fill(events, screen.getByLabelText(/Text shown once signed in/), 'Signed in as')
    await fill(events, screen.getByLabelText('Username'), 'councillor@riverbend.gov.uk')
    await fill(events, screen.getByLabelText('Password'), 'river-bend-2026')
    await events.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Scans sign in with a login form.')).toBeInTheDocument()
    expect(api.callsTo('PUT /api/v1/sites/:slug/scan-login')[0]?.body).toEqual({
      kind: 'form',
      form: {
        loginUrl: 'http://127.0.0.1:8090/members/login',
        usernameSelector: '#member-email',
        passwordSelector: '#member-password',
        submitSelector: 'button[type=submit]',
        successCheck: { kind: 'text', value: 'Signed in as' },
        username: 'councillor@riverbend.gov.uk',
        password: 'river-bend-2026',
      },
    })
    expect(screen.getByLabelText('Password')).toHaveValue('')
    expect(screen.getAllByText('Set. Leave blank to keep the stored password.')).not.toHaveLength(0)
  })

  it('tests the stored sign-in and shows what the worker said', async () => {
    renderScreen({
      'GET /api/v1/sites/:slug/scan-login': reply(STORED),
      'POST /api/v1/sites/:slug/scan-login/test': reply({
        ok: false,
        message: 'Could not sign in to scan the site: after submitting the login form, no text showed',
      }),
    })
    const events = userEvent.setup()
    await events.click(await screen.findByRole('button', { name: 'Test sign-in' }))
    const status = await screen.findByText(/Could not sign in to scan the site/)
    expect(within(status).getByText('Sign-in failed.')).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('switches to a cookie set by keyboard and sends its cookies', async () => {
    const api = renderScreen({
      'GET /api/v1/sites/:slug/scan-login': reply(UNSET),
      'PUT /api/v1/sites/:slug/scan-login': reply({
        ...UNSET,
        kind: 'cookies',
        cookies: [{ name: 'rb_member_session', domain: '127.0.0.1', path: '/', valueSet: true }],
        updatedAt: '2026-11-26T18:00:00.000Z',
      }),
    })
    const events = userEvent.setup()
    await events.click(await screen.findByRole('tab', { name: 'A login form' }))
    await events.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'A cookie set' })).toHaveAttribute('aria-selected', 'true')
    await fill(events, screen.getByLabelText(/^Name/), 'rb_member_session')
    await fill(events, screen.getByLabelText(/^Value/), 'session-value')
    expect(await findAxeViolations()).toEqual([])
    await events.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Scans sign in with a cookie set.')).toBeInTheDocument()
    expect(api.callsTo('PUT /api/v1/sites/:slug/scan-login')[0]?.body).toEqual({
      kind: 'cookies',
      cookies: [{ name: 'rb_member_session', value: 'session-value', domain: '127.0.0.1', path: '/' }],
    })
  })

  it('is not found for a member who is not an admin', async () => {
    renderScreen({ 'GET /api/v1/sites/:slug/scan-login': reply(UNSET) }, makeSite({ hasAdminAccess: false }))
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeInTheDocument()
  })
})
