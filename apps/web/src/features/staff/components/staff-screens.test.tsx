import { type BackendStatus, MASQUERADE_MESSAGES } from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeUser } from '@/testing/fixtures'
import { renderWithRouter } from '@/testing/render'
import { BackendStatusScreen, STATUS_SCREEN } from './backend-status-screen'
import { DebugScreen } from './debug-screen'
import { EnvScreen } from './env-screen'
import { MASQUERADE_BANNER, MasqueradeBanner } from './masquerade-banner'
import { MASQUERADE_SCREEN, MasqueradeScreen } from './masquerade-screen'

const STATUS: BackendStatus = {
  lastChecked: '2026-11-26T18:00:00.000Z',
  overallStatus: 'degraded',
  components: [
    {
      id: 'database',
      name: 'PostgreSQL',
      status: 'ok',
      message: 'Answered in 2 ms',
      details: { latencyMs: 2 },
    },
    {
      id: 'queue:scans',
      name: 'Queue scans',
      status: 'degraded',
      message: '1 failed',
      details: { failed: 1 },
    },
    { id: 'chromium', name: 'Chromium', status: 'ok', message: 'Chromium 156.0.1', details: {} },
  ],
}

describe('/status/cms-status', () => {
  it('shows each service with success or fail, the overall state and the last check, without axe violations', async () => {
    installFakeApi({ 'GET /api/v1/status/backend-cms': reply(STATUS) })
    renderWithRouter(<BackendStatusScreen />)
    expect(screen.getByText(STATUS_SCREEN.loading)).toBeInTheDocument()
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row')
    expect(rows[1]).toHaveTextContent('PostgreSQLsuccessAnswered in 2 ms')
    expect(rows[2]).toHaveTextContent('Queue scansdegraded1 failed')
    expect(rows[3]).toHaveTextContent('Chromium 156.0.1')
    expect(screen.getByText(/Last checked/)).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('shows only the states to a user who is not staff, and the error text on failure', async () => {
    installFakeApi({
      'GET /api/v1/status/backend-cms': reply({
        ...STATUS,
        components: STATUS.components.map((component) => ({ ...component, message: null, details: {} })),
      }),
    })
    const { unmount } = renderWithRouter(<BackendStatusScreen />)
    await screen.findByRole('table')
    expect(screen.queryByRole('columnheader', { name: STATUS_SCREEN.details })).toBeNull()
    unmount()
    installFakeApi({ 'GET /api/v1/status/backend-cms': fail(500, 'down') })
    renderWithRouter(<BackendStatusScreen />)
    expect(await screen.findByText(STATUS_SCREEN.error)).toBeInTheDocument()
  })
})

describe('/debug/masquerade', () => {
  it('requires the Masquerade ID and shows the API error above the form', async () => {
    const api = installFakeApi({
      'GET /api/v1/staff/users': reply({ items: [] }),
      'POST /masquerade': fail(403, MASQUERADE_MESSAGES.targetIsStaff),
    })
    renderWithRouter(<MasqueradeScreen />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: MASQUERADE_SCREEN.submit }))
    expect(api.calls.some((call) => call.path === '/masquerade')).toBe(false)
    await user.type(screen.getByRole('textbox', { name: /Masquerade ID/ }), 'colleague@example.test')
    await user.click(screen.getByRole('button', { name: MASQUERADE_SCREEN.submit }))
    expect(await screen.findByRole('alert')).toHaveTextContent(MASQUERADE_MESSAGES.targetIsStaff)
    expect(api.calls.find((call) => call.path === '/masquerade')?.body).toEqual({
      masqueradeId: 'colleague@example.test',
    })
    expect(await findAxeViolations()).toEqual([])
  })

  it('finds users by search and offers to act as those who are not staff', async () => {
    installFakeApi({
      'GET /api/v1/staff/users': (request) =>
        reply({
          items: request.query.get('search')
            ? [
                { id: 'u1', email: 'ann@example.test', firstName: 'Ann', lastName: 'Lee', isStaff: false },
                { id: 'u2', email: 'sam@example.test', firstName: 'Sam', lastName: 'Staff', isStaff: true },
              ]
            : [],
        }),
    })
    renderWithRouter(<MasqueradeScreen />)
    await userEvent.setup().type(screen.getByRole('searchbox', { name: /Find a user/ }), 'a')
    expect(await screen.findByRole('button', { name: 'Masquerade as Ann Lee' })).toBeInTheDocument()
    expect(screen.getByText(MASQUERADE_SCREEN.staff)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Masquerade as Sam Staff' })).toBeNull()
    expect(await findAxeViolations()).toEqual([])
  })
})

describe('masquerade banner', () => {
  it('says who is being viewed and who is signed in, with a way back', async () => {
    const api = installFakeApi({ 'DELETE /masquerade': fail(400, MASQUERADE_MESSAGES.notMasquerading) })
    const user = makeUser({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.test',
      masqueradedBy: { id: 's1', firstName: 'Sam', lastName: 'Staff', email: 'sam@example.test' },
    })
    renderWithRouter(<MasqueradeBanner user={user} />)
    expect(screen.getByText(MASQUERADE_BANNER.viewingAs('Ann Lee', 'ann@example.test'))).toBeInTheDocument()
    expect(screen.getByText(/Signed in as Sam Staff/)).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
    await userEvent.setup().click(screen.getByRole('button', { name: MASQUERADE_BANNER.stop }))
    await waitFor(() => expect(api.calls.some((call) => call.method === 'DELETE')).toBe(true))
  })

  it('is not there when nobody masquerades', () => {
    renderWithRouter(<MasqueradeBanner user={makeUser()} />)
    expect(screen.queryByRole('region', { name: 'Masquerade' })).toBeNull()
  })
})

describe('/debug and /env', () => {
  it('lists the staff tools', async () => {
    renderWithRouter(<DebugScreen />)
    expect(screen.getByRole('link', { name: 'Masquerade' })).toHaveAttribute('href', '/debug/masquerade')
    expect(screen.getByRole('link', { name: 'CMS status' })).toHaveAttribute('href', '/status/cms-status')
    expect(await findAxeViolations()).toEqual([])
  })

  it('shows the build and the flags, and says so when the host has no environment page', async () => {
    installFakeApi({
      'GET /api/v1/env': reply({
        environment: 'development',
        version: '0.1.0',
        commit: null,
        apiBaseUrl: 'http://127.0.0.1:3000/api/v1',
        nodeVersion: 'v22.0.0',
        queuePrefix: 'canopy',
        featureFlags: [{ name: 'inventory/media', description: 'Media list', active: false }],
      }),
    })
    const { unmount } = renderWithRouter(<EnvScreen />)
    expect(await screen.findByText('http://127.0.0.1:3000/api/v1')).toBeInTheDocument()
    expect(screen.getByRole('rowheader', { name: 'inventory/media' })).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
    unmount()
    installFakeApi({ 'GET /api/v1/env': fail(404, 'none') })
    renderWithRouter(<EnvScreen />)
    expect(await screen.findByText('There is no environment page on this host.')).toBeInTheDocument()
  })
})
