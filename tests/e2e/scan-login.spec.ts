import { expect, type Page, test } from '@playwright/test'
import { runAxe } from './support/axe'
import { openDemoSite } from './support/screens'

// Scanning behind a login: the demo site (the fixture) has a members area under /members/ that only a
// signed-in member sees (tests/fixtures/site/members.ts). The admin records its login form, tests it, and a
// scan of a members page audits the page itself, not the login page it sends visitors to.

const DEMO_SITE_URL = process.env.DEMO_SITE_URL ?? 'http://127.0.0.1:8090/'
const LOGIN_PAGE = new URL('/members/login', DEMO_SITE_URL).toString()
const MEMBERS_PAGE = new URL('/members/minutes', DEMO_SITE_URL).toString()

async function recordLoginForm(page: Page) {
  await page.getByLabel('Login page address').fill(LOGIN_PAGE)
  await page.getByLabel('Username field selector').fill('#member-email')
  await page.getByLabel('Password field selector').fill('#member-password')
  await page.getByLabel('Submit button selector').fill('button[type=submit]')
  await page.getByRole('radio', { name: 'A text' }).check()
  await page.getByLabel('Text shown once signed in').fill('Signed in as')
  await page.getByLabel('Username', { exact: true }).fill('councillor@riverbend.gov.uk')
  await page.getByLabel('Password', { exact: true }).fill('river-bend-2026')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Scans sign in with a login form.')).toBeVisible()
  // The secrets are never shown back: the fields are empty and say a value is stored.
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
  await expect(page.getByText('Set. Leave blank to keep the stored password.')).toBeVisible()
}

/** A scan of one members page, as a REST client adds one (POST /scans), until it has finished. */
async function scanMembersPage(page: Page, slug: string) {
  const started = await page.request.post(`/api/v1/sites/${slug}/scans`, { data: { uri: MEMBERS_PAGE } })
  expect(started.status(), await started.text()).toBe(202)
  const { scanId } = (await started.json()) as { scanId: string }
  await expect
    .poll(
      async () => {
        const status = await page.request.get(`/api/v1/sites/${slug}/scans/${scanId}`)
        return ((await status.json()) as { state: string }).state
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe('completed')
}

test.describe('scanning behind a login', () => {
  test.setTimeout(240_000)

  test('the admin records the login form, tests it, and a members page is audited signed in', async ({
    page,
  }) => {
    const site = await openDemoSite(page, { signIn: 'api' })
    const slug = site.split('/').pop() ?? ''
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('link', { name: 'Scanning behind a login' }).click()
    await expect(page.getByRole('heading', { name: 'Scanning behind a login', level: 1 })).toBeVisible()
    await expect(page.getByText('Scans do not sign in.')).toBeVisible()
    await recordLoginForm(page)

    await page.getByRole('button', { name: 'Test sign-in' }).click()
    await expect(page.getByText('Sign-in worked.')).toBeVisible({ timeout: 70_000 })
    expect(await runAxe(page), 'axe on the scan-login settings').toEqual([])

    await scanMembersPage(page, slug)
    await page.goto(`${site}/accessibility/pages`)
    await page.getByRole('searchbox').first().fill('minutes')
    await page.getByRole('searchbox').first().press('Enter')
    await page
      .getByRole('table')
      .getByRole('link', { name: /Minutes of the closed session/ })
      .first()
      .click()
    // The page only members see, with its own planted barrier: not the login form it sends visitors to.
    await expect(page.getByRole('heading', { name: /Minutes of the closed session/, level: 1 })).toBeVisible()
    await expect(
      page.getByRole('button', { name: /Images must have alternative text/ }).first(),
    ).toBeVisible()

    // The demo site scans without signing in again for the specs that follow.
    await page.goto(`${site}/settings/scan-login`)
    await page.getByRole('button', { name: 'Stop signing in' }).click()
    await expect(page.getByText('Scans do not sign in.')).toBeVisible()
  })
})
