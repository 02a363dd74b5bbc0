import { expect, test } from '@playwright/test'
import { DEMO_SITE_NAME, signInWithForm } from './support/session'

test('the demo admin signs in, opens the demo site and its sidebar, and signs out', async ({ page }) => {
  await signInWithForm(page)

  const siteLink = page.getByRole('link', { name: DEMO_SITE_NAME })
  await expect(siteLink).toBeVisible()
  await expect(page.getByText(/^Showing 1 - \d+ of \d+ results$/)).toBeVisible()
  await siteLink.click()

  await expect(page).toHaveURL(/\/site\/[^/]+$/)
  await expect(page.getByRole('heading', { name: DEMO_SITE_NAME, level: 1 })).toBeVisible()

  const sidebar = page.getByRole('navigation', { name: 'Main' })
  await expect(sidebar.getByRole('link', { name: 'Home' })).toBeVisible()
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
  for (const group of ['Accessibility', 'Content quality', 'SEO', 'Performance', 'Inventory', 'Search']) {
    await expect(sidebar.getByRole('button', { name: group })).toBeVisible()
  }
  // The demo admin administers the demo site, so Settings is there.
  await expect(sidebar.getByRole('button', { name: 'Settings' })).toBeVisible()

  await sidebar.getByRole('button', { name: 'Accessibility' }).click()
  const panel = page.getByRole('dialog', { name: 'Accessibility' })
  await expect(panel.getByRole('link', { name: 'Pages' })).toBeVisible()
  // Choosing another item closes this panel and opens that one.
  await sidebar.getByRole('button', { name: 'Performance' }).click()
  await expect(page.getByRole('dialog', { name: 'Performance' })).toBeVisible()
  await expect(panel).toBeHidden()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Performance' })).toBeHidden()
  await expect(sidebar.getByRole('button', { name: 'Performance' })).toBeFocused()

  await page.getByRole('button', { name: 'Collapse sidebar' }).click()
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
  await page.getByRole('button', { name: 'Expand sidebar' }).click()

  await page.getByRole('button', { name: /^User menu: / }).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page.getByRole('heading', { name: 'Log in to Canopy' })).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  expect(await page.evaluate(() => window.localStorage.length)).toBe(0)

  // The session is gone on the server too: the site needs a new sign-in.
  await page.goto('/site/demo')
  await expect(page.getByRole('heading', { name: 'Log in to Canopy' })).toBeVisible()
})

test('a wrong password shows the server message and the account hint', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('textbox', { name: 'Email' }).fill('demo@canopy.example')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('alert')).toContainText(
    'Make sure you are logging in with the correct account.',
  )
  await page.getByRole('button', { name: 'Change email address' }).click()
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible()
})
