import { expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './support/screens'
import { signInWithApi } from './support/session'

// The SEO and performance areas on the demo site's scan (demo-scan.setup.ts ran it): the fixture's planted
// duplicates (a title pair, a description pair, an exact copy and a near-duplicate body), its orphan, the SEO
// checks and the Lighthouse metrics of each page; each list sorted, filtered, paged and exported, each screen
// checked with axe (WCAG 2.2 AA).

const SITE = '/site/demo'

const SCREEN_CHECKS = { skipFrames: true, widths: [360, 1440] }

test.use({ reducedMotion: 'reduce' })

async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(`${SITE}/${path}`)
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
}

/** Downloads the list's CSV export and answers its lines. */
async function exportCsv(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Export' }).click()
  const download = page.waitForEvent('download')
  await page.getByRole('menuitem', { name: /CSV/ }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/\.csv$/)
  const stream = await file.createReadStream()
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8').trim().split(/\r?\n/)
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() =>
    window.localStorage.setItem('canopy.featureFlags', JSON.stringify({ 'seo/orphaned-pages': true })),
  )
  await signInWithApi(page)
})

test.describe('SEO', () => {
  test.setTimeout(120_000)

  test('overview and health: the score, the counts and every check', async ({ page }) => {
    await open(page, 'seo', 'SEO')
    const health = page.getByRole('region', { name: 'Health' })
    await expect(health).toContainText(/Duplicate groups\s*4/)
    await expect(health).toContainText(/Orphaned pages\s*1/)
    await expectAccessible(page, 'seo overview', SCREEN_CHECKS)

    await open(page, 'seo/health', 'Health')
    const checks = page.getByRole('table', { name: 'Each SEO check with the pages it fails on' })
    const duplicateContent = checks.getByRole('row', { name: /Page content is unique/ })
    await expect(duplicateContent.getByRole('cell').first()).toHaveText('4')
    await expect(checks.getByRole('link', { name: 'Page title is unique' })).toBeVisible()
    await expectAccessible(page, 'seo health', SCREEN_CHECKS)
  })

  test('duplicate content: the planted pairs, the near-duplicate, filter, sort, search and export', async ({
    page,
  }) => {
    await open(page, 'seo/duplicate-content', 'Duplicate content')
    const table = page.getByRole('table')
    await expect(table.getByRole('row')).toHaveCount(5)
    await expect(table.getByRole('row', { name: /Road closures in March/ })).toContainText('Title')
    await expect(table.getByRole('row', { name: /Help with housing, homelessness/ })).toContainText(
      'Meta description',
    )
    await expect(table.getByRole('row', { name: /Budget for the coming year/ })).toContainText('100%')
    const near = table.getByRole('row', { name: /Bin collections over/ })
    await expect(near).toContainText('Content')
    await expect(near).not.toContainText('100%')
    await expectAccessible(page, 'duplicate content', SCREEN_CHECKS)

    await page.getByRole('button', { name: /All duplicates/ }).click()
    await page.getByRole('option', { name: 'Content' }).click()
    await expect(page).toHaveURL(/type=content/)
    await expect(table.getByRole('row')).toHaveCount(3)
    await table.getByRole('button', { name: 'Similarity' }).click()
    await expect(page).toHaveURL(/sortBy=similarity&sortDir=asc/)
    await expect(table.getByRole('row').nth(1)).toContainText(/Bin collections over/)
    const lines = await exportCsv(page)
    expect(lines[0]).toBe('id,kind,entryTitle,totalCount,similarity,created')
    expect(lines).toHaveLength(3)

    await page.getByRole('searchbox').first().fill('bin collections')
    await page.getByRole('searchbox').first().press('Enter')
    await expect(page).toHaveURL(/search=bin/)
    await expect(table.getByRole('row')).toHaveCount(2)
    await table.getByRole('link', { name: /Bin collections over/ }).click()

    await expect(page.getByRole('heading', { name: 'Duplicate content', level: 1 })).toBeVisible()
    const pages = page.getByRole('table', { name: 'Pages sharing this duplicate' })
    await expect(pages.getByRole('link', { name: /bin-collections-christmas$/ })).toBeVisible()
    await expect(pages.getByRole('link', { name: /bin-collections-easter$/ })).toBeVisible()
    await expectAccessible(page, 'duplicate detail', SCREEN_CHECKS)
  })

  test('orphaned pages and the SEO pages list: sort, filter, paging and export', async ({ page }) => {
    await open(page, 'seo/orphaned-pages', 'Orphaned pages')
    const orphans = page.getByRole('table')
    await expect(orphans.getByRole('row')).toHaveCount(2)
    await expect(orphans.getByRole('row').nth(1)).toContainText('/news/consultation-results')
    await expectAccessible(page, 'orphaned pages', SCREEN_CHECKS)

    await open(page, 'seo/pages', 'Pages')
    const table = page.getByRole('table')
    await expect(table.getByRole('row')).toHaveCount(26)
    await table.getByRole('button', { name: 'SEO score' }).click()
    await expect(page).toHaveURL(/sortBy=seoScore&sortDir=asc/)
    const pagination = page.getByRole('navigation', { name: 'Pagination' })
    await pagination.getByRole('link', { name: 'Page 2' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(table.getByRole('row').nth(1)).toBeVisible()
    await page.getByRole('searchbox').first().fill('budget-2026')
    await page.getByRole('searchbox').first().press('Enter')
    await expect(table.getByRole('row')).toHaveCount(2)
    await expect(table.getByRole('row').nth(1)).toContainText('/news/budget-2026')
    const lines = await exportCsv(page)
    expect(lines).toHaveLength(2)
    await expectAccessible(page, 'seo pages', SCREEN_CHECKS)
  })

  test('an SEO issue: the duplicate content check and its four pages', async ({ page }) => {
    await open(page, 'seo/issues/duplicate-content', 'Page content is unique')
    const table = page.getByRole('table', { name: 'Pages affected by this issue' })
    for (const path of [
      'budget-2026',
      'council-budget-agreed',
      'bin-collections-christmas',
      'bin-collections-easter',
    ]) {
      await expect(table.getByRole('row', { name: new RegExp(path) })).toBeVisible()
    }
    await expect(table.getByRole('row')).toHaveCount(5)
    await expectAccessible(page, 'seo issue', SCREEN_CHECKS)
  })
})

test.describe('performance', () => {
  test.setTimeout(120_000)

  test('overview, the pages in both views with their formats, and a performance issue', async ({ page }) => {
    await open(page, 'performance', 'Performance')
    await expect(page.getByRole('region', { name: 'What the metrics measure' })).toBeVisible()
    await expectAccessible(page, 'performance overview', SCREEN_CHECKS)

    await open(page, 'performance/pages', 'Pages')
    const table = page.getByRole('table')
    await expect(table.getByRole('columnheader', { name: 'Performance opportunities' })).toBeVisible()
    await table.getByRole('button', { name: 'Performance score' }).click()
    await expect(page).toHaveURL(/sortBy=performanceScore&sortDir=asc/)
    await expectAccessible(page, 'performance pages', SCREEN_CHECKS)

    await page.getByRole('button', { name: 'Page actions' }).click()
    await page.getByRole('menuitemradio', { name: 'Advanced view' }).click()
    await expect(page).toHaveURL(/view=advanced/)
    await expect(table.getByRole('columnheader', { name: 'CLS' })).toBeVisible()
    await page.getByRole('searchbox').first().fill('/news/budget-2026')
    await page.getByRole('searchbox').first().press('Enter')
    const row = table.getByRole('row').nth(1)
    const cells = row.getByRole('cell')
    // FCP, SI, TBT, LCP in seconds to one decimal; CLS to two decimals.
    for (const index of [0, 1, 2, 3]) await expect(cells.nth(index)).toHaveText(/^\d+\.\d\ss$/)
    await expect(cells.nth(4)).toHaveText(/^\d+\.\d\d$/)
    await page.getByRole('button', { name: 'Clear filter' }).click()
    await table.getByRole('button', { name: 'FCP' }).click()
    await expect(page).toHaveURL(/sortBy=firstContentfulPaint.value/)
    const lines = await exportCsv(page)
    expect(lines.length).toBeGreaterThan(30)
    await expectAccessible(page, 'performance pages advanced', SCREEN_CHECKS)

    await open(page, 'performance', 'Performance')
    const issues = page.getByRole('region', { name: 'Most frequent issues' })
    // Lighthouse's audits that fail on the demo pages (render-blocking requests and the like).
    await issues.getByRole('link').first().click()
    await expect(page).toHaveURL(/performance\/issues\/[^/]+$/)
    const affected = page.getByRole('table', { name: 'Pages affected by this issue' })
    await expect(affected.getByRole('row').nth(1)).toBeVisible()
    await expectAccessible(page, 'performance issue', SCREEN_CHECKS)
  })
})
