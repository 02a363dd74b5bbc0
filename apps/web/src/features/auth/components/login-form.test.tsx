import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSiteListItem, makeUser, pageOf } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { buildSsoUrl } from './login-form'

const signedOut = { 'GET /auth/check': reply({ authenticated: false }) }
const passwordAccount = reply({ isSSO: false, ssoProvider: null, ssoIcon: null, title: null })

describe('login', () => {
  it('asks for the e-mail first, then focuses the password field with a Login button', async () => {
    const api = installFakeApi({ ...signedOut, 'POST /auth/check-sso': passwordAccount })
    const user = userEvent.setup()
    renderApp('/')

    const email = await screen.findByRole('textbox', { name: /^Email/ })
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/password/reset')
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register')
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument()

    await user.type(email, 'demo@canopy.example')
    await user.click(screen.getByRole('button', { name: 'Next' }))

    const password = await screen.findByLabelText(/^Password/)
    expect(password).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument()
    expect(api.callsTo('POST /auth/check-sso')[0]?.body).toEqual({ identifier: 'demo@canopy.example' })
  })

  it('signs in, stores the user and shows the site selector', async () => {
    const user = makeUser()
    let signedIn = false
    const api = installFakeApi({
      'GET /auth/check': () => reply({ authenticated: signedIn }),
      'POST /auth/check-sso': passwordAccount,
      'POST /login': () => {
        signedIn = true
        return reply(user)
      },
      'GET /api/v1/sites': (request) => reply(pageOf([makeSiteListItem(1)], request.query)),
    })
    const events = userEvent.setup()
    renderApp('/')

    await events.type(await screen.findByRole('textbox', { name: /^Email/ }), 'demo@canopy.example{Enter}')
    await events.type(await screen.findByLabelText(/^Password/), 'Canopy-demo-2026{Enter}')

    expect(await screen.findByRole('heading', { name: 'Your sites', level: 1 })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Site 01' })).toHaveAttribute('href', '/site/site-1')
    expect(api.callsTo('POST /login')[0]?.body).toEqual({
      username: 'demo@canopy.example',
      password: 'Canopy-demo-2026',
    })
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual(user)
  })

  it("shows the server's message followed by the account hint when login fails", async () => {
    installFakeApi({
      ...signedOut,
      'POST /auth/check-sso': passwordAccount,
      'POST /login': fail(401, 'The e-mail address or password is not correct.'),
    })
    const events = userEvent.setup()
    renderApp('/')
    await events.type(await screen.findByRole('textbox', { name: /^Email/ }), 'demo@canopy.example{Enter}')
    await events.type(await screen.findByLabelText(/^Password/), 'wrong{Enter}')

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The e-mail address or password is not correct. Make sure you are logging in with the correct account.',
    )
  })

  it('offers single sign-on for an SSO account and goes back with Change email address', async () => {
    installFakeApi({
      ...signedOut,
      'POST /auth/check-sso': reply({ isSSO: true, ssoProvider: 'okta', ssoIcon: null, title: 'Okta' }),
    })
    const events = userEvent.setup()
    renderApp('/')
    await events.type(await screen.findByRole('textbox', { name: /^Email/ }), 'someone@sso.example{Enter}')

    expect(await screen.findByRole('button', { name: 'Login with Okta' })).toBeInTheDocument()
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument()

    await events.click(screen.getByRole('button', { name: 'Change email address' }))
    expect(await screen.findByRole('button', { name: 'Next' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Login with Okta' })).not.toBeInTheDocument()
  })

  it('builds the SSO redirect with success, error and cookie callback addresses and the login hint', () => {
    const url = new URL(buildSsoUrl('okta', 'someone@sso.example'))
    expect(url.pathname).toBe('/auth/okta')
    expect(url.searchParams.get('success_url')).toBe('/')
    expect(url.searchParams.get('error_url')).toBe('/sso/error')
    expect(url.searchParams.get('cookie_callback')).toBe(`${window.location.origin}/auth/sso`)
    expect(url.searchParams.get('login_hint')).toBe('someone@sso.example')
  })

  it('stays on the e-mail step and shows why when the e-mail check fails', async () => {
    installFakeApi({
      ...signedOut,
      'POST /auth/check-sso': fail(429, 'Too many attempts, try again in a minute.'),
    })
    const events = userEvent.setup()
    renderApp('/')
    await events.type(await screen.findByRole('textbox', { name: /^Email/ }), 'demo@canopy.example{Enter}')

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts, try again in a minute.')
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument()
  })

  it('requires an e-mail address before checking it', async () => {
    const api = installFakeApi({ ...signedOut })
    const events = userEvent.setup()
    renderApp('/')
    await events.click(await screen.findByRole('button', { name: 'Next' }))
    expect(await screen.findByText('You must enter an email address.')).toBeInTheDocument()
    expect(api.callsTo('POST /auth/check-sso')).toHaveLength(0)
  })

  it('tells an outdated browser to update instead of showing the form', async () => {
    installFakeApi({ ...signedOut })
    const userAgent = Object.getOwnPropertyDescriptor(window.navigator, 'userAgent')
    Object.defineProperty(window.navigator, 'userAgent', {
      configurable: true,
      value: 'Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko',
    })
    try {
      renderApp('/')
      expect(
        await screen.findByText('Your browser needs to be updated in order to log in.'),
      ).toBeInTheDocument()
      expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument()
      expect(screen.getByRole('link', { name: /Mozilla Firefox/ })).toHaveAttribute('target', '_blank')
    } finally {
      if (userAgent) Object.defineProperty(window.navigator, 'userAgent', userAgent)
      else Reflect.deleteProperty(window.navigator, 'userAgent')
    }
  })

  it('has no axe violations on either step', async () => {
    installFakeApi({ ...signedOut, 'POST /auth/check-sso': passwordAccount })
    const events = userEvent.setup()
    renderApp('/')
    await events.type(await screen.findByRole('textbox', { name: /^Email/ }), 'demo@canopy.example')
    expect(await findAxeViolations()).toEqual([])
    await events.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByLabelText(/^Password/)).toHaveFocus())
    expect(await findAxeViolations()).toEqual([])
  })
})
