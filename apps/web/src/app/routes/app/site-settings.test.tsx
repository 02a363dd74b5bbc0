import type { Account, SiteConfig } from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ACCESSIBILITY_UI } from '@/config/accessibility-messages'
import { MESSAGES } from '@/config/messages'
import { STORAGE_KEYS, writeStoredValue } from '@/lib/local-store'
import { findAxeViolations } from '@/testing/axe'
import { type FakeHandler, fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSection, makeSite, pageOf } from '@/testing/fixtures'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as BillingRoute } from './settings-billing'
import { Component as DangerZoneRoute } from './settings-danger-zone'
import { Component as GeneralRoute } from './settings-general'
import { Component as ScansRoute } from './settings-scans'
import { Component as SitemapRoute } from './settings-sitemap'

const enableFlags = (...flags: string[]) =>
  writeStoredValue(
    STORAGE_KEYS.featureFlags,
    JSON.stringify(Object.fromEntries(flags.map((flag) => [flag, true]))),
  )

function renderSettings(
  element: React.ReactNode,
  path: string,
  routes: Record<string, FakeHandler> = {},
  site: SiteConfig = makeSite(),
) {
  const api = installFakeApi({
    'GET /api/v1/sites/:slug': reply(site),
    'GET /api/v1/sites/:slug/sections': (request) => reply(pageOf([makeSection(1)], request.query)),
    ...routes,
  })
  return { ...renderSiteRoute(element, { url: `/site/demo-site/${path}`, path }), api }
}

describe('settings (general)', () => {
  it('saves the site name, form factor and time zone; passes axe', async () => {
    const saved = makeSite({ siteName: 'Renamed site' })
    const { api } = renderSettings(<GeneralRoute />, 'settings', { 'PUT /api/v1/sites/:slug': reply(saved) })
    const name = await screen.findByRole('textbox', { name: /Site name/ })
    expect(await findAxeViolations()).toEqual([])
    await userEvent.clear(name)
    await userEvent.type(name, 'Renamed site')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo('PUT /api/v1/sites/:slug')).toHaveLength(1))
    expect(api.callsTo('PUT /api/v1/sites/:slug')[0]?.body).toEqual({
      siteName: 'Renamed site',
      formFactor: 'desktop',
      timeZone: 'UTC',
    })
    expect(await screen.findByText('Site settings saved')).toBeInTheDocument()
  })

  it('shows the server’s message on the field it names', async () => {
    renderSettings(<GeneralRoute />, 'settings', {
      'PUT /api/v1/sites/:slug': fail(400, 'siteName: Too long', { errors: { siteName: 'Too long' } }),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Too long')).toBeInTheDocument()
  })

  it('is not found for a viewer', async () => {
    renderSettings(<GeneralRoute />, 'settings', {}, makeSite({ hasAdminAccess: false }))
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument()
  })
})

describe('settings/scans', () => {
  it('is not found while its flag is off', async () => {
    renderSettings(<ScansRoute />, 'settings/scans')
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument()
  })

  it('saves the schedule by day and hour, the limits, user agent and robots; warns at the scan limit; passes axe', async () => {
    enableFlags('settings/scans')
    const site = makeSite({
      reachedScanLimit: true,
      scanUsage: { pagesScannedThisMonth: 100, scanLimit: 100, percent: 100 },
    })
    const { api } = renderSettings(
      <ScansRoute />,
      'settings/scans',
      {
        'PUT /api/v1/sites/:slug': reply(site),
        'PUT /api/v1/sites/:slug/scan-limit': reply({ scanLimit: 500, maximumPageLimitPerScan: 100 }),
      },
      site,
    )
    expect(await screen.findByRole('status', { name: 'Scan usage' })).toHaveTextContent(
      MESSAGES.siteSettings.scanLimitReached,
    )
    expect(screen.getByText('100 of 100 pages scanned this month (100%)')).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
    const day = screen.getByRole('button', { name: /Scan day/ })
    day.focus()
    await userEvent.keyboard('{Enter}')
    await userEvent.click(await screen.findByRole('option', { name: 'Friday' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'User agent' }), 'AcmeBot/2.0')
    await userEvent.click(screen.getByRole('checkbox', { name: /Respect robots.txt/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo('PUT /api/v1/sites/:slug')).toHaveLength(1))
    expect(api.callsTo('PUT /api/v1/sites/:slug')[0]?.body).toEqual({
      scanDay: 5,
      scanHour: 3,
      maximumPageLimitPerScan: 100,
      userAgent: 'AcmeBot/2.0',
      respectRobots: false,
      accessibility: {
        wcagTarget: { version: '2.2', level: 'AA' },
        engines: ['axe', 'equal-access', 'canopy'],
      },
    })

    const limit = screen.getByRole('textbox', { name: 'Pages per month' })
    await userEvent.clear(limit)
    await userEvent.type(limit, '500')
    await userEvent.click(screen.getByRole('button', { name: 'Save scan limit' }))
    expect(await screen.findByText(MESSAGES.siteSettings.creditLimitUpdated)).toBeInTheDocument()
    expect(api.callsTo('PUT /api/v1/sites/:slug/scan-limit')[0]?.body).toEqual({ scanLimit: 500 })
  })

  it('sets the accessibility standard (WCAG version, level, engines) by keyboard and saves it with the scan settings; passes axe', async () => {
    enableFlags('settings/scans')
    const site = makeSite({
      accessibility: { wcagTarget: { version: '2.1', level: 'AA' }, engines: ['axe', 'canopy'] },
    })
    const { api } = renderSettings(
      <ScansRoute />,
      'settings/scans',
      { 'PUT /api/v1/sites/:slug': reply(site) },
      site,
    )
    const block = await screen.findByRole('group', { name: 'Accessibility standard' })
    expect(within(block).getByRole('button', { name: /WCAG version/ })).toHaveTextContent('WCAG 2.1')
    expect(within(block).getByRole('button', { name: /Conformance level/ })).toHaveTextContent('AA')
    const axeBox = within(block).getByRole('checkbox', { name: 'axe-core (always on)' })
    expect(axeBox).toBeChecked()
    expect(axeBox).toBeDisabled()
    expect(axeBox).toHaveAccessibleDescription(ACCESSIBILITY_UI.standard.engineHelp.axe)
    const ibm = within(block).getByRole('checkbox', { name: 'IBM Equal Access' })
    expect(ibm).not.toBeChecked()
    expect(ibm).toHaveAccessibleDescription(ACCESSIBILITY_UI.standard.engineHelp['equal-access'])
    expect(within(block).getByRole('checkbox', { name: 'Canopy checks' })).toBeChecked()
    expect(block).toHaveAccessibleDescription(ACCESSIBILITY_UI.standard.nextScan)
    expect(await findAxeViolations()).toEqual([])

    within(block)
      .getByRole('button', { name: /WCAG version/ })
      .focus()
    await userEvent.keyboard('{Enter}')
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await waitFor(() =>
      expect(within(block).getByRole('button', { name: /WCAG version/ })).toHaveTextContent('WCAG 2.2'),
    )
    within(block)
      .getByRole('button', { name: /Conformance level/ })
      .focus()
    await userEvent.keyboard('{Enter}')
    await userEvent.click(await screen.findByRole('option', { name: 'AAA' }))
    ibm.focus()
    await userEvent.keyboard(' ')
    expect(ibm).toBeChecked()
    await userEvent.click(within(block).getByRole('checkbox', { name: 'Canopy checks' }))
    // The toasts of the tests before may still show (one queue for the whole app): this save adds one.
    const toastsBefore = screen.queryAllByText('Scan settings saved').length
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo('PUT /api/v1/sites/:slug')).toHaveLength(1))
    expect(api.callsTo('PUT /api/v1/sites/:slug')[0]?.body).toMatchObject({
      accessibility: { wcagTarget: { version: '2.2', level: 'AAA' }, engines: ['axe', 'equal-access'] },
    })
    await waitFor(() => expect(screen.getAllByText('Scan settings saved').length).toBe(toastsBefore + 1))
  }, 60_000)

  it('shows the server’s message on the engines it refuses', async () => {
    enableFlags('settings/scans')
    renderSettings(<ScansRoute />, 'settings/scans', {
      'PUT /api/v1/sites/:slug': fail(400, 'accessibility.engines: axe-core always runs.', {
        errors: { 'accessibility.engines': 'axe-core always runs.' },
      }),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }))
    const block = screen.getByRole('group', { name: 'Accessibility standard' })
    expect(await within(block).findByRole('alert')).toHaveTextContent('axe-core always runs.')
  })

  it('shows the pages scanned this month and warns when nearing the scan limit', async () => {
    enableFlags('settings/scans')
    const site = makeSite({ scanUsage: { pagesScannedThisMonth: 410, scanLimit: 500, percent: 82 } })
    renderSettings(<ScansRoute />, 'settings/scans', {}, site)
    const panel = await screen.findByRole('form', { name: 'Scan limit' })
    expect(within(panel).getByRole('status', { name: 'Scan usage' })).toHaveTextContent(
      MESSAGES.siteSettings.nearingScanLimit,
    )
    expect(panel).toHaveTextContent('410 of 500 pages scanned this month (82%)')
    expect(await findAxeViolations()).toEqual([])
  })

  it('puts the server message, or the generic one, on the scan limit field', async () => {
    enableFlags('settings/scans')
    renderSettings(<ScansRoute />, 'settings/scans', { 'PUT /api/v1/sites/:slug/scan-limit': fail(500) })
    await userEvent.click(await screen.findByRole('button', { name: 'Save scan limit' }))
    expect(await screen.findByText(MESSAGES.siteSettings.somethingWentWrong)).toBeInTheDocument()
  })
})

describe('settings/sitemap', () => {
  it('adds and removes sitemaps and saves the list; passes axe', async () => {
    enableFlags('settings/sitemaps')
    const { api } = renderSettings(<SitemapRoute />, 'settings/sitemap', {
      'GET /api/v1/sites/:slug/sitemap': reply({ sitemapUrls: ['http://127.0.0.1:8090/old.xml'] }),
      'PUT /api/v1/sites/:slug/sitemap': (request) => reply(request.body),
    })
    const list = await screen.findByRole('list', { name: 'Submitted sitemaps' })
    expect(await findAxeViolations()).toEqual([])
    await userEvent.type(screen.getByRole('textbox', { name: 'Sitemap URL' }), 'not a url')
    await userEvent.click(screen.getByRole('button', { name: 'Add sitemap' }))
    expect(
      await screen.findByText('Enter a full web address starting with http:// or https://'),
    ).toBeInTheDocument()
    await userEvent.clear(screen.getByRole('textbox', { name: 'Sitemap URL' }))
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Sitemap URL' }),
      'http://127.0.0.1:8090/new.xml',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Add sitemap' }))
    await userEvent.click(within(list).getByRole('button', { name: 'Remove http://127.0.0.1:8090/old.xml' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo('PUT /api/v1/sites/:slug/sitemap')).toHaveLength(1))
    expect(api.callsTo('PUT /api/v1/sites/:slug/sitemap')[0]?.body).toEqual({
      sitemapUrls: ['http://127.0.0.1:8090/new.xml'],
    })
    expect(await screen.findByText('Sitemaps saved')).toBeInTheDocument()
  })
})

const account: Account = {
  sys: { id: 'org-1' },
  entryTitle: 'Canopy Demo',
  emailAddress: null,
  phoneNumber: null,
  isBusinessOrOrganisation: true,
  location: { addressLine1: '', addressLine2: null, townOrCity: '', county: null, postcode: '', country: '' },
}

describe('settings/billing', () => {
  const countries = { France: 'FR', 'United Kingdom': 'GB' }

  it('validates the account form with the spec’s messages, then saves it; passes axe', async () => {
    enableFlags('settings/accountbilling')
    const { api } = renderSettings(<BillingRoute />, 'settings/billing', {
      'GET /api/v1/crm/account': reply(account),
      'GET /api/v1/crm/countries': reply(countries),
      'PUT /api/v1/crm/account': (request) => reply({ ...account, ...(request.body as object) }),
    })
    expect(await screen.findByRole('button', { name: /Country/ })).toHaveTextContent(
      MESSAGES.account.defaultCountry,
    )
    expect(await findAxeViolations()).toEqual([])
    await userEvent.click(screen.getByRole('radio', { name: MESSAGES.account.individual }))
    await userEvent.clear(screen.getByRole('textbox', { name: /Full name/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(MESSAGES.account.fullNameRequired)).toBeInTheDocument()
    expect(screen.getByText(MESSAGES.account.addressLine1Required)).toBeInTheDocument()
    expect(screen.getByText(MESSAGES.account.townOrCityRequired)).toBeInTheDocument()
    expect(screen.getByText(MESSAGES.account.postcodeRequired)).toBeInTheDocument()
    expect(api.callsTo('PUT /api/v1/crm/account')).toHaveLength(0)

    await userEvent.type(screen.getByRole('textbox', { name: /Full name/ }), 'Jane Doe')
    await userEvent.type(screen.getByRole('textbox', { name: /Address line 1/ }), '1 High Street')
    await userEvent.type(screen.getByRole('textbox', { name: /Town\/City/ }), 'Leeds')
    await userEvent.type(screen.getByRole('textbox', { name: /Postcode/ }), 'LS1 1AA')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(MESSAGES.account.updated)).toBeInTheDocument()
    const sent = api.callsTo('PUT /api/v1/crm/account')[0]
    expect(sent?.query.get('id')).toBe('org-1')
    expect(sent?.body).toMatchObject({ entryTitle: 'Jane Doe', isBusinessOrOrganisation: false })
  })

  it('says the account details could not be loaded', async () => {
    enableFlags('settings/accountbilling')
    renderSettings(<BillingRoute />, 'settings/billing', {
      'GET /api/v1/crm/account': fail(403, 'no'),
      'GET /api/v1/crm/countries': reply(countries),
    })
    expect(await screen.findByText(MESSAGES.account.loadFailed)).toBeInTheDocument()
  })
})

describe('settings/danger-zone', () => {
  it('deletes the site only after its name is typed, then goes to the site selector; passes axe', async () => {
    const { api, router } = renderSettings(<DangerZoneRoute />, 'settings/danger-zone', {
      'DELETE /api/v1/sites/:slug': { status: 204 },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Delete site' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete this site' })
    expect(await findAxeViolations()).toEqual([])
    await userEvent.type(within(dialog).getByRole('textbox'), 'wrong name')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete site' }))
    expect(await within(dialog).findByText('Type the site name exactly as shown.')).toBeInTheDocument()
    expect(api.callsTo('DELETE /api/v1/sites/:slug')).toHaveLength(0)
    await userEvent.clear(within(dialog).getByRole('textbox'))
    await userEvent.type(within(dialog).getByRole('textbox'), 'Canopy Demo Site')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete site' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(api.callsTo('DELETE /api/v1/sites/:slug')).toHaveLength(1)
  })
})
