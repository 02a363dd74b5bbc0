import {
  BILLING_MESSAGES,
  type Invoice,
  ORGANISATION_MESSAGES,
  type Organisation,
  type OrganisationListItem,
  type Subscription,
} from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AppToastRegion } from '@/components/ui/toast'
import { MESSAGES } from '@/config/messages'
import { findAxeViolations } from '@/testing/axe'
import { type FakeHandler, fail, installFakeApi, reply } from '@/testing/fake-api'
import { pageOf } from '@/testing/fixtures'
import { renderWithRouter } from '@/testing/render'
import { Component as BillingRoute } from './billing'
import { Component as OrganisationRoute } from './billing-organisation'

const countries = { France: 'FR', 'United Kingdom': 'GB' }

function listItem(index: number, overrides: Partial<OrganisationListItem> = {}): OrganisationListItem {
  return {
    sys: {
      id: `org-${index}`,
      slug: `org-${index}`,
      version: { created: `2026-03-0${index}T10:00:00.000Z` },
    },
    entryTitle: `Organisation ${index}`,
    subType: 'free',
    isBusinessOrOrganisation: true,
    subscription: null,
    ...overrides,
  }
}

function makeOrganisation(overrides: Partial<Organisation> = {}): Organisation {
  return {
    sys: { id: 'org-1', slug: 'acme', version: { created: '2026-03-01T10:00:00.000Z' } },
    name: 'Acme Ltd',
    subType: 'free',
    isBusinessOrOrganisation: true,
    emailAddress: 'billing@acme.example',
    phoneNumber: null,
    location: {
      addressLine1: '1 High Street',
      addressLine2: null,
      townOrCity: 'Leeds',
      county: null,
      postcode: 'LS1 1AA',
      country: 'United Kingdom',
    },
    productSubscription: null,
    sites: {
      overall: { totalLimit: 1000, totalUsage: 950 },
      items: [
        {
          siteName: 'Main site',
          slug: 'main-site',
          rootUri: 'https://acme.example/',
          totalUsage: 900,
          scanLimit: 900,
          firstScanned: '2026-03-02T10:00:00.000Z',
        },
        {
          siteName: 'Blog',
          slug: 'blog',
          rootUri: 'https://blog.acme.example/',
          totalUsage: 50,
          scanLimit: 100,
          firstScanned: null,
        },
      ],
    },
    ...overrides,
  }
}

const activeSubscription: Subscription = {
  interval: 'monthly',
  quantity: 1000,
  status: 'active',
  type: 'monthly',
  billingAmount: 115,
  validTo: '2026-12-27T00:00:00.000Z',
  providerManaged: true,
  isPaying: true,
}

const invoice: Invoice = {
  id: 'in_1',
  number: 'INV-0001',
  created: '2026-11-27T05:00:00.000Z',
  amountDue: 115,
  amountPaid: 115,
  currency: 'gbp',
  status: 'paid',
  hostedInvoiceUrl: 'https://invoices.example/in_1',
  invoicePdf: 'https://invoices.example/in_1.pdf',
}

function renderOrganisation(url: string, routes: Record<string, FakeHandler> = {}) {
  const api = installFakeApi({
    'GET /api/v1/crm/organisations/:id': reply(makeOrganisation()),
    'GET /api/v1/crm/countries': reply(countries),
    'GET /api/v1/organisation/:id/subscription': fail(404, BILLING_MESSAGES.noSubscription),
    'GET /api/v1/organisation/:id/invoices': reply([]),
    'GET /api/v1/billing/config': reply({ publishableKey: null }),
    ...routes,
  })
  const screenWithToasts = (
    <>
      <OrganisationRoute />
      <AppToastRegion />
    </>
  )
  return { ...renderWithRouter(screenWithToasts, { url, path: '/billing/:slug/:tab?' }), api }
}

describe('/billing', () => {
  it('lists the organisations with their subscription, account type and date; sorts and filters; passes axe', async () => {
    const items = [
      listItem(1),
      listItem(2, {
        subType: 'plus',
        isBusinessOrOrganisation: false,
        subscription: { scanLimit: 1000, status: 'active' },
      }),
    ]
    const api = installFakeApi({
      'GET /api/v1/crm/organisations/list': (request) => reply(pageOf(items, request.query)),
    })
    renderWithRouter(<BillingRoute />, { url: '/billing' })
    const row = (await screen.findByRole('rowheader', { name: 'Organisation 2' })).closest(
      'tr',
    ) as HTMLElement
    expect(within(row).getByText('Plus: 1,000 pages per scan (Active)')).toBeInTheDocument()
    expect(within(row).getByText('Individual')).toBeInTheDocument()
    expect(within(row).getByText('2 Mar 2026')).toBeInTheDocument()
    expect(within(row).getByRole('link', { name: 'Organisation 2' })).toHaveAttribute(
      'href',
      '/billing/org-2',
    )
    expect(await findAxeViolations()).toEqual([])

    await userEvent.click(screen.getByRole('button', { name: /Date created/ }))
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/crm/organisations/list').at(-1)?.query.get('sortBy')).toBe('created'),
    )
    await userEvent.type(screen.getByRole('searchbox', { name: /Filter organisations/ }), 'acme{Enter}')
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/crm/organisations/list').at(-1)?.query.get('search')).toBe('acme'),
    )
    expect(api.callsTo('GET /api/v1/crm/organisations/list')[0]?.query.get('pageSize')).toBe('25')
  })

  it('says when there are none, and when the list failed', async () => {
    installFakeApi({ 'GET /api/v1/crm/organisations/list': (request) => reply(pageOf([], request.query)) })
    const { unmount } = renderWithRouter(<BillingRoute />, { url: '/billing' })
    expect(await screen.findByText(ORGANISATION_MESSAGES.noneFound)).toBeInTheDocument()
    unmount()
    installFakeApi({ 'GET /api/v1/crm/organisations/list': fail(500, 'boom') })
    renderWithRouter(<BillingRoute />, { url: '/billing' })
    expect(await screen.findByText(ORGANISATION_MESSAGES.listFailed)).toBeInTheDocument()
  })
})

describe('/billing/:slug', () => {
  it('says when the organisation is not there (or not theirs)', async () => {
    renderOrganisation('/billing/nope/usage', { 'GET /api/v1/crm/organisations/:id': fail(404, 'Not found') })
    expect(await screen.findByRole('heading', { name: ORGANISATION_MESSAGES.notFound })).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('opens the Account tab by default and for an unknown tab, and keeps the chosen tab in the URL', async () => {
    const { router } = renderOrganisation('/billing/acme')
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing/acme/account'))
    expect(await screen.findByRole('tab', { name: 'Account', selected: true })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('tab', { name: 'Usage' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing/acme/usage'))
    await router.navigate('/billing/acme/nonsense')
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing/acme/account'))
  })

  it('saves the account form as the organisation, the name error on its field; passes axe', async () => {
    const { api } = renderOrganisation('/billing/acme/account', {
      'PUT /api/v1/crm/organisations/:id': fail(400, 'name: Organisation name is required', {
        errors: { name: MESSAGES.account.organisationNameRequired },
      }),
    })
    const name = await screen.findByRole('textbox', { name: /Organisation name/ })
    expect(name).toHaveValue('Acme Ltd')
    expect(await findAxeViolations()).toEqual([])
    await userEvent.clear(name)
    await userEvent.type(name, 'Acme Trading')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo('PUT /api/v1/crm/organisations/:id')).toHaveLength(1))
    const [call] = api.callsTo('PUT /api/v1/crm/organisations/:id')
    expect(call?.params.id).toBe('acme')
    expect(call?.body).toMatchObject({
      name: 'Acme Trading',
      isBusinessOrOrganisation: true,
      emailAddress: 'billing@acme.example',
    })
    expect(call?.body).not.toHaveProperty('entryTitle')
    expect(await screen.findByText(MESSAGES.account.organisationNameRequired)).toBeInTheDocument()
  })
})

describe('/billing/:slug/usage', () => {
  it('shows the credits, each site’s usage and the warnings; no credit-limit action without a subscription', async () => {
    renderOrganisation('/billing/acme/usage')
    expect(await screen.findByText('950 of 1,000 pages scanned this month')).toBeInTheDocument()
    const credits = screen.getByRole('region', { name: 'Credits' })
    expect(within(credits).getByText(MESSAGES.siteSettings.nearingScanLimit)).toBeInTheDocument()
    const main = screen.getByRole('rowheader', { name: 'Main site' }).closest('tr') as HTMLElement
    expect(within(main).getByText(MESSAGES.siteSettings.scanLimitReached)).toBeInTheDocument()
    const blog = screen.getByRole('rowheader', { name: 'Blog' }).closest('tr') as HTMLElement
    expect(within(blog).getByText('Not yet')).toBeInTheDocument()
    expect(within(blog).queryByText(MESSAGES.siteSettings.nearingScanLimit)).toBeNull()
    expect(screen.queryByRole('button', { name: /Change credit limit/ })).toBeNull()
    expect(await findAxeViolations()).toEqual([])
  })

  it('sets a site’s credit limit through its scan limit when subscribed; the server’s message on the field', async () => {
    let answer: FakeHandler = fail(403, 'You may not change this site.')
    const { api } = renderOrganisation('/billing/acme/usage', {
      'GET /api/v1/crm/organisations/:id': reply(
        makeOrganisation({
          productSubscription: {
            type: 'monthly',
            scanLimit: 1000,
            billingAmount: 115,
            billingPeriod: 'monthly',
            validTo: null,
            status: 'active',
            providerManaged: true,
          },
        }),
      ),
      'PUT /api/v1/sites/:slug/scan-limit': () => (typeof answer === 'function' ? { status: 500 } : answer),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Change credit limit: Blog' }))
    const dialog = await screen.findByRole('dialog', { name: 'Credit limit of Blog' })
    expect(await findAxeViolations()).toEqual([])
    const field = within(dialog).getByRole('textbox', { name: 'Pages per month' })
    await userEvent.clear(field)
    await userEvent.type(field, '250')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('You may not change this site.')).toBeInTheDocument()
    expect(api.callsTo('PUT /api/v1/sites/:slug/scan-limit')[0]).toMatchObject({
      params: { slug: 'blog' },
      body: { scanLimit: 250 },
    })

    answer = reply({ scanLimit: 250, maximumPageLimitPerScan: 100 })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(MESSAGES.siteSettings.creditLimitUpdated)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})

describe('/billing/:slug/pricing', () => {
  it('starts a subscription for the tier on the slider; without the payment form’s script it says so; passes axe', async () => {
    const { api } = renderOrganisation('/billing/acme/pricing', {
      'POST /api/v1/organisation/:id/subscription/payment': reply({
        clientSecret: 'pi_1_secret_x',
        isPaid: false,
      }),
      'GET /api/v1/organisation/:id/subscription/payment': reply({
        clientSecret: 'pi_1_secret_x',
        isPaid: false,
      }),
      'GET /api/v1/organisation/:id/invoices': reply([invoice]),
    })
    expect(await screen.findByText(/No subscription: the free plan, 100 pages per scan/)).toBeInTheDocument()
    const slider = screen.getByRole('slider', { name: 'Pages per scan' })
    expect(slider).toHaveAttribute('aria-valuetext', '500 pages per scan, £60.00 per month')
    expect(await screen.findByRole('rowheader', { name: 'INV-0001' })).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])

    await userEvent.click(slider)
    await userEvent.keyboard('{ArrowRight}')
    expect(slider).toHaveAttribute('aria-valuetext', '1,000 pages per scan, £115.00 per month')
    await userEvent.click(screen.getByRole('button', { name: BILLING_MESSAGES.createSubscription }))
    await waitFor(() =>
      expect(api.callsTo('POST /api/v1/organisation/:id/subscription/payment')[0]).toMatchObject({
        params: { id: 'org-1' },
        body: { interval: 'monthly', quantity: 1000 },
      }),
    )
    expect(await screen.findByText(BILLING_MESSAGES.paymentFormFailed)).toBeInTheDocument()
  })

  it('says the payment form has not loaded when Stripe.js fails to load', async () => {
    renderOrganisation('/billing/acme/pricing', {
      'GET /api/v1/billing/config': reply({ publishableKey: 'pk_test_canopy' }),
      'POST /api/v1/organisation/:id/subscription/payment': reply({
        clientSecret: 'pi_2_secret_x',
        isPaid: false,
      }),
      'GET /api/v1/organisation/:id/subscription/payment': reply({
        clientSecret: 'pi_2_secret_x',
        isPaid: false,
      }),
    })
    await userEvent.click(await screen.findByRole('button', { name: BILLING_MESSAGES.createSubscription }))
    // The browser reports the script it could not fetch (offline); Stripe's loader tries once more.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const script = await waitFor(() => {
        const found = document.querySelector<HTMLScriptElement>('script[src^="https://js.stripe.com"]')
        if (!found) throw new Error('Stripe.js not requested yet')
        return found
      })
      script.dispatchEvent(new Event('error'))
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    expect(await screen.findByText(BILLING_MESSAGES.paymentFormFailed)).toBeInTheDocument()
  })

  it('tells when the payment has been processed, and offers to update a running subscription', async () => {
    const { api } = renderOrganisation('/billing/acme/pricing', {
      'GET /api/v1/organisation/:id/subscription': reply(activeSubscription),
      'POST /api/v1/organisation/:id/subscription/payment': reply({ clientSecret: null, isPaid: true }),
      'GET /api/v1/organisation/:id/subscription/payment': reply({ clientSecret: null, isPaid: true }),
    })
    expect(await screen.findByText(/1,000 pages per scan, £115.00 per month: Active/)).toBeInTheDocument()
    expect(screen.getByRole('slider', { name: 'Pages per scan' })).toHaveAttribute(
      'aria-valuetext',
      '1,000 pages per scan, £115.00 per month',
    )
    await userEvent.click(screen.getByRole('button', { name: BILLING_MESSAGES.updateSubscription }))
    expect(await screen.findByText(BILLING_MESSAGES.paymentProcessed)).toBeInTheDocument()
    expect(await screen.findByText(ORGANISATION_MESSAGES.paymentSuccessful)).toBeInTheDocument()
    // Paid and paying in our records: the organisation's usage and limits are read again.
    await waitFor(() => expect(api.callsTo('GET /api/v1/crm/organisations/:id').length).toBeGreaterThan(1))
  })

  it('takes up a payment begun earlier and not finished', async () => {
    const { api } = renderOrganisation('/billing/acme/pricing', {
      'GET /api/v1/organisation/:id/subscription': reply({
        ...activeSubscription,
        status: 'incomplete',
        isPaying: false,
      }),
      'GET /api/v1/organisation/:id/subscription/payment': reply({
        clientSecret: 'pi_3_secret_x',
        isPaid: false,
      }),
    })
    expect(await screen.findByText(/Awaiting payment/)).toBeInTheDocument()
    expect(await screen.findByText(BILLING_MESSAGES.paymentFormFailed)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: BILLING_MESSAGES.createSubscription })).toBeDisabled()
    expect(api.callsTo('POST /api/v1/organisation/:id/subscription/payment')).toHaveLength(0)
  })

  it('sends a subscription billed another way to support', async () => {
    renderOrganisation('/billing/acme/pricing', {
      'GET /api/v1/organisation/:id/subscription': reply({ ...activeSubscription, providerManaged: false }),
    })
    expect(await screen.findByText(/Please contact support to change it/)).toBeInTheDocument()
    expect(screen.queryByRole('slider')).toBeNull()
  })
})
