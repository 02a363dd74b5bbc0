import type { StaffAlert } from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { fail, installFakeApi, reply } from '@/testing/fake-api'
import { renderWithRouter } from '@/testing/render'
import { AlertsScreen } from './alerts-screen'

const ALERT: StaffAlert = {
  id: 'a1',
  site: null,
  title: 'Planned maintenance',
  description: 'Scans pause on Sunday.',
  linkText: null,
  linkUrl: null,
  buttonText: null,
  illustration: null,
  publishedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: null,
}

describe('/debug/alerts', () => {
  it('lists the alerts with their state and publishes a new one; a 400 shows beside its field', async () => {
    const api = installFakeApi({
      'GET /api/v1/staff/alerts': reply({ items: [ALERT] }),
      'POST /api/v1/staff/alerts': fail(400, 'linkUrl: Enter a web address', {
        errors: { linkUrl: 'Enter a web address' },
      }),
    })
    renderWithRouter(<AlertsScreen />)
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Planned maintenanceEvery siteShowing')
    expect(await findAxeViolations()).toEqual([])
    const user = userEvent.setup()
    // Pasted, not typed: a key at a time is slow on a loaded machine.
    const fill = async (name: RegExp, text: string) => {
      await user.click(screen.getByRole('textbox', { name }))
      await user.paste(text)
    }
    await fill(/^Title/, 'New scans')
    await fill(/^Description/, 'Faster.')
    await fill(/^Link text/, 'More')
    await fill(/^Link URL/, 'nope')
    await user.click(screen.getByRole('button', { name: 'Publish alert' }))
    await waitFor(() =>
      expect(api.callsTo('POST /api/v1/staff/alerts')[0]?.body).toMatchObject({
        title: 'New scans',
        siteSlug: null,
        linkUrl: 'nope',
        expiresAt: null,
      }),
    )
    expect(await screen.findAllByText('Enter a web address')).not.toHaveLength(0)
  }, 45_000)

  it('expires and deletes an alert', async () => {
    const api = installFakeApi({
      'GET /api/v1/staff/alerts': reply({ items: [ALERT] }),
      'POST /api/v1/staff/alerts/:alertId/expire': reply({ ...ALERT, expiresAt: new Date().toISOString() }),
      'DELETE /api/v1/staff/alerts/:alertId': reply({ ok: true }),
    })
    renderWithRouter(<AlertsScreen />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Expire Planned maintenance' }))
    await user.click(screen.getByRole('button', { name: 'Delete Planned maintenance' }))
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/staff/alerts/:alertId')).toHaveLength(1))
    expect(api.callsTo('POST /api/v1/staff/alerts/:alertId/expire')).toHaveLength(1)
  })
})
