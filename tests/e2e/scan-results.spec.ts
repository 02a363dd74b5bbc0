import { expect, test } from '@playwright/test'
import { openSummerFairIssue } from './support/assignment'
import { expectAccessible, openDemoSite } from './support/screens'
import { DEMO_SITE_NAME, signInWithForm } from './support/session'

// What a user sees of the demo site's scan (demo-scan.setup.ts ran it): the dashboard, the accessibility
// area, a page's and a document's detail, the cross-site screens, and a rescan after a barrier was fixed.
// Every screen is checked with axe (WCAG 2.2 AA, the scanned page's frame left out) and photographed at
// 360 px and 1440 px into test-results/screens for review.

const DEMO_SITE_URL = process.env.DEMO_SITE_URL ?? 'http://127.0.0.1:8090/'

const SCREEN_CHECKS = { skipFrames: true, widths: [360, 1440] }

test.use({ reducedMotion: 'reduce' })

test.describe('scan results', () => {
  test.setTimeout(180_000)

  test('the site dashboard: scores, history chart with its table, last scan, worst pages', async ({
    page,
  }) => {
    await openDemoSite(page)
    await expect(page.getByRole('heading', { name: 'Last scan', exact: true, level: 2 })).toBeVisible()
    for (const category of ['Accessibility', 'Content quality', 'SEO', 'Performance']) {
      await expect(page.getByRole('region', { name: new RegExp(category) }).first()).toBeVisible()
    }
    // The chart's text alternative: the same numbers as a table.
    await page.getByRole('button', { name: 'Data of scores over time as a table' }).click()
    await expect(page.getByRole('table', { name: 'Scores over time' })).toBeVisible()
    // The worst pages of the demo scan (which ones depends on what other specs scanned before this one).
    const worst = page.getByRole('region', { name: 'Pages that need the most work' })
    await expect(worst.getByRole('link').first()).toBeVisible()
    await expectAccessible(page, 'dashboard', SCREEN_CHECKS)
  })

  test('the accessibility area: dashboard, pages list (sort, filter, page, export), an issue and its pages', async ({
    page,
  }) => {
    const SITE = await openDemoSite(page)
    await page.goto(`${SITE}/accessibility`)
    await expect(page.getByRole('heading', { name: 'Accessibility', level: 1 })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Issues by WCAG level' })).toBeVisible()
    await expectAccessible(page, 'accessibility-dashboard', SCREEN_CHECKS)

    await page.goto(`${SITE}/accessibility/pages`)
    const table = page.getByRole('table')
    await expect(table.getByRole('row').nth(1)).toBeVisible()
    await table
      .getByRole('button', { name: /Title|Page/ })
      .first()
      .click()
    await expect(page).toHaveURL(/sort/)
    await page.getByRole('searchbox').first().fill('news')
    await page.getByRole('searchbox').first().press('Enter')
    await expect(page).toHaveURL(/search=news/)
    await expect(table.getByRole('row').nth(1)).toContainText(/news/i)
    await page.getByRole('button', { name: 'Clear filter' }).click()
    const pagination = page.getByRole('navigation', { name: 'Pagination' })
    if (await pagination.isVisible()) {
      await pagination.getByRole('link', { name: 'Page 2' }).click()
      await expect(page).toHaveURL(/page=2/)
    }
    await expectAccessible(page, 'accessibility-pages', SCREEN_CHECKS)
    await page.getByRole('button', { name: 'Export' }).click()
    const download = page.waitForEvent('download')
    await page.getByRole('menuitem', { name: /CSV/ }).click()
    const csv = await download
    expect(csv.suggestedFilename()).toMatch(/\.csv$/)

    await page.goto(`${SITE}/accessibility/issues`)
    await expect(page.getByRole('heading', { name: 'Issues', level: 1 })).toBeVisible()
    await expectAccessible(page, 'accessibility-issues', SCREEN_CHECKS)
    await page
      .getByRole('link', { name: /Images must have alternative text|image/i })
      .first()
      .click()
    await expect(page).toHaveURL(/accessibility\/issues\/[^/]+$/)
    await expect(page.getByRole('link', { name: /summer fair/i }).first()).toBeVisible()
    await expectAccessible(page, 'accessibility-issue', SCREEN_CHECKS)
  })

  test("a page's detail: the failed issue with its nodes, element screenshot and the page renderer", async ({
    page,
  }) => {
    const SITE = await openDemoSite(page)
    await openSummerFairIssue(page, SITE)
    await expect(page.getByRole('button', { name: /Enlarge screenshot of/ }).first()).toBeVisible()
    await expect(page.locator('iframe').first()).toBeVisible()
    await expectAccessible(page, 'page-detail', SCREEN_CHECKS)
    for (const tab of ['Overview', 'SEO', 'Performance', 'Inventory', 'Content quality', 'Metadata']) {
      await page.getByRole('tab', { name: tab }).click()
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
    }
  })

  test("a document's detail", async ({ page }) => {
    await page.addInitScript(() =>
      window.localStorage.setItem('canopy.featureFlags', JSON.stringify({ 'accessibility/pdfs': true })),
    )
    const SITE = await openDemoSite(page)
    await page.goto(`${SITE}/accessibility/pdfs`)
    await page.getByRole('table').getByRole('link').first().click()
    await expect(page).toHaveURL(/\/documents\/[^/]+/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible(page, 'document-detail', SCREEN_CHECKS)
  })

  test('the cross-site screens: overview, configurations, scans', async ({ page }) => {
    await signInWithForm(page)
    await page.goto('/overview')
    await expect(page.getByRole('link', { name: DEMO_SITE_NAME }).first()).toBeVisible()
    await expectAccessible(page, 'overview', SCREEN_CHECKS)
    await page.goto('/configurations')
    await expect(page.getByText(DEMO_SITE_NAME).first()).toBeVisible()
    await expectAccessible(page, 'configurations', SCREEN_CHECKS)
    await page.goto('/scans')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible(page, 'scans', SCREEN_CHECKS)
  })

  test('a rescan of a page whose barrier was removed shows the issue as fixed', async ({ page, request }) => {
    test.setTimeout(8 * 60_000)
    const switchSummerFair = async (variant: 'fixed' | 'barrier') => {
      const switched = await request.post(new URL('/__fixture/variant', DEMO_SITE_URL).toString(), {
        data: { page: '/news/summer-fair', variant },
      })
      expect(switched.status()).toBe(204)
    }
    await switchSummerFair('fixed')
    try {
      const SITE = await openDemoSite(page)
      await page.goto(`${SITE}/accessibility/pages?search=summer`)
      await page
        .getByRole('link', { name: /summer fair/i })
        .first()
        .click()
      await page.getByRole('tab', { name: /^Accessibility/ }).click()
      await page.getByRole('button', { name: 'Rescan page' }).click()
      await expect(page.getByText(/queued for scanning/i).first()).toBeVisible()
      // The page's results are fetched again when its scan ends; the audit moves to the passed ones.
      await expect(async () => {
        await page.reload()
        await page.getByRole('button', { name: /^Passed/ }).click()
        await page.getByRole('button', { name: /Images must have alternative text/ }).click()
        await expect(page.getByText(/^Fixed in scan \d+/).first()).toBeVisible({ timeout: 2_000 })
      }).toPass({ timeout: 6 * 60_000, intervals: [5_000] })
    } finally {
      await switchSummerFair('barrier')
    }
  })
})
