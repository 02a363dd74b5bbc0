import type { ApiToken, CurrentProfile } from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AppToastRegion } from '@/components/ui/toast'
import { findAxeViolations } from '@/testing/axe'
import { fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSiteListItem, pageOf } from '@/testing/fixtures'
import { renderWithRouter } from '@/testing/render'
import { ProfileScreen } from './profile-screen'

const PROFILE = '/api/v1/crm/users/currentProfile'

const profile: CurrentProfile = {
  id: 'u1',
  sys: { id: 'u1' },
  userRole: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  hasAvatar: false,
  productNewsConsent: false,
  productNewsConsentAt: null,
  credentials: { provider: { name: 'password' }, passwordChangeFrequency: null },
}

const session = (id: string, current: boolean) => ({
  id,
  device: current ? 'Firefox on Linux' : 'Chrome on Windows',
  ip: '192.0.2.1',
  createdAt: '2026-11-20T10:00:00Z',
  lastSeenAt: '2026-11-26T10:00:00Z',
  current,
})

function renderProfile() {
  let tokens: ApiToken[] = []
  let sessions = [session('s1', true), session('s2', false)]
  const api = installFakeApi({
    [`GET ${PROFILE}`]: reply(profile),
    [`POST ${PROFILE}`]: (request) => {
      const body = request.body as Partial<CurrentProfile>
      if (body.productNewsConsent === undefined) return reply({ ...profile, ...body })
      // The API dates a consent when it is given.
      const productNewsConsentAt = body.productNewsConsent ? '2026-11-26T10:00:00.000Z' : null
      return reply({ ...profile, ...body, productNewsConsentAt })
    },
    [`GET ${PROFILE}/sessions`]: () => reply({ sessions }),
    [`DELETE ${PROFILE}/sessions`]: () => {
      sessions = sessions.filter((item) => item.current)
      return reply({ signedOut: 1 })
    },
    [`GET ${PROFILE}/tokens`]: () => reply({ tokens }),
    [`POST ${PROFILE}/tokens`]: (request) => {
      const body = request.body as { name: string; access: 'read' | 'write' }
      const token = {
        id: 't1',
        name: body.name,
        access: body.access,
        sites: null,
        expiresAt: null,
        lastUsedAt: null,
        createdAt: '2026-11-26T10:00:00Z',
      }
      tokens = [token]
      return reply({ ...token, token: 'cnp_secret-shown-once' }, 201)
    },
    'GET /api/v1/sites': (request) => reply(pageOf([makeSiteListItem(1)], request.query)),
  })
  renderWithRouter(
    <>
      <ProfileScreen />
      <AppToastRegion />
    </>,
    { url: '/userprofile' },
  )
  return api
}

describe('profile screen', () => {
  it('shows the name as the title, saves the job role, and passes axe on each tab', async () => {
    const api = renderProfile()
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace User account' })).toBeVisible()
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly')
    expect(await findAxeViolations()).toEqual([])

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Job role' }), 'Developer')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Role updated successfully')).toBeVisible()
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ userRole: 'Developer' })

    for (const tab of ['Marketing preferences', 'Password', 'Sessions', 'API tokens']) {
      await userEvent.click(screen.getByRole('tab', { name: tab }))
      expect(await findAxeViolations(), tab).toEqual([])
    }
  })

  it('lists sessions and signs out everywhere else', async () => {
    renderProfile()
    await userEvent.click(await screen.findByRole('tab', { name: 'Sessions' }))
    const list = await screen.findByRole('list', { name: 'Sessions' })
    expect(within(list).getByText(/this session/)).toBeVisible()
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }))
    expect(await screen.findByText('Signed out everywhere else')).toBeVisible()
    expect(await within(list).findAllByRole('listitem')).toHaveLength(1)
  })

  it('creates a token, shows it once, and lists it', async () => {
    renderProfile()
    await userEvent.click(await screen.findByRole('tab', { name: 'API tokens' }))
    await userEvent.type(await screen.findByRole('textbox', { name: /Token name/ }), 'CI')
    await userEvent.click(screen.getByRole('radio', { name: /Read and write/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }))
    expect(await screen.findByText('cnp_secret-shown-once')).toBeVisible()
    expect(screen.getByText('Copy this token now: it will not be shown again.')).toBeVisible()
    const list = screen.getByRole('list', { name: 'API tokens' })
    expect(await within(list).findByText('CI', { selector: 'strong' })).toBeVisible()
    expect(await findAxeViolations()).toEqual([])
  })

  it('records the product news consent from the Marketing preferences tab, reached by keyboard', async () => {
    const api = renderProfile()
    const details = await screen.findByRole('tab', { name: 'Personal details' })
    details.focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Marketing preferences' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    const panel = screen.getByRole('tabpanel', { name: 'Marketing preferences' })
    expect(within(panel).getByText(/it sends no newsletter itself/)).toBeVisible()
    const consent = within(panel).getByRole('checkbox', { name: 'Send me product news and tips by e-mail' })
    expect(consent).not.toBeChecked()
    await userEvent.click(consent)
    await userEvent.click(within(panel).getByRole('button', { name: 'Save preferences' }))
    expect(await screen.findByText('Marketing preferences saved')).toBeVisible()
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ productNewsConsent: true })
    expect(await within(panel).findByText(/You agreed on 26 Nov 2026/)).toBeVisible()
    expect(await findAxeViolations()).toEqual([])
  })

  it('shows the API’s refusal of the consent under the form', async () => {
    installFakeApi({
      [`GET ${PROFILE}`]: reply(profile),
      [`POST ${PROFILE}`]: () =>
        fail(400, 'Bad Request', {
          errors: { productNewsConsent: 'productNewsConsent must be true or false.' },
        }),
    })
    renderWithRouter(<ProfileScreen />, { url: '/userprofile' })
    await userEvent.click(await screen.findByRole('tab', { name: 'Marketing preferences' }))
    const panel = screen.getByRole('tabpanel', { name: 'Marketing preferences' })
    await userEvent.click(within(panel).getByRole('button', { name: 'Save preferences' }))
    await waitFor(() =>
      expect(within(panel).getByRole('alert')).toHaveTextContent('productNewsConsent must be true or false.'),
    )
  })
})
