import { expect, type Page, test } from '@playwright/test'
import { runAxe } from './support/axe'
import { runSql } from './support/database'
import { findLinkPath, waitForMail } from './support/mail'
import { signInWithApi } from './support/session'

// The demo organisation's provider (packages/db/src/seed/demo-sso.ts), served by the local OpenID provider with
// these accounts (./scripts/test: DEMO_SSO_ACCOUNTS).
const PROVIDER_TITLE = 'Canopy Demo SSO'
const PROVIDER_ID = 'canopy-demo-sso'
const SSO_EMAIL = 'sam.taylor@sso.canopy.example'

/** Login step 1 with the address, then the organisation's sign-on button. */
async function startSsoFromLoginPage(page: Page) {
  await page.goto('/')
  await page.getByRole('textbox', { name: 'Email' }).fill(SSO_EMAIL)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('textbox', { name: 'Password' })).toHaveCount(0)
  await page.getByRole('button', { name: `Login with ${PROVIDER_TITLE}` }).click()
}

test('an address of the SSO domain signs in through its provider and joins the organisation', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const since = Date.now()
  await startSsoFromLoginPage(page)

  // The provider's own page, the address suggested by login_hint.
  await expect(page.getByRole('heading', { name: 'Sign in to the local identity provider' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(SSO_EMAIL)
  await page.getByRole('button', { name: 'Sign in' }).click()

  // First sign-on: the account is made in the provider's organisation and waits for its e-mail verification.
  await expect(page).toHaveURL(new RegExp(`/${PROVIDER_ID}/registered$`))
  await expect(
    page.getByText(
      'Your account has been registered. An email has been sent to verify your account and finish registration.',
    ),
  ).toBeVisible()
  expect(await runAxe(page)).toEqual([])
  await page.goto(
    findLinkPath(await waitForMail(SSO_EMAIL, 'Verify your Canopy account', since), '/account/verify'),
  )
  await expect(page.getByRole('heading', { name: 'Account Verified', level: 1 })).toBeVisible()

  // Signed in at the provider already, the browser comes straight back signed in.
  await startSsoFromLoginPage(page)
  await expect(page.getByRole('heading', { name: 'Your sites', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: /User menu: Sam Taylor/ })).toBeVisible()

  const memberships = await runSql<{ slug: string; isAdministrator: boolean; ssoProvider: string }>(
    `SELECT o.slug, m."isAdministrator", u."ssoProvider" FROM "OrganisationMember" m
       JOIN "Organisation" o ON o.id = m."organisationId" JOIN "User" u ON u.id = m."userId"
      WHERE u.email = $1`,
    [SSO_EMAIL],
  )
  expect(memberships).toEqual([{ slug: 'canopy-demo', isAdministrator: false, ssoProvider: PROVIDER_ID }])
})

test("the organisation's administrator finds its single sign-on from the user menu", async ({ page }) => {
  await signInWithApi(page)
  await page.goto('/')
  await page.getByRole('button', { name: /User menu/ }).click()
  await page.getByRole('menuitem', { name: 'Single sign-on: Canopy Demo' }).click()
  await expect(page.getByRole('heading', { name: 'Single sign-on', level: 2 })).toBeVisible()
  await expect(page.getByRole('heading', { name: PROVIDER_TITLE, level: 3 })).toBeVisible()
  await expect(page.getByText('sso.canopy.example', { exact: true })).toBeVisible()
  expect(await runAxe(page)).toEqual([])
})

test('a failed sign-on lands on the SSO error page', async ({ page }) => {
  const response = await page.goto('/auth/no-such-provider?error_url=/sso/error')
  expect(response?.url()).toMatch(/\/sso\/error$/)
  await expect(page.getByRole('heading', { name: 'SSO Error', level: 1 })).toBeVisible()
  await expect(
    page.getByText('Something went wrong during sign-on. Please contact us if this continues.'),
  ).toBeVisible()
  expect(await runAxe(page)).toEqual([])
})
