import { SSO_MESSAGES, type SsoProvider } from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { fail, installFakeApi, reply } from '@/testing/fake-api'
import { renderWithRouter } from '@/testing/render'
import { SsoLanding } from './sso-landing'
import { SsoProvidersPanel } from './sso-providers-panel'

const PATH = '/api/v1/crm/organisations/org-1/sso-providers'
const provider: SsoProvider = {
  id: 'acme',
  organisationId: 'org-1',
  title: 'Acme ID',
  iconUrl: null,
  issuerUrl: 'https://login.acme.example',
  clientId: 'canopy',
  enabled: true,
  domains: ['acme.example'],
  loginUrl: 'http://localhost:3000/acme/login',
}
const list = (providers: SsoProvider[]) => reply({ providers, callbackUrl: 'http://localhost:3000/auth/sso' })

describe('single sign-on settings', () => {
  it('lists the providers with the redirect URI to register, and passes axe', async () => {
    installFakeApi({ [`GET ${PATH}`]: list([provider]) })
    renderWithRouter(<SsoProvidersPanel organisationId="org-1" />)
    expect(await screen.findByRole('heading', { name: 'Acme ID' })).toBeInTheDocument()
    expect(screen.getByText('http://localhost:3000/auth/sso')).toBeInTheDocument()
    expect(screen.getByText('acme.example')).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('adds a provider, sending the domains as a list', async () => {
    const api = installFakeApi({
      [`GET ${PATH}`]: list([]),
      [`POST ${PATH}`]: (request) => reply({ ...provider, ...(request.body as object) }, 201),
    })
    const user = userEvent.setup()
    renderWithRouter(<SsoProvidersPanel organisationId="org-1" />)
    await user.click(await screen.findByRole('button', { name: 'Add a provider' }))
    const form = screen.getByRole('form', { name: 'Add a provider' })
    await user.type(within(form).getByRole('textbox', { name: /^Identifier/ }), 'acme')
    await user.type(within(form).getByRole('textbox', { name: /^Name on the login button/ }), 'Acme ID')
    await user.type(within(form).getByRole('textbox', { name: /^Issuer URL/ }), 'https://login.acme.example')
    await user.type(within(form).getByRole('textbox', { name: /^Client ID/ }), 'canopy')
    await user.type(within(form).getByLabelText(/^Client secret/), 's3cret')
    await user.type(within(form).getByRole('textbox', { name: /^Email domains/ }), 'acme.example, acme.org')
    expect(await findAxeViolations()).toEqual([])
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo(`POST ${PATH}`)).toHaveLength(1))
    expect(api.callsTo(`POST ${PATH}`)[0]?.body).toEqual({
      id: 'acme',
      title: 'Acme ID',
      iconUrl: null,
      issuerUrl: 'https://login.acme.example',
      clientId: 'canopy',
      clientSecret: 's3cret',
      enabled: true,
      domains: ['acme.example', 'acme.org'],
    })
  })

  it("shows the API's reason beside the field when the issuer cannot be discovered", async () => {
    const message = SSO_MESSAGES.discoveryFailed('unexpected HTTP response status code')
    installFakeApi({
      [`GET ${PATH}`]: list([provider]),
      [`PUT ${PATH}/acme`]: fail(400, `issuerUrl: ${message}`, { errors: { issuerUrl: message } }),
    })
    const user = userEvent.setup()
    renderWithRouter(<SsoProvidersPanel organisationId="org-1" />)
    await user.click(await screen.findByRole('button', { name: 'Edit Acme ID' }))
    const form = screen.getByRole('form', { name: 'Edit Acme ID' })
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    const issuer = within(form).getByRole('textbox', { name: /^Issuer URL/ })
    await waitFor(() => expect(issuer).toHaveAttribute('aria-invalid', 'true'))
    expect(within(form).getByText(message)).toBeInTheDocument()
  })

  it('deletes a provider after confirming', async () => {
    const api = installFakeApi({
      [`GET ${PATH}`]: list([provider]),
      [`DELETE ${PATH}/acme`]: reply({ ok: true }),
    })
    const user = userEvent.setup()
    renderWithRouter(<SsoProvidersPanel organisationId="org-1" />)
    await user.click(await screen.findByRole('button', { name: 'Delete Acme ID' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete Acme ID?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(api.callsTo(`DELETE ${PATH}/acme`)).toHaveLength(1))
  })
})

describe('provider sign-in page', () => {
  it('leaves for /auth/{provider} with /oauth/error as the error page, and passes axe', async () => {
    const visited: string[] = []
    renderWithRouter(<SsoLanding providerId="acme" redirectTo={(url) => visited.push(url)} />)
    await waitFor(() => expect(visited).toHaveLength(1))
    const url = new URL(visited[0] ?? '')
    expect(url.pathname).toBe('/auth/acme')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      success_url: '/',
      error_url: '/oauth/error',
      cookie_callback: `${window.location.origin}/auth/sso`,
    })
    expect(screen.getByRole('link', { name: 'Continue to sign in' })).toHaveAttribute('href', visited[0])
    expect(await findAxeViolations()).toEqual([])
  })
})
