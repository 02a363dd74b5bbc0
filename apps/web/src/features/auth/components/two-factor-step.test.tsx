import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { type FakeResponse, fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSiteListItem, makeUser, pageOf } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'

const passwordAccount = reply({ isSSO: false, ssoProvider: null, ssoIcon: null, title: null })
const challenge = {
  twoFactorRequired: true,
  challenge: 'challenge-token',
  expiresAt: '2026-11-27T10:05:00.000Z',
}

/** The login form up to its third step: a password account with two-step verification on. */
function renderLogin(secondStep: FakeResponse) {
  let signedIn = false
  const api = installFakeApi({
    'GET /auth/check': () => reply({ authenticated: signedIn }),
    'POST /auth/check-sso': passwordAccount,
    'POST /login': reply(challenge),
    'POST /login/two-factor': () => {
      if (secondStep.status === 200) signedIn = true
      return secondStep
    },
    'GET /api/v1/sites': (request) => reply(pageOf([makeSiteListItem(1)], request.query)),
  })
  renderApp('/')
  return api
}

async function reachThirdStep() {
  const events = userEvent.setup()
  await events.type(await screen.findByRole('textbox', { name: /^Email/ }), 'demo@canopy.example{Enter}')
  await events.type(await screen.findByLabelText(/^Password/), 'Canopy-demo-2026{Enter}')
  return events
}

describe('login: the two-step verification step', () => {
  it('asks for the app code after the password (focused, numeric, one-time-code), then signs in', async () => {
    const api = renderLogin(reply(makeUser()))
    const events = await reachThirdStep()
    const code = await screen.findByLabelText(/^Code from your authenticator app/)
    await waitFor(() => expect(code).toHaveFocus())
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    expect(code).toHaveAttribute('inputmode', 'numeric')
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument()
    expect(window.localStorage.getItem('user')).toBeNull()
    expect(await findAxeViolations()).toEqual([])

    await events.type(code, '123456{Enter}')
    expect(await screen.findByRole('heading', { name: 'Your sites', level: 1 })).toBeInTheDocument()
    expect(api.callsTo('POST /login/two-factor')[0]?.body).toEqual({
      username: 'demo@canopy.example',
      challenge: 'challenge-token',
      code: '123456',
    })
  })

  it('announces a wrong code and keeps the step for another try', async () => {
    renderLogin(
      fail(401, 'The code is not correct. Check that the time on your device is right and try again.'),
    )
    const events = await reachThirdStep()
    await events.type(await screen.findByLabelText(/^Code from your authenticator app/), '000000{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is not correct.')
    expect(screen.getByLabelText(/^Code from your authenticator app/)).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('signs in with a recovery code instead', async () => {
    const api = renderLogin(reply(makeUser()))
    const events = await reachThirdStep()
    await events.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }))
    const recovery = await screen.findByLabelText(/^Recovery code/)
    await waitFor(() => expect(recovery).toHaveFocus())
    await events.type(recovery, 'abcde-fghjk{Enter}')
    expect(await screen.findByRole('heading', { name: 'Your sites', level: 1 })).toBeInTheDocument()
    expect(api.callsTo('POST /login/two-factor')[0]?.body).toEqual({
      username: 'demo@canopy.example',
      challenge: 'challenge-token',
      recoveryCode: 'abcde-fghjk',
    })
  })
})
