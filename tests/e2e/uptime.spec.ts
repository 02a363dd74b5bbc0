import { expect, type Page, test } from '@playwright/test'
import { runAxe } from './support/axe'
import { signInWithApi } from './support/session'

// The demo site (the fixture site) taken down and brought back up, as the worker's uptime checks see it: an
// incident opens with the 503's cause and closes. Specs run one at a time, so no other spec scans the site
// while it is down; it is brought back up whatever happens.
const DEMO_SITE_URL = process.env.DEMO_SITE_URL ?? 'http://127.0.0.1:8090/'
const INTERVAL_MS = Number(process.env.UPTIME_CHECK_INTERVAL_SECONDS ?? 300) * 1_000
/** A check lands within an interval of the change (and its tick); the screen is reloaded to read it. */
const CHECK_WAIT_MS = 2 * INTERVAL_MS + 30_000

/** Reloads the screen until the summary says what is expected: a new check shows without waiting a minute. */
async function expectSummary(page: Page, expected: RegExp | string) {
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('region', { name: 'Last 24 hours' })).toContainText(expected, {
      timeout: 2_000,
    })
  }).toPass({ timeout: CHECK_WAIT_MS, intervals: [2_000] })
}

async function setAvailability(page: Page, state: 'down' | 'up') {
  const answer = await page.request.post(new URL('/__fixture/availability', DEMO_SITE_URL).toString(), {
    data: { state },
  })
  expect(answer.status()).toBe(204)
}

test('an incident opens when the demo site goes down and closes when it is back up', async ({ page }) => {
  test.setTimeout(3 * CHECK_WAIT_MS + 60_000)
  await page.addInitScript(() => {
    window.localStorage.setItem('canopy.featureFlags', JSON.stringify({ 'performance/uptime': true }))
  })
  await signInWithApi(page)
  await page.goto('/site/demo/performance/uptime')
  await expect(page.getByRole('heading', { name: 'Uptime', level: 1 })).toBeVisible()
  const summary = page.getByRole('region', { name: 'Last 24 hours' })
  const incidents = page.getByRole('region', { name: 'Incidents', exact: true })
  await expectSummary(page, /Current status\s*Up/)

  try {
    await setAvailability(page, 'down')
    await expectSummary(page, /Current status\s*Down\s*HTTP 503/)
    await expect(summary).toContainText('1 ongoing')
    const ongoing = incidents.getByRole('row').filter({ hasText: 'Ongoing' })
    await expect(ongoing).toContainText('HTTP 503')
  } finally {
    await setAvailability(page, 'up')
  }
  await expectSummary(page, /Current status\s*Up/)
  await expect(summary).toContainText('None ongoing')
  const closed = incidents.getByRole('row').filter({ hasText: 'HTTP 503' })
  await expect(closed).toHaveCount(1)
  await expect(closed).not.toContainText('Ongoing')

  await page.getByRole('button', { name: 'Data of response time as a table' }).click()
  await expect(page.getByRole('table', { name: 'Response time' })).toBeVisible()
  expect(await runAxe(page)).toEqual([])
})
