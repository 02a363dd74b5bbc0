import { expect, test } from '@playwright/test'
import { runAxe } from './support/axe'
import { leftoversOfSite, scanIdsOfSite } from './support/leftovers'
import { signInWithApi } from './support/session'

// The demo admin adds a second site (the fixture server's second port, the "partner" site), sees its first
// scan on its dashboard, sets its weekly schedule, deletes it, and nothing of it remains: no row naming it,
// no artefact of its scans, no queue job. The fixture host is allow-listed for the scanner as the demo site is.
const DEMO_SITE_URL = process.env.DEMO_SITE_URL ?? 'http://127.0.0.1:8090/'
const EXTERNAL_PORT =
  process.env.FIXTURE_SITE_EXTERNAL_PORT ?? String(Number(new URL(DEMO_SITE_URL).port) + 1)
const PARTNER_URL = `http://127.0.0.1:${EXTERNAL_PORT}/`
const SITE_NAME = `Partner library ${Date.now()}`

test('an admin adds a site, sees its first scan, sets its schedule and deletes it', async ({ page }) => {
  test.setTimeout(240_000)
  await page.addInitScript(() => {
    window.localStorage.setItem('canopy.featureFlags', JSON.stringify({ 'settings/scans': true }))
  })
  await signInWithApi(page)
  await page.goto('/')
  await page.getByRole('link', { name: 'Add site' }).click()
  await expect(page.getByRole('heading', { name: 'Add site', level: 1 })).toBeVisible()
  expect(await runAxe(page)).toEqual([])
  await page.getByRole('textbox', { name: /Site name/ }).fill(SITE_NAME)
  await page.getByRole('textbox', { name: /Root URL/ }).fill(PARTNER_URL)
  await page.getByRole('textbox', { name: 'Section name' }).fill('Members')
  await page.getByRole('textbox', { name: /Pages whose path starts with/ }).fill('/members/')
  await page.getByRole('button', { name: 'Add site' }).click()

  await expect(page).toHaveURL(/\/site\/partner-library/)
  const slug = new URL(page.url()).pathname.split('/')[2] ?? ''
  // The first scan is queued at once; the dashboard says so, then follows it live until pages are scanned.
  await expect(
    page.getByRole('heading', { name: /Your results are on the way|Last scan/, level: 2 }),
  ).toBeVisible({ timeout: 45_000 })
  await expect(page.getByText(/^\d+ of \d+ pages? scanned$|Scan 1 finished on/)).toBeVisible({
    timeout: 120_000,
  })
  const siteId: string = (await (await page.request.get(`/api/v1/sites/${slug}`)).json()).sys.id
  // The scan runs on while the site is changed and deleted: its jobs are in the queue, and pages it has
  // audited by then have artefacts on disk (the API tests delete a site with stored artefacts every time).
  const scanIds = await scanIdsOfSite(siteId)

  await page.goto(`/site/${slug}/settings/scans`)
  // A full load of the app while the new site's first scan runs: slow on a loaded machine.
  await expect(page.getByRole('heading', { name: 'Scans', level: 1 })).toBeVisible({ timeout: 45_000 })
  await page.getByRole('button', { name: /Scan day/ }).click()
  await page.getByRole('option', { name: 'Friday' }).click()
  await page.getByRole('button', { name: /Scan hour/ }).click()
  await page.getByRole('option', { name: '22:00' }).click()
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Scan settings saved')).toBeVisible()
  expect(await runAxe(page)).toEqual([])
  const saved = await (await page.request.get(`/api/v1/sites/${slug}`)).json()
  expect(saved).toMatchObject({ scanDay: 5, scanHour: 22, scanSchedule: '0 22 * * 5' })

  await page.goto(`/site/${slug}/settings/danger-zone`)
  await expect(page.getByRole('heading', { name: 'Danger zone', level: 1 })).toBeVisible({ timeout: 45_000 })
  await page.getByRole('button', { name: 'Delete site' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete this site' })
  await dialog.getByRole('textbox').fill(SITE_NAME)
  await dialog.getByRole('button', { name: 'Delete site' }).click()
  await expect(page.getByRole('heading', { name: 'Your sites', level: 1 })).toBeVisible()
  expect((await page.request.get(`/api/v1/sites/${slug}`)).status()).toBe(404)
  await page.getByRole('searchbox', { name: 'Filter sites' }).fill(SITE_NAME)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('link', { name: SITE_NAME })).toHaveCount(0)
  // A job running at the deletion (a Lighthouse run) ends on finding its scan gone; the worker then removes it.
  await expect
    .poll(() => leftoversOfSite(siteId, scanIds), { timeout: 120_000, intervals: [1_000, 2_000, 5_000] })
    .toEqual({ rows: {}, artefacts: [], queueKeys: [] })
})
