import { expect, test } from '@playwright/test'
import { DEMO_SITE_NAME, signInWithApi } from './support/session.js'
import { confirmTestPayment } from './support/stripe.js'

/**
 * Billing across the real processes: the API bills through the Stripe fake ./scripts/test serves, a card
 * payment at the fake comes back to the API as signed webhook events, and the demo organisation's sites
 * become paying with the tier's pages per scan; cancelling makes them free again (as the other specs expect).
 */
test('paying for a tier by card makes the demo organisation paying until it cancels', async ({ page }) => {
  await signInWithApi(page)
  const config = await (await page.request.get('/api/v1/billing/config')).json()
  expect(config.publishableKey).toMatch(/^pk_test_/)
  const organisations = (await (await page.request.get('/api/v1/crm/organisations')).json()) as {
    sys: { id: string }
  }[]
  const organisationId = organisations[0]?.sys.id
  expect(organisationId, 'the demo user administers an organisation').toBeTruthy()
  const base = `/api/v1/organisation/${organisationId}`

  const payment = await page.request.post(`${base}/subscription/payment`, {
    data: { interval: 'monthly', quantity: 2500 },
  })
  expect(payment.status()).toBe(200)
  const { clientSecret, isPaid } = await payment.json()
  expect(isPaid).toBe(false)
  await confirmTestPayment(clientSecret)

  const subscription = await (await page.request.get(`${base}/subscription`)).json()
  expect(subscription).toMatchObject({ status: 'active', quantity: 2500, billingAmount: 205, isPaying: true })
  expect(await (await page.request.get(`${base}/subscription/payment`)).json()).toEqual({
    clientSecret: null,
    isPaid: true,
  })
  const invoices = await (await page.request.get(`${base}/invoices`)).json()
  expect(invoices[0]).toMatchObject({ status: 'paid', amountPaid: 205, currency: 'gbp' })
  const sites = (await (await page.request.get('/api/v1/sites')).json()) as {
    items?: { siteName: string; isPaying: boolean }[]
  }
  expect(sites.items?.find((site) => site.siteName === DEMO_SITE_NAME)?.isPaying).toBe(true)

  const cancelled = await page.request.delete(`${base}/subscription`)
  expect(await cancelled.json()).toMatchObject({ status: 'canceled', isPaying: false })
})
