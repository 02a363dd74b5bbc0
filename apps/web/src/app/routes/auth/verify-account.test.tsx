import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { fail, installFakeApi, reply } from '@/testing/fake-api'
import { renderApp } from '@/testing/render'

const signedOut = { 'GET /auth/check': reply({ authenticated: false }) }

describe('account verification', () => {
  it('forwards the query string with skipRedirect=true, then shows the verified page and a toast', async () => {
    const api = installFakeApi({ ...signedOut, 'GET /account/verify': reply({ success: true }) })
    renderApp('/account/verify?user=u1&token=t1')

    // The first render of the file loads the route modules: allow for a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Account Verified' }, { timeout: 5000 }),
    ).toBeInTheDocument()
    expect(screen.getByText('Your account has been verified, you can now login.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/?referrer=%2Faccount%2Fverified',
    )
    expect(await screen.findByText('Your account has been verified.')).toBeInTheDocument()
    const query = api.callsTo('GET /account/verify')[0]?.query
    expect(Object.fromEntries(query ?? [])).toEqual({ user: 'u1', token: 't1', skipRedirect: 'true' })
    expect(await findAxeViolations(document.querySelector('main') ?? document.body)).toEqual([])
  })

  it('follows redirectUrl, then redirect_url, but only within this site', async () => {
    installFakeApi({
      ...signedOut,
      'GET /account/verify': reply({ success: true, redirectUrl: '/register?welcome=1' }),
    })
    renderApp('/account/verify?user=u1&token=t1&redirect_url=%2Fother')
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/register?welcome=1'))
  })

  it('ignores a redirect to another site', async () => {
    installFakeApi({
      ...signedOut,
      'GET /account/verify': reply({ success: true, redirectUrl: 'https://evil.example/' }),
    })
    renderApp('/account/verify?user=u1&token=t1')
    expect(await screen.findByRole('heading', { name: 'Account Verified' })).toBeInTheDocument()
  })

  it('goes to /500 with the failure toast when verification fails', async () => {
    installFakeApi({ ...signedOut, 'GET /account/verify': fail(400, 'The link has expired.') })
    renderApp('/account/verify?user=u1&token=expired')
    expect(
      await screen.findByText('Unfortunately we have encountered an error on this page.'),
    ).toBeInTheDocument()
    expect(
      await screen.findByText('Your account could not be verified, please try again later.'),
    ).toBeInTheDocument()
    expect(window.location.pathname).toBe('/500')
  })

  it('goes to login without a query string', async () => {
    installFakeApi(signedOut)
    renderApp('/account/verify')
    expect(await screen.findByRole('heading', { name: 'Log in to Canopy' })).toBeInTheDocument()
  })
})
