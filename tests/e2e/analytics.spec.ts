import { type Browser, expect, type Page, test } from '@playwright/test'
import { runAxe } from './support/axe'
import { openDemoSite } from './support/screens'
import { DEMO_SITE_NAME, signInWithApi } from './support/session'

// Web analytics end to end: the demo site's admin connects Google Analytics through the consent popup, served
// by the local Google fake (scripts/test serves it at GOOGLE_FAKE_URL and points the API and worker at it),
// chooses the property and turns it on; the analytics screen then shows the views per day, the world map with
// its table and the most visited pages, and the issue pages list gains each page's hits. Disconnects at the end.

test.use({ reducedMotion: 'reduce' })

const GOOGLE_FAKE_URL = process.env.GOOGLE_FAKE_URL ?? 'http://127.0.0.1:8095'

/** Connect, Allow on the fake's consent page in the popup; the popup reports back and closes. */
async function connectThroughPopup(page: Page) {
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Connect Google Analytics' }).click()
  const popup = await popupOpened
  await popup.waitForURL(new RegExp(`^${GOOGLE_FAKE_URL}/o/oauth2/v2/auth\\?`))
  await expect(popup.getByRole('heading', { name: /wants to access your Google Account/ })).toBeVisible()
  expect(await runAxe(popup), 'axe on the fake consent page').toEqual([])
  await popup.getByRole('button', { name: 'Allow' }).click()
  if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 15_000 })
  await expect(page.getByText('A Google Analytics account is connected.')).toBeVisible()
}

async function chooseProperty(page: Page) {
  const form = page.getByRole('form', { name: 'Web analytics property' })
  await form.getByRole('button', { name: /Property ID/ }).click()
  await page.getByRole('option', { name: '123456789' }).click()
  await form.getByRole('switch', { name: 'Enabled' }).check({ force: true })
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Web analytics settings updated').first()).toBeVisible()
}

/**
 * Disconnects the demo site's web analytics through the API, so that a failed test leaves no connection behind
 * for a retry or for the specs after this one.
 */
async function disconnectAnalytics(browser: Browser) {
  const page = await browser.newPage()
  try {
    await signInWithApi(page)
    const sites = await (await page.request.get('/api/v1/sites')).json()
    const demo = sites.items.find((site: { siteName: string }) => site.siteName === DEMO_SITE_NAME)
    await page.request.delete(`/api/v1/sites/${demo.sys.slug}/integrations/ga4/settings`)
  } finally {
    await page.close()
  }
}

test.describe('web analytics', () => {
  test.describe.configure({ mode: 'serial' })
  test.setTimeout(180_000)
  test.afterAll(async ({ browser }) => disconnectAnalytics(browser))

  test('an admin connects GA4 through the popup, then reads the views, the map and the popular pages', async ({
    page,
  }) => {
    const SITE = await openDemoSite(page)
    await page.goto(`${SITE}/settings/integrations`)
    await expect(page.getByRole('heading', { name: 'Web analytics', exact: true })).toBeVisible()
    await connectThroughPopup(page)
    await chooseProperty(page)
    expect(await runAxe(page), 'axe on the integrations screen, connected').toEqual([])

    await page.goto(`${SITE}/analytics`)
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible()
    const views = page.getByRole('region', { name: 'Page views', exact: true })
    await views.getByRole('button', { name: /as a table/ }).click()
    const dayRows = views.getByRole('table', { name: 'Page views' }).getByRole('row')
    // a header and the 30 days of the default month
    await expect(dayRows).toHaveCount(31)

    const countries = page.getByRole('region', { name: 'Page views by country', exact: true })
    await expect(countries.getByText(/^Visitors from \d+ countries/)).toBeVisible()
    const countryTable = countries.getByRole('table', { name: 'Page views by country', exact: true })
    await expect(countryTable.getByRole('rowheader').first()).toHaveText('United Kingdom')

    const popular = page.getByRole('region', { name: 'Most visited pages', exact: true })
    const popularTable = popular.getByRole('table', { name: 'Most visited pages', exact: true })
    await expect(popularTable.getByRole('row').nth(1)).toContainText(/\d/)
    // the home page is the most visited, and the scan knows it: its row links to its analytics
    await expect(popularTable.getByRole('link', { name: /Page analytics/ }).first()).toBeVisible()
    expect(await runAxe(page), 'axe on the analytics screen').toEqual([])

    // React Aria's radio input is visually hidden; its state follows the click once the range is in the URL
    const week = page.getByRole('radio', { name: '1 week' })
    await week.click({ force: true })
    await expect(week).toBeChecked()
    await expect(views.getByRole('table', { name: 'Page views' }).getByRole('row')).toHaveCount(8)
  })

  test('the issue pages list shows each page’s hits and sorts by them; disconnecting removes them', async ({
    page,
  }) => {
    const SITE = await openDemoSite(page)
    await page.goto(`${SITE}/accessibility/issues`)
    await page
      .getByRole('link', { name: /Images must have alternative text/ })
      .first()
      .click()
    const pages = page.getByRole('table', { name: 'Pages affected by this issue' })
    const hits = pages.getByRole('columnheader', { name: /Page hits/ })
    // most viewed first: the second press sorts descending
    await hits.getByRole('button').click()
    await hits.getByRole('button').click()
    await expect(page).toHaveURL(/sortBy=views/)
    await expect(page).toHaveURL(/sortDir=desc/)
    // the worker refreshes the pages' views once web analytics is turned on
    await expect
      .poll(
        async () => {
          await page.reload()
          // the list's skeleton rows come first: read the first row once it names its page
          const firstRow = pages.getByRole('row').nth(1)
          await expect(firstRow.getByRole('rowheader')).toBeVisible()
          const cells = await firstRow.getByRole('cell').allTextContents()
          return cells.some((cell) => /^[1-9][\d,]*$/.test(cell.trim()))
        },
        { timeout: 60_000, intervals: [2_000] },
      )
      .toBe(true)
    expect(await runAxe(page), 'axe on the issue pages with hits').toEqual([])

    await page.goto(`${SITE}/settings/integrations`)
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Disconnect web analytics?' })
    await dialog.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await expect(page.getByText('Web analytics disconnected').first()).toBeVisible()
    await expect(page.getByText('No Google Analytics account is connected.')).toBeVisible()
  })
})
