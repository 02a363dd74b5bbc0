import { expect, type Page, test } from '@playwright/test'
import { runSql } from './support/database'
import { findLinkPath, waitForMail } from './support/mail'
import { expectAccessible } from './support/screens'
import { DEMO_SITE_NAME, signInWithApi, signInWithForm } from './support/session'
import { confirmTestPayment } from './support/stripe'

// A new user registers, gets an organisation of their own, adds a site (the fixture server's second port,
// allow-listed for the scanner like the demo site), finds its content quality behind the premium gate,
// subscribes to a tier from their organisation's billing and pays: Stripe.js cannot load offline, so the form
// says so and the payment is confirmed at the Stripe fake with its test card; its webhook makes the
// organisation paying, and the site's premium screens open in the same visit.
const DEMO_SITE_URL = process.env.DEMO_SITE_URL ?? 'http://127.0.0.1:8090/'
const EXTERNAL_PORT =
  process.env.FIXTURE_SITE_EXTERNAL_PORT ?? String(Number(new URL(DEMO_SITE_URL).port) + 1)
const SITE_URL = `http://127.0.0.1:${EXTERNAL_PORT}/`
const PASSWORD = 'Compiler-1952-Hopper'

async function registerAndVerify(page: Page, { lastName, email }: { lastName: string; email: string }) {
  const since = Date.now()
  await page.goto('/register')
  await page.getByRole('textbox', { name: 'First name' }).fill('Grace')
  await page.getByRole('textbox', { name: 'Surname' }).fill(lastName)
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(page.getByRole('heading', { name: 'Registration successful' })).toBeVisible()
  await page.goto(
    findLinkPath(await waitForMail(email, 'Verify your Canopy account', since), '/account/verify'),
  )
  await expect(page.getByRole('heading', { name: 'Account Verified', level: 1 })).toBeVisible()
}

/** Adds a site from the site selector; answers its slug. */
async function addSite(page: Page, siteName: string): Promise<string> {
  await page.getByRole('link', { name: 'Add site' }).click()
  await page.getByRole('textbox', { name: /Site name/ }).fill(siteName)
  await page.getByRole('textbox', { name: /Root URL/ }).fill(SITE_URL)
  await page.getByRole('button', { name: 'Add site' }).click()
  await expect(page.getByRole('heading', { name: siteName, level: 1 })).toBeVisible({ timeout: 45_000 })
  return new URL(page.url()).pathname.split('/')[2] ?? ''
}

/** Picks the 1,000-page tier on the slider and starts its subscription; answers the payment's client secret. */
async function startSubscription(page: Page): Promise<string> {
  const slider = page.getByRole('slider', { name: 'Pages per scan' })
  await slider.focus()
  await slider.press('ArrowRight')
  await expect(slider).toHaveAttribute('aria-valuetext', '1,000 pages per scan, £115.00 per month')
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      /\/api\/v1\/organisation\/[^/]+\/subscription\/payment$/.test(response.url()),
  )
  await page.getByRole('button', { name: 'Create a subscription' }).click()
  const payment = (await (await answer).json()) as { clientSecret: string | null; isPaid: boolean }
  expect(payment).toMatchObject({ isPaid: false, clientSecret: expect.stringContaining('_secret_') })
  return payment.clientSecret ?? ''
}

test('a new user gets an organisation, subscribes from its billing, pays, and their site goes premium', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const stamp = Date.now()
  const lastName = `Hopper${stamp}`
  const email = `grace.${stamp}@example.com`
  await registerAndVerify(page, { lastName, email })
  await signInWithForm(page, email, PASSWORD)

  // Their own organisation, named after them, reached from the user menu.
  await page.getByRole('button', { name: /User menu/ }).click()
  await page.getByRole('menuitem', { name: 'Billing' }).click()
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible()
  const organisationLink = page.getByRole('link', { name: `Grace ${lastName}` })
  await expect(organisationLink).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(`Grace ${lastName}`) })).toContainText('Individual')
  await expectAccessible(page, 'billing list')

  await page.goto('/')
  const siteSlug = await addSite(page, `Grace's library ${stamp}`)
  await page.goto(`/site/${siteSlug}/content-quality`)
  await expect(page.getByRole('heading', { name: 'Content quality is a premium feature' })).toBeVisible()
  await page.getByRole('link', { name: 'See premium features' }).click()
  await expect(page).toHaveURL(/\/billing\/grace-hopper\d+\/pricing$/)
  await expect(page.getByText('No subscription: the free plan, 100 pages per scan.')).toBeVisible()
  await expectAccessible(page, 'billing pricing')

  const clientSecret = await startSubscription(page)
  // Stripe.js comes from Stripe, out of reach here: the form says it has not loaded.
  await expect(page.getByText('The payment form has not loaded correctly.')).toBeVisible({ timeout: 30_000 })
  await expectAccessible(page, 'billing payment form failed')

  await confirmTestPayment(clientSecret)
  await expect(page.getByText('Your payment has been processed.')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(/1,000 pages per scan, £115\.00 per month: Active/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Update my subscription' })).toBeVisible()

  // Within the same visit: the usage tab leads to the site, whose premium screen now opens.
  await page.getByRole('tab', { name: 'Usage' }).click()
  await expect(page).toHaveURL(/\/usage$/)
  await page.getByRole('link', { name: `Grace's library ${stamp}` }).click()
  await expect(page.getByRole('heading', { name: `Grace's library ${stamp}`, level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Content quality', exact: true }).click()
  await page.getByRole('dialog', { name: 'Content quality' }).getByRole('link', { name: 'Overview' }).click()
  await expect(page).toHaveURL(new RegExp(`/site/${siteSlug}/content-quality$`))
  // The screen itself, or its first-scan notice while the site's first scan still runs: no premium gate.
  await expect(
    page.getByRole('heading', { name: /^(Content quality|Your results are on the way)$/ }).first(),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Content quality is a premium feature' })).toBeHidden()
})

test("the demo organisation's usage counts the pages its scans read this month", async ({ page }) => {
  await signInWithApi(page)
  await page.goto('/billing')
  await page.getByRole('link', { name: 'Canopy Demo', exact: true }).click()
  await expect(page).toHaveURL(/\/billing\/[^/]+\/account$/)
  await expect(page.getByRole('textbox', { name: /Organisation name/ })).toHaveValue('Canopy Demo')
  await expectAccessible(page, 'billing account')

  const [firstScan] = await runSql<{ first: number }>(
    `SELECT s."pagesScanned" AS first FROM "Scan" s JOIN "Site" t ON t.id = s."siteId"
     WHERE t."siteName" = $1 AND s.number = 1`,
    [DEMO_SITE_NAME],
  )
  const first = firstScan?.first ?? 0
  expect(first).toBeGreaterThan(0)
  await page.getByRole('tab', { name: 'Usage' }).click()
  const row = page.getByRole('row', { name: new RegExp(DEMO_SITE_NAME) })
  await expect(row).toBeVisible()
  const shown = Number(
    (((await row.getByRole('cell').nth(1).textContent()) ?? '').match(/^[\d,]+/)?.[0] ?? '').replace(
      /,/g,
      '',
    ),
  )
  // Every scan of the demo site this month (UTC) counts: its first, and any the specs before this one ran.
  const [thisMonth] = await runSql<{ pages: number }>(
    `SELECT coalesce(sum(s."pagesScanned"), 0)::int AS pages FROM "Scan" s JOIN "Site" t ON t.id = s."siteId"
     WHERE t."siteName" = $1 AND s."queuedAt" >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
    [DEMO_SITE_NAME],
  )
  expect(shown).toBeGreaterThanOrEqual(first)
  expect(shown).toBeLessThanOrEqual(thisMonth?.pages ?? 0)
  await expect(page.getByText(/of [\d,]+ pages scanned this month/)).toBeVisible()
  await expectAccessible(page, 'billing usage')

  // The demo pays outside the card provider: the credit-limit action is there, the pricing tab sends to support.
  await row.getByRole('button', { name: /Change credit limit/ }).click()
  await expect(page.getByRole('dialog', { name: `Credit limit of ${DEMO_SITE_NAME}` })).toBeVisible()
  await expectAccessible(page, 'billing credit limit', { widths: [320] })
  await page.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('tab', { name: 'Pricing' }).click()
  await expect(page.getByText(/Please contact support to change it/)).toBeVisible()
})
