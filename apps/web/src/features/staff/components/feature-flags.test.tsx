import type { FeatureFlagList } from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS, writeStoredValue } from '@/lib/local-store'
import { findAxeViolations } from '@/testing/axe'
import { type FakeRequest, installFakeApi, reply } from '@/testing/fake-api'
import { makeFeatureFlagList } from '@/testing/fixtures'
import { renderWithRouter } from '@/testing/render'
import { FeatureFlagsScreen } from './feature-flags-screen'
import { FeatureSwitcher } from './feature-switcher'

/** The flags answered for the demo site, with uptime on for the site and media on everywhere. */
function flagsApi(list: Partial<Parameters<typeof makeFeatureFlagList>[0]> = {}) {
  let current: FeatureFlagList = makeFeatureFlagList({
    site: 'demo-site',
    global: { 'inventory/media': true },
    overrides: { 'performance/uptime': true },
    ...list,
  })
  const setOverride = (request: FakeRequest) => {
    const { active } = request.body as { active: boolean | null }
    current = {
      ...current,
      items: current.items.map((flag) =>
        flag.name === request.params.name ? { ...flag, override: active } : flag,
      ),
    }
    return reply(current.items.find((flag) => flag.name === request.params.name))
  }
  return installFakeApi({
    'GET /api/v1/features': () => reply(current),
    'PUT /api/v1/features/:name': (request) =>
      reply({ ...(request.body as object), name: request.params.name }),
    'PUT /api/v1/sites/:slug/features/:name': setOverride,
  })
}

const row = (name: string) =>
  screen
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByRole('rowheader', { name })) as HTMLElement

describe('/debug/features', () => {
  it('shows staff every flag with its description, the global switch and the site override, without axe violations', async () => {
    const api = flagsApi()
    renderWithRouter(<FeatureFlagsScreen siteSlug="demo-site" isStaff />)
    expect(await screen.findByRole('heading', { name: 'Feature flags', level: 1 })).toBeInTheDocument()
    await screen.findByRole('table')
    expect(screen.getAllByRole('row')).toHaveLength(14)
    const media = row('inventory/media')
    expect(media).toHaveTextContent('Shows the Inventory › Media screen and its menu item.')
    expect(within(media).getByRole('switch', { name: 'Everywhere (inventory/media)' })).toBeChecked()
    const uptime = row('performance/uptime')
    expect(within(uptime).getByRole('switch', { name: 'Everywhere (performance/uptime)' })).not.toBeChecked()
    expect(within(uptime).getByRole('button', { name: /Site \(performance\/uptime\)/ })).toHaveTextContent(
      'On',
    )
    expect(await findAxeViolations()).toEqual([])

    const events = userEvent.setup()
    await events.click(within(uptime).getByRole('switch', { name: 'Everywhere (performance/uptime)' }))
    await waitFor(() => expect(api.callsTo('PUT /api/v1/features/:name')).toHaveLength(1))
    expect(api.callsTo('PUT /api/v1/features/:name')[0]).toMatchObject({
      path: '/api/v1/features/performance%2Fuptime',
      body: { active: true },
    })

    await events.click(within(uptime).getByRole('button', { name: /Site \(performance\/uptime\)/ }))
    await events.click(await screen.findByRole('option', { name: 'Inherit' }))
    await waitFor(() => expect(api.callsTo('PUT /api/v1/sites/:slug/features/:name')).toHaveLength(1))
    expect(api.callsTo('PUT /api/v1/sites/:slug/features/:name')[0]).toMatchObject({
      params: { slug: 'demo-site', name: 'performance/uptime' },
      body: { active: null },
    })
    await waitFor(() =>
      expect(within(row('performance/uptime')).getByRole('button', { name: /Site/ })).toHaveTextContent(
        'Inherit',
      ),
    )
  })

  it('gives anyone on a host that is not production only this browser’s override, kept in local storage', async () => {
    flagsApi()
    renderWithRouter(<FeatureFlagsScreen siteSlug="demo-site" isStaff={false} />)
    await screen.findByRole('table')
    expect(screen.queryByRole('switch')).toBeNull()
    const orphans = row('seo/orphaned-pages')
    expect(orphans).toHaveTextContent('Off')
    const events = userEvent.setup()
    await events.click(within(orphans).getByRole('button', { name: /Browser \(seo\/orphaned-pages\)/ }))
    await events.click(await screen.findByRole('option', { name: 'On' }))
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.featureFlags) ?? '{}')).toEqual({
      'seo/orphaned-pages': true,
    })
    await waitFor(() =>
      expect(within(row('seo/orphaned-pages')).getAllByRole('cell')[1]).toHaveTextContent('On'),
    )
    expect(await findAxeViolations()).toEqual([])
  })

  it('has no browser overrides on a production host', async () => {
    flagsApi({ localOverrides: false })
    writeStoredValue(STORAGE_KEYS.featureFlags, JSON.stringify({ 'seo/orphaned-pages': true }))
    renderWithRouter(<FeatureFlagsScreen siteSlug="demo-site" isStaff={false} />)
    await screen.findByRole('table')
    expect(screen.queryByRole('columnheader', { name: 'This browser' })).toBeNull()
    expect(within(row('seo/orphaned-pages')).getAllByRole('cell')[1]).toHaveTextContent('Off')
  })
})

describe('the Ctrl+Shift+F switcher', () => {
  it('opens the flags in a dialog on a host that is not production', async () => {
    flagsApi()
    renderWithRouter(<FeatureSwitcher siteSlug="demo-site" isStaff={false} />)
    const events = userEvent.setup()
    // The shortcut listens once the API has said the host is not production: pressed until it does.
    await waitFor(
      async () => {
        await events.keyboard('{Control>}{Shift>}F{/Shift}{/Control}')
        expect(screen.getByRole('dialog', { name: 'Feature flags' })).toBeInTheDocument()
      },
      { timeout: 10_000 },
    )
    const dialog = screen.getByRole('dialog', { name: 'Feature flags' })
    expect(await within(dialog).findByRole('table')).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
    await events.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('does nothing on a production host', async () => {
    const api = flagsApi({ localOverrides: false })
    renderWithRouter(<FeatureSwitcher siteSlug="demo-site" isStaff />)
    await waitFor(() => expect(api.callsTo('GET /api/v1/features')).toHaveLength(1))
    await userEvent.setup().keyboard('{Control>}{Shift>}F{/Shift}{/Control}')
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
