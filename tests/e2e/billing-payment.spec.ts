import { expect, test } from '@playwright/test'
import { runSql } from './support/database.js'
import { DEMO_EMAIL, signInWithApi } from './support/session.js'
import { confirmTestPayment } from './support/stripe.js'

/** An organisation of its own the demo administrator runs, with one site: the demo organisation stays as seeded. */
async function createOrganisationWithSite(): Promise<{ organisationId: string; siteId: string }> {
  const stamp = Date.now().toString(36)
  const [admin] = await runSql<{ id: string }>('SELECT id FROM "User" WHERE email = $1', [DEMO_EMAIL])
  const organisationId = `e2e-billing-org-${stamp}`
  const siteId = `e2e-billing-site-${stamp}`
  await runSql('INSERT INTO "Organisation" (id, slug, name, "updatedAt") VALUES ($1, $1, $2, now())', [
    organisationId,
    `E2E billing ${stamp}`,
  ])
  await runSql(
    'INSERT INTO "OrganisationMember" ("organisationId", "userId", "isAdministrator") VALUES ($1, $2, true)',
    [organisationId, admin?.id],
  )
  await runSql(
    `INSERT INTO "Site" (id, slug, "siteName", "rootUri", "organisationId", "updatedAt")
     VALUES ($1, $1, $2, 'https://billing.example.test/', $3, now())`,
    [siteId, `E2E billing site ${stamp}`, organisationId],
  )
  return { organisationId, siteId }
}

/** Removes them again, so that later specs find the demo administrator in the demo organisation alone. */
async function deleteOrganisationWithSite({
  organisationId,
  siteId,
}: {
  organisationId: string
  siteId: string
}) {
  await runSql('DELETE FROM "Site" WHERE id = $1', [siteId])
  await runSql('DELETE FROM "Organisation" WHERE id = $1', [organisationId])
}

let created: { organisationId: string; siteId: string } | undefined
test.afterEach(async () => {
  if (created) await deleteOrganisationWithSite(created)
  created = undefined
})

async function siteBilling(siteId: string) {
  const [site] = await runSql<{ isPaying: boolean; maximumPageLimitPerScan: number }>(
    'SELECT "isPaying", "maximumPageLimitPerScan" FROM "Site" WHERE id = $1',
    [siteId],
  )
  return site
}

/**
 * Billing across the real processes: the API bills through the Stripe fake ./scripts/test serves, a card
 * payment at the fake comes back to the API as signed webhook events, and the organisation's site becomes
 * paying with the tier's pages per scan; cancelling makes it free again.
 */
test('paying for a tier by card makes the organisation paying until it cancels', async ({ page }) => {
  created = await createOrganisationWithSite()
  const { organisationId, siteId } = created
  await signInWithApi(page)
  const config = await (await page.request.get('/api/v1/billing/config')).json()
  expect(config.publishableKey).toMatch(/^pk_test_/)
  const base = `/api/v1/organisation/${organisationId}`

  const payment = await page.request.post(`${base}/subscription/payment`, {
    data: { interval: 'monthly', quantity: 2500 },
  })
  expect(payment.status()).toBe(200)
  const { clientSecret, isPaid } = await payment.json()
  expect(isPaid).toBe(false)
  expect(await siteBilling(siteId)).toEqual({ isPaying: false, maximumPageLimitPerScan: 100 })
  await confirmTestPayment(clientSecret)

  const subscription = await (await page.request.get(`${base}/subscription`)).json()
  expect(subscription).toMatchObject({ status: 'active', quantity: 2500, billingAmount: 205, isPaying: true })
  expect(await (await page.request.get(`${base}/subscription/payment`)).json()).toEqual({
    clientSecret: null,
    isPaid: true,
  })
  const invoices = await (await page.request.get(`${base}/invoices`)).json()
  expect(invoices[0]).toMatchObject({ status: 'paid', amountPaid: 205, currency: 'gbp' })
  expect(await siteBilling(siteId)).toEqual({ isPaying: true, maximumPageLimitPerScan: 2500 })

  const cancelled = await page.request.delete(`${base}/subscription`)
  expect(await cancelled.json()).toMatchObject({ status: 'canceled', isPaying: false })
  expect(await siteBilling(siteId)).toEqual({ isPaying: false, maximumPageLimitPerScan: 100 })
})
