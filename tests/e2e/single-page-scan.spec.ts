import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, type Page, test } from '@playwright/test'
import { DEMO_SITE_NAME, signInWithApi } from './support/session'

const DEMO_SITE_URL = process.env.DEMO_SITE_URL ?? 'http://127.0.0.1:8090/'
const PROBLEM_PAGE = new URL('/news/summer-fair', DEMO_SITE_URL).toString()
// Nothing listens on port 9 (discard): the scan of this page fails at once.
const BROKEN_PAGE = 'http://127.0.0.1:9/nothing-here'

const requireFromWeb = createRequire(new URL('../../apps/web/package.json', import.meta.url))
const AXE_SOURCE = readFileSync(requireFromWeb.resolve('axe-core/axe.min.js'), 'utf8')

/** axe on our screen; the snapshot frame holds the scanned page, whose problems are the scan's findings. */
async function findViolationsBesideSnapshot(page: Page) {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern:
  // the app's strict policy stays on while axe runs (a script tag would be refused as inline script).
  await page.evaluate(AXE_SOURCE)
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }
    ).axe
    const results = (await axe.run(
      { exclude: [['iframe']] },
      {
        iframes: false,
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      },
    )) as { violations: { id: string; nodes: { target: string[] }[] }[] }
    return results.violations.map((violation) => ({
      id: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }))
  })
}

async function openAddSinglePage(page: Page) {
  // The sidebar entry sits behind the add-single-page-scan flag.
  await page.addInitScript(() =>
    window.localStorage.setItem('canopy.featureFlags', JSON.stringify({ 'add-single-page-scan': true })),
  )
  await signInWithApi(page)
  await page.goto('/')
  // The sidebar offers it once a site is open.
  await page.getByRole('link', { name: DEMO_SITE_NAME }).click()
  await expect(page.getByRole('heading', { name: DEMO_SITE_NAME, level: 1 })).toBeVisible()
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Add single page' })
    .click()
  return page.getByRole('dialog', { name: 'Add single page' })
}

test.describe('single page scan', () => {
  test.setTimeout(180_000)

  test('from the sidebar: the queue, then scores and failed audits beside the page renderer', async ({
    page,
  }) => {
    const dialog = await openAddSinglePage(page)
    await dialog.getByRole('button', { name: 'Submit' }).click()
    await expect(dialog.getByText('Page URL is required')).toBeVisible()
    await dialog.getByRole('textbox', { name: /Page URL/ }).fill(PROBLEM_PAGE)
    await dialog.getByRole('button', { name: 'Submit' }).click()

    await expect(page).toHaveURL(/\/single-page-scan\/accessibility\?uri=/)
    await expect(page.getByRole('heading', { name: `Scanning ${PROBLEM_PAGE}` })).toBeVisible()

    const tabs = page.getByRole('tablist', { name: 'Scan results' })
    await expect(tabs).toBeVisible({ timeout: 150_000 })
    await expect(tabs.getByRole('tab', { name: /^Accessibility \d+/ })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(page.getByRole('region', { name: 'Accessibility score' })).toBeVisible()
    const failed = page.getByRole('button', { name: /^Failed \d+$/ })
    await expect(failed).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByRole('button', { name: /^Passed \d+$/ })).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('complementary', { name: 'Page renderer' })).toBeVisible()
    expect(await findViolationsBesideSnapshot(page)).toEqual([])

    await tabs.getByRole('tab', { name: /^Performance/ }).click()
    await expect(page).toHaveURL(/\/single-page-scan\/performance\?uri=/)
  })

  test('a page that does not answer gives the error state', async ({ page }) => {
    const dialog = await openAddSinglePage(page)
    await dialog.getByRole('textbox', { name: /Page URL/ }).fill(BROKEN_PAGE)
    await dialog.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByRole('heading', { name: "There's been an error loading your data" })).toBeVisible({
      timeout: 150_000,
    })
    expect(await findViolationsBesideSnapshot(page)).toEqual([])
  })
})
