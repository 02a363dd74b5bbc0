import type { Ga4Settings } from '@canopy/contracts'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import { Component as PopupErrorRoute } from '@/app/routes/auth/oauth-popup-error'
import { Component as PopupSuccessRoute } from '@/app/routes/auth/oauth-popup-success'
import { buildGa4AuthUrl } from '@/features/integrations/oauth-popup'
import { findAxeViolations } from '@/testing/axe'
import { type FakeHandler, fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSite } from '@/testing/fixtures'
import { renderWithRouter } from '@/testing/render'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as IntegrationsRoute } from './settings-integrations'

const NOT_CONNECTED: Ga4Settings = { enabled: false, propertyID: null, propertyIdList: [], connected: false }
const CONNECTED: Ga4Settings = {
  enabled: false,
  propertyID: null,
  propertyIdList: ['123456789', '987654321'],
  connected: true,
}

const OTHER_INTEGRATIONS = {
  'GET /api/v1/sites/:slug/integrations/jira/settings': reply({
    enabled: false,
    baseUrl: '',
    email: '',
    projectKey: '',
    apiKeySet: false,
  }),
  'GET /api/v1/sites/:slug/integrations/web-risk/settings': reply({
    enabled: false,
    apiKey: 'not set',
    apiKeySet: false,
  }),
}

function renderIntegrations(ga4: Record<string, FakeHandler>) {
  const api = installFakeApi({
    'GET /api/v1/sites/:slug': reply(makeSite({ firstScanCompleted: true })),
    ...OTHER_INTEGRATIONS,
    ...ga4,
  })
  const url = '/site/demo-site/settings/integrations'
  return { ...renderSiteRoute(<IntegrationsRoute />, { url, path: 'settings/integrations' }), api }
}

/** A popup window as the opener sees it: whether it is closed, and closing it. */
function fakePopup() {
  const popup = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true
    }),
  }
  return popup
}

function postFromPopup(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }))
  })
}

const analyticsBlock = () => screen.findByRole('region', { name: 'Web analytics' })

let warn: MockInstance
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  warn.mockRestore()
})

describe('settings/integrations: web analytics', () => {
  it('connects in a 640x480 popup, then reads the settings again once the popup has closed', async () => {
    let settings = NOT_CONNECTED
    const popup = fakePopup()
    const open = vi.fn(() => popup as unknown as Window)
    vi.stubGlobal('open', open)
    const { api } = renderIntegrations({
      'GET /api/v1/sites/:slug/integrations/ga4/settings': () => reply(settings),
    })
    const block = within(await analyticsBlock())
    expect(block.getByText('No Google Analytics account is connected.')).toBeInTheDocument()
    expect(block.queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])

    await userEvent.click(block.getByRole('button', { name: 'Connect Google Analytics' }))
    const [url, target, features] = open.mock.calls[0] as unknown as [string, string, string]
    const opened = new URL(url)
    expect(opened.pathname).toBe('/auth/ga4')
    expect(opened.searchParams.get('slug')).toBe('demo-site')
    expect(opened.searchParams.get('success_url')).toBe('/oauth/popup-success')
    expect(opened.searchParams.get('error_url')).toBe('/oauth/popup-error')
    expect(opened.searchParams.get('cookie_callback')).toBe(`${window.location.origin}/auth/ga4/callback`)
    expect(target).toBe('canopy-oauth')
    expect(features).toMatch(/^popup,width=640,height=480,left=\d+,top=\d+$/)

    settings = CONNECTED
    postFromPopup({ type: 'canopy:oauth-popup', result: 'success' })
    expect(popup.close).toHaveBeenCalled()
    expect(
      await block.findByText('A Google Analytics account is connected.', {}, { timeout: 2000 }),
    ).toBeVisible()
    expect(api.callsTo('GET /api/v1/sites/:slug/integrations/ga4/settings')).toHaveLength(2)
    expect(block.getByRole('button', { name: /Property ID/ })).toBeInTheDocument()
    expect(screen.queryByText('Oauth Error')).not.toBeInTheDocument()
  })

  it('reads the settings again when the popup is closed without a word, checking every 700 ms', async () => {
    const popup = fakePopup()
    vi.stubGlobal(
      'open',
      vi.fn(() => popup as unknown as Window),
    )
    const { api } = renderIntegrations({
      'GET /api/v1/sites/:slug/integrations/ga4/settings': reply(NOT_CONNECTED),
    })
    const block = within(await analyticsBlock())
    await userEvent.click(block.getByRole('button', { name: 'Connect Google Analytics' }))
    expect(block.getByRole('button', { name: 'Connect Google Analytics' })).toBeDisabled()
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect(api.callsTo('GET /api/v1/sites/:slug/integrations/ga4/settings')).toHaveLength(1)
    popup.closed = true
    await waitFor(
      () => expect(api.callsTo('GET /api/v1/sites/:slug/integrations/ga4/settings')).toHaveLength(2),
      {
        timeout: 1500,
      },
    )
    expect(block.getByRole('button', { name: 'Connect Google Analytics' })).toBeEnabled()
  })

  it("shows 'Oauth Error' when the popup reports a failure, and ignores messages from other origins", async () => {
    const popup = fakePopup()
    vi.stubGlobal(
      'open',
      vi.fn(() => popup as unknown as Window),
    )
    renderIntegrations({ 'GET /api/v1/sites/:slug/integrations/ga4/settings': reply(NOT_CONNECTED) })
    const block = within(await analyticsBlock())
    await userEvent.click(block.getByRole('button', { name: 'Connect Google Analytics' }))

    postFromPopup({ type: 'canopy:oauth-popup', result: 'success' }, 'https://evil.example')
    expect(popup.close).not.toHaveBeenCalled()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('https://evil.example'))

    postFromPopup({
      type: 'canopy:oauth-popup',
      result: 'error',
      reason: 'Access to Google Analytics was not granted.',
    })
    expect(
      await block.findByText('Oauth Error: Access to Google Analytics was not granted.'),
    ).toBeInTheDocument()
    const toast = await screen.findByText('Oauth Error')
    expect(toast.closest('[role="alert"], [role="alertdialog"]')).not.toBeNull()
    expect(popup.close).toHaveBeenCalled()
  })

  it('only logs a blocked popup', async () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    )
    renderIntegrations({ 'GET /api/v1/sites/:slug/integrations/ga4/settings': reply(NOT_CONNECTED) })
    const block = within(await analyticsBlock())
    const messages = () => document.querySelectorAll('[role="alert"], [role="alertdialog"]').length
    const messagesBefore = messages()
    await userEvent.click(block.getByRole('button', { name: 'Connect Google Analytics' }))
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('blocked'))
    expect(block.getByRole('button', { name: 'Connect Google Analytics' })).toBeEnabled()
    expect(messages()).toBe(messagesBefore)
  })

  it('requires a property, then saves it with the switch from the keyboard', async () => {
    const { api } = renderIntegrations({
      'GET /api/v1/sites/:slug/integrations/ga4/settings': reply(CONNECTED),
      'POST /api/v1/sites/:slug/integrations/ga4/settings': (request) =>
        reply({ ...CONNECTED, ...(request.body as object) }),
    })
    const block = within(await analyticsBlock())
    await userEvent.click(block.getByRole('button', { name: 'Save' }))
    expect(await block.findByText('Required')).toBeInTheDocument()
    expect(api.callsTo('POST /api/v1/sites/:slug/integrations/ga4/settings')).toHaveLength(0)

    block.getByRole('button', { name: /Property ID/ }).focus()
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(screen.getByRole('option', { name: '123456789' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}{Enter}')
    block.getByRole('switch', { name: 'Enabled' }).focus()
    await userEvent.keyboard(' ')
    expect(block.getByRole('switch', { name: 'Enabled' })).toBeChecked()
    await userEvent.click(block.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Web analytics settings updated')).toBeInTheDocument()
    expect(api.callsTo('POST /api/v1/sites/:slug/integrations/ga4/settings')[0]?.body).toEqual({
      enabled: true,
      propertyID: '987654321',
    })
    expect(await findAxeViolations()).toEqual([])
  })

  it('says when saving failed', async () => {
    renderIntegrations({
      'GET /api/v1/sites/:slug/integrations/ga4/settings': reply({ ...CONNECTED, propertyID: '123456789' }),
      'POST /api/v1/sites/:slug/integrations/ga4/settings': fail(
        400,
        'A property ID is a number such as 123456789',
      ),
    })
    const block = within(await analyticsBlock())
    await userEvent.click(block.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Failed to update web analytics settings')).toBeInTheDocument()
  })

  it('disconnects only after the confirmation', async () => {
    let settings: Ga4Settings = { ...CONNECTED, enabled: true, propertyID: '123456789' }
    const { api } = renderIntegrations({
      'GET /api/v1/sites/:slug/integrations/ga4/settings': () => reply(settings),
      'DELETE /api/v1/sites/:slug/integrations/ga4/settings': () => {
        settings = NOT_CONNECTED
        return { status: 204 }
      },
    })
    const block = within(await analyticsBlock())
    await userEvent.click(block.getByRole('button', { name: 'Disconnect' }))
    let dialog = await screen.findByRole('dialog', { name: 'Disconnect web analytics?' })
    expect(await findAxeViolations()).toEqual([])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(api.callsTo('DELETE /api/v1/sites/:slug/integrations/ga4/settings')).toHaveLength(0)

    await userEvent.click(block.getByRole('button', { name: 'Disconnect' }))
    dialog = await screen.findByRole('dialog', { name: 'Disconnect web analytics?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }))
    expect(await screen.findByText('Web analytics disconnected')).toBeInTheDocument()
    expect(await block.findByText('No Google Analytics account is connected.')).toBeInTheDocument()
    expect(api.callsTo('DELETE /api/v1/sites/:slug/integrations/ga4/settings')).toHaveLength(1)
  })

  it('says when disconnecting failed', async () => {
    renderIntegrations({
      'GET /api/v1/sites/:slug/integrations/ga4/settings': reply(CONNECTED),
      'DELETE /api/v1/sites/:slug/integrations/ga4/settings': fail(500, 'boom'),
    })
    const block = within(await analyticsBlock())
    await userEvent.click(block.getByRole('button', { name: 'Disconnect' }))
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect web analytics?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }))
    expect(await screen.findByText('Failed to disconnect web analytics')).toBeInTheDocument()
  })
})

describe('the OAuth popup landing pages', () => {
  it('tell the opener how the sign-in ended and close, at the latest after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const postMessage = vi.fn()
    const close = vi.fn()
    vi.stubGlobal('opener', { postMessage })
    vi.stubGlobal('close', close)
    installFakeApi({})
    renderWithRouter(<PopupSuccessRoute />, { url: '/oauth/popup-success', path: 'oauth/popup-success' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Web analytics connected' })).toBeVisible()
    expect(postMessage).toHaveBeenCalledWith(
      { type: 'canopy:oauth-popup', result: 'success', reason: null },
      window.location.origin,
    )
    expect(screen.getByText('This window closes by itself.')).toBeInTheDocument()
    vi.advanceTimersByTime(4900)
    expect(close).not.toHaveBeenCalled()
    vi.advanceTimersByTime(200)
    expect(close).toHaveBeenCalled()
    expect(await findAxeViolations()).toEqual([])
  })

  it('report a failure with its reason', async () => {
    const postMessage = vi.fn()
    vi.stubGlobal('opener', { postMessage })
    vi.stubGlobal('close', vi.fn())
    installFakeApi({})
    const url = `/oauth/popup-error?message=${encodeURIComponent('Access to Google Analytics was not granted.')}`
    renderWithRouter(<PopupErrorRoute />, { url, path: 'oauth/popup-error' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Oauth Error' })).toBeVisible()
    expect(screen.getByText('Access to Google Analytics was not granted.')).toBeInTheDocument()
    expect(postMessage).toHaveBeenCalledWith(
      { type: 'canopy:oauth-popup', result: 'error', reason: 'Access to Google Analytics was not granted.' },
      window.location.origin,
    )
  })

  it('stay readable when opened without a popup', async () => {
    const close = vi.fn()
    vi.stubGlobal('close', close)
    installFakeApi({})
    renderWithRouter(<PopupErrorRoute />, { url: '/oauth/popup-error', path: 'oauth/popup-error' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Oauth Error' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Go to your sites' })).toHaveAttribute('href', '/')
    expect(close).not.toHaveBeenCalled()
    expect(await findAxeViolations()).toEqual([])
  })
})

describe('buildGa4AuthUrl', () => {
  it("names the site and the app's landing pages by path", () => {
    const url = new URL(buildGa4AuthUrl('my site'))
    expect(`${url.origin}${url.pathname}`).toBe(`${window.location.origin}/auth/ga4`)
    expect(url.searchParams.get('slug')).toBe('my site')
    expect(url.searchParams.get('success_url')).toBe('/oauth/popup-success')
    expect(url.searchParams.get('error_url')).toBe('/oauth/popup-error')
  })
})
