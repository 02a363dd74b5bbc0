import { expect, test } from '@playwright/test'
import { runAxe } from './support/axe'
import { expectAccessible } from './support/screens'
import { signInWithApi } from './support/session'

// Global search of the demo site after its scan (demo-scan.setup.ts ran it): the search page finds a page
// by its title, a document, a broken link and an e-mail address of the fixture site, each result opens the
// screen it lives on, and the search panel opens on '?' and finds as the user types. Checked with axe
// (WCAG 2.2 AA) and at 320 and 1920 px.

const SITE = '/site/demo'

const SCREEN_CHECKS = { skipFrames: true, widths: [320, 1920] }

test.use({ reducedMotion: 'reduce' })

test.describe('global search', () => {
  test.setTimeout(120_000)

  test('the search page finds a page by title, a document, a broken link and an e-mail address, and opens them', async ({
    page,
  }) => {
    await signInWithApi(page)
    await page.goto(`${SITE}/search?search=${encodeURIComponent('Victoria Park')}`)
    await expect(page.getByRole('heading', { name: 'Search results', level: 1 })).toBeVisible()
    const pages = page.getByRole('region', { name: /^Pages/ })
    const result = pages.getByRole('link', { name: /Victoria Park reopens after repairs/ })
    await expect(result).toBeVisible()
    await expectAccessible(page, 'search-page', SCREEN_CHECKS)
    await result.click()
    await expect(page).toHaveURL(/\/site\/demo\/pages\/[^/]+/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Victoria Park/)

    await page.goto(`${SITE}/search`)
    const field = page.getByRole('searchbox', { name: 'Search this site' })
    await field.fill('annual report')
    // Typing is sent once it pauses: the URL and the results follow without pressing Enter.
    await expect(page).toHaveURL(/search=annual(\+|%20)report/)
    const documents = page.getByRole('region', { name: /^Documents/ })
    await documents.getByRole('link', { name: 'Annual report 2025' }).click()
    await expect(page).toHaveURL(/\/site\/demo\/documents\/[^/]+/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Annual report 2025')

    await page.goto(`${SITE}/search?search=${encodeURIComponent('hello@riverbend')}`)
    const contacts = page.getByRole('region', { name: /^E-mail addresses and telephone numbers/ })
    const email = contacts.getByRole('link', { name: 'hello@riverbend.gov.uk' })
    await expect(email).toHaveAttribute('href', /\/site\/demo\/inventory\/email\/[^/]+$/)
    await expect(contacts).toContainText('E-mail address · valid · on 1 page')

    // A link: the fixture's broken external link opens the pages affected by it.
    await page.goto(`${SITE}/search?search=${encodeURIComponent('annual-report-2019')}`)
    const links = page.getByRole('region', { name: /^Links/ })
    await expect(links).toContainText('External link · Broken (404)')
    await links.getByRole('link', { name: /annual-report-2019/ }).click()
    await expect(page).toHaveURL(/\/site\/demo\/content-quality\/broken-links\/[^/]+$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('annual-report-2019')

    await page.goto(`${SITE}/search?search=${encodeURIComponent('no-such-words-anywhere')}`)
    await expect(page.getByText('No results found for no-such-words-anywhere')).toBeVisible()
    await expectAccessible(page, 'search-no-results', SCREEN_CHECKS)
  })

  test("the panel opens on '?', finds as the user types, opens a result and closes on Escape", async ({
    page,
  }) => {
    await signInWithApi(page)
    await page.goto(`${SITE}/accessibility/pages`)
    await expect(page.getByRole('heading', { name: 'Pages', level: 1 })).toBeVisible()
    await page.keyboard.press('?')
    const panel = page.getByRole('dialog', { name: 'Search' })
    await expect(panel).toBeVisible()
    const field = panel.getByRole('searchbox', { name: 'Search this site' })
    await expect(field).toBeFocused()
    await field.pressSequentially('library')
    const result = panel.getByRole('link', { name: /The new library opens its doors/ })
    await expect(result).toBeVisible()
    // Checked open at this width: below 800 px the sidebar becomes the menu drawer, which closes the panel.
    expect(await runAxe(page, { skipFrames: true }), 'axe on the search panel').toEqual([])
    await page.screenshot({ path: 'test-results/screens/search-panel-1280.png' })
    await expect(panel).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()

    await page.keyboard.press('?')
    await expect(panel).toBeVisible()
    await panel.getByRole('searchbox').pressSequentially('library')
    // Keyboard only: Tab from the field reaches the results.
    await expect(async () => {
      await page.keyboard.press('Tab')
      await expect(result).toBeFocused({ timeout: 200 })
    }).toPass({ timeout: 10_000 })
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/site\/demo\/pages\/[^/]+/)
    await expect(panel).toBeHidden()
  })
})
