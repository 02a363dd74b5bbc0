import { expect, type Page, test } from '@playwright/test'
import { expectAccessible, openDemoSite } from './support/screens'

// The content quality area after the demo scan (demo-scan.setup.ts ran it): the fixture site's planted
// broken links (an internal 404, a 404 on the partner host), its bot-walled links shown as "could not
// verify", its pages at each planted readability level and its broken image, each list sorted, filtered,
// paged and exported, every screen checked with axe (WCAG 2.2 AA).

const DEMO_SITE_URL = process.env.DEMO_SITE_URL ?? 'http://127.0.0.1:8090/'
/** The fixture's partner site answers on the next port (tests/fixtures/site, expandUrl). */
const PARTNER_ORIGIN = (() => {
  const url = new URL(DEMO_SITE_URL)
  url.port = String(Number(url.port) + 1)
  return url.origin
})()

const SCREEN_CHECKS = { skipFrames: true, widths: [] }

test.use({ reducedMotion: 'reduce' })

async function exportCsv(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Export' }).click()
  const download = page.waitForEvent('download')
  await page.getByRole('menuitem', { name: /CSV/ }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/\.csv$/)
  const path = await file.path()
  const { readFile } = await import('node:fs/promises')
  return readFile(path, 'utf8')
}

test.describe('content quality', () => {
  test.setTimeout(180_000)

  test('the overview: score, last scan, the four cards and the progress tabs', async ({ page }) => {
    const SITE = await openDemoSite(page, { signIn: 'api' })
    await page.goto(`${SITE}/content-quality`)
    await expect(page.getByRole('heading', { name: 'Content quality', level: 1 })).toBeVisible()
    for (const card of ['Readability score', 'Broken links', 'Misspellings', 'Broken images']) {
      await expect(page.getByRole('heading', { name: card, level: 2 })).toBeVisible()
    }
    const brokenLinks = page.getByRole('region', { name: 'Broken links' })
    await expect(brokenLinks.getByText(/^\d+$/)).toBeVisible()
    await expect(page.getByRole('region', { name: 'Last scan summary' })).toContainText('Pages scanned')
    for (const tab of ['Overall', 'Readability', 'Broken links', 'Misspellings']) {
      await page.getByRole('tab', { name: tab }).click()
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
    }
    await expectAccessible(page, 'content-quality', SCREEN_CHECKS)
    await page.getByRole('link', { name: 'See more about broken images' }).click()
    await expect(page).toHaveURL(/content-quality\/issues\/broken-images$/)
    await expect(page.getByRole('link', { name: /summer fair/i }).first()).toBeVisible()
    await expectAccessible(page, 'content-quality-issue', SCREEN_CHECKS)
  })

  test('the pages list: the findings per page, sorted, filtered, paged and exported', async ({ page }) => {
    const SITE = await openDemoSite(page, { signIn: 'api' })
    await page.goto(`${SITE}/content-quality/pages`)
    const table = page.getByRole('table')
    for (const column of [
      'Content quality score',
      'Broken links',
      'Misspellings',
      'Readability',
      'Broken images',
    ]) {
      await expect(table.getByRole('columnheader', { name: column })).toBeVisible()
    }
    // Most broken links first: the planted links page leads.
    await table.getByRole('button', { name: 'Broken links' }).click()
    await table.getByRole('button', { name: 'Broken links' }).click()
    await expect(page).toHaveURL(/sortBy=brokenLinkCount&sortDir=desc/)
    await expect(table.getByRole('row').nth(1)).toContainText('/about/useful-links')
    await expectAccessible(page, 'content-quality-pages', SCREEN_CHECKS)
    await page.goto(`${SITE}/content-quality/pages`)
    const pagination = page.getByRole('navigation', { name: 'Pagination' })
    await pagination.getByRole('link', { name: 'Page 2' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(table.getByRole('row').nth(1)).toBeVisible()
    await page.getByRole('searchbox').first().fill('governance')
    await page.getByRole('searchbox').first().press('Enter')
    await expect(page).toHaveURL(/search=governance/)
    await expect(table.getByRole('row')).toHaveCount(2)
    await expect(table.getByRole('row').nth(1)).toContainText('Very difficult to read')
    const csv = await exportCsv(page)
    expect(csv.trimEnd().split('\r\n')).toHaveLength(2)
    expect(csv).toContain('/about/governance')
  })

  test('readability: the score, the levels and the pages at each planted level', async ({ page }) => {
    const SITE = await openDemoSite(page, { signIn: 'api' })
    await page.goto(`${SITE}/content-quality/readability`)
    await expect(page.getByRole('heading', { name: 'Readability', level: 1 })).toBeVisible()
    await expect(page.getByRole('table', { name: 'Pages per readability level' })).toBeVisible()
    await page.getByRole('tab', { name: /^Very difficult to read/ }).click()
    await expect(page.getByRole('tabpanel').getByRole('row', { name: /\/about\/governance/ })).toBeVisible()
    await page.getByRole('tab', { name: /^Difficult to read \(0\)/ }).click()
    await expect(page.getByRole('tabpanel')).toContainText('No Results')
    await expectAccessible(page, 'content-quality-readability', SCREEN_CHECKS)

    await page.goto(`${SITE}/content-quality/readability/very-easy-to-read`)
    await expect(page.getByRole('heading', { name: 'Very easy to read', level: 1 })).toBeVisible()
    const table = page.getByRole('table')
    await table.getByRole('button', { name: 'Readability' }).click()
    await table.getByRole('button', { name: 'Readability' }).click()
    await expect(page).toHaveURL(/sortDir=desc/)
    await expect(table.getByRole('row').nth(1)).toContainText('/about/easy-read')
    await expectAccessible(page, 'content-quality-readability-level', SCREEN_CHECKS)
    const csv = await exportCsv(page)
    expect(csv).toContain('/about/easy-read')
    expect(csv).not.toContain('/about/governance')

    await page.goto(`${SITE}/content-quality/readability/moderately-difficult-to-read`)
    await expect(page.getByText('No pages which are moderately difficult to read were found')).toBeVisible()
    await page.goto(`${SITE}/content-quality/readability/not-a-level`)
    await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible()
  })

  test('broken links: internal and external, could not verify, the pages affected', async ({ page }) => {
    const SITE = await openDemoSite(page, { signIn: 'api' })
    await page.goto(`${SITE}/content-quality/broken-links`)
    const table = page.getByRole('table')
    const internal = table.getByRole('row', { name: /\/about\/annual-review-2019/ })
    await expect(internal).toContainText('404 Not Found')
    const external = table.getByRole('row', {
      name: new RegExp(`${PARTNER_ORIGIN}/reports/annual-report-2019`),
    })
    await expect(external).toContainText('404 Not Found')
    const botWalled = table.getByRole('row', { name: /\/in\/river-bend-council/ })
    await expect(botWalled).toContainText('Could not verify')
    await expect(table.getByRole('row', { name: /\/slow\/report/ })).toContainText('Timeout')
    await expectAccessible(page, 'content-quality-broken-links', SCREEN_CHECKS)

    await page.getByRole('button', { name: 'Check result' }).click()
    await page.getByRole('option', { name: 'Could not verify', exact: true }).click()
    await expect(page).toHaveURL(/verification=unverified/)
    await expect(table.getByRole('row', { name: /\/members\/newsletter/ })).toBeVisible()
    await expect(table.getByRole('row', { name: /annual-review-2019/ })).toHaveCount(0)
    await page.getByRole('button', { name: 'Check result' }).click()
    await page.getByRole('option', { name: 'Broken', exact: true }).click()

    await page.getByRole('button', { name: 'Page actions' }).click()
    await page.getByRole('menuitemradio', { name: 'internal only' }).click()
    await expect(page).toHaveURL(/view=internal/)
    await expect(table.getByRole('row', { name: /annual-review-2019/ })).toBeVisible()
    await expect(table.getByRole('row', { name: new RegExp(PARTNER_ORIGIN) })).toHaveCount(0)
    await table.getByRole('button', { name: 'HTTP status code' }).click()
    await expect(page).toHaveURL(/sortBy=status/)
    await expect(table.getByRole('row').nth(1)).toContainText('404')
    const csv = await exportCsv(page)
    expect(csv).toContain('/about/annual-review-2019')
    expect(csv).not.toContain(PARTNER_ORIGIN)

    await page.goto(`${SITE}/content-quality/broken-links?view=external`)
    await table
      .getByRole('row', { name: new RegExp(`${PARTNER_ORIGIN}/reports/annual-report-2019`) })
      .getByRole('link')
      .click()
    await expect(page).toHaveURL(/content-quality\/broken-links\/[^/?]+$/)
    await expect(page.getByRole('heading', { name: /annual-report-2019/, level: 1 })).toBeVisible()
    const affected = page.getByRole('table')
    await expect(affected.getByRole('columnheader', { name: 'Last scan date' })).toBeVisible()
    await expect(affected.getByRole('row', { name: /useful-links|Useful links/i })).toBeVisible()
    await expectAccessible(page, 'content-quality-broken-link', SCREEN_CHECKS)
  })
})
