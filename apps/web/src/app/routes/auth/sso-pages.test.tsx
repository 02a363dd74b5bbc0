import { SSO_MESSAGES } from '@canopy/contracts'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { installFakeApi, reply } from '@/testing/fake-api'
import { renderApp } from '@/testing/render'

const signedOut = { 'GET /auth/check': reply({ authenticated: false }) }

describe('single sign-on landing pages', () => {
  it.each(['/acme/error', '/sso/error', '/oauth/error'])(
    '%s says sign-on failed and offers a retry',
    async (path) => {
      installFakeApi(signedOut)
      renderApp(path)
      expect(
        await screen.findByRole('heading', { level: 1, name: SSO_MESSAGES.errorTitle }),
      ).toBeInTheDocument()
      expect(screen.getByText(SSO_MESSAGES.error)).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Try logging in again' })).toHaveAttribute('href', '/')
      expect(await findAxeViolations()).toEqual([])
    },
  )

  it('/{provider}/registered says the account waits for its e-mail verification', async () => {
    installFakeApi(signedOut)
    renderApp('/acme/registered')
    expect(await screen.findByText(SSO_MESSAGES.registered)).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })
})
