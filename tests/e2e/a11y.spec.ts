import { expect, type Page, test } from '@playwright/test'
import { runAxe } from './support/axe'
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_SITE_NAME, signInWithApi } from './support/session'

// Animations are switched off so that axe sees each screen at rest.
test.use({ reducedMotion: 'reduce' })

async function expectNoViolations(page: Page) {
  expect(await runAxe(page)).toEqual([])
}

const DEMO_SITE_URL = process.env.DEMO_SITE_URL ?? 'http://127.0.0.1:8090/'
/** a fixture page with a planted image-alt failure (two visible images: two element screenshots) */
const PAGE_WITH_FAILURES = new URL('/news/summer-fair', DEMO_SITE_URL).toString()
/** a fixture page with valid and invalid e-mail addresses and phone numbers, and no documents */
const PAGE_WITH_CONTACTS = new URL('/about/staff-directory', DEMO_SITE_URL).toString()

/** Opens the single-page scan of a page and waits for its result (the scan runs for real). */
async function openScanResult(page: Page, uri: string) {
  await page.goto(`/single-page-scan/accessibility?uri=${encodeURIComponent(uri)}`)
  await expect(page.getByRole('tablist', { name: 'Scan results' })).toBeVisible({ timeout: 150_000 })
}

for (const width of [320, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('login (both steps) and registration have no axe violations', async ({ page }) => {
      await page.goto('/')
      await expect(page.getByRole('button', { name: 'Next' })).toBeVisible()
      await expectNoViolations(page)

      await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_EMAIL)
      await page.getByRole('button', { name: 'Next' }).click()
      await expect(page.getByRole('textbox', { name: 'Password' })).toBeFocused()
      await expectNoViolations(page)

      await page.goto('/register')
      await page.getByRole('button', { name: 'Register' }).click()
      await expect(page.getByText('You must enter your first name.')).toBeVisible()
      await expectNoViolations(page)
    })

    test('both password reset forms have no axe violations, with errors showing', async ({ page }) => {
      await page.goto('/password/reset')
      await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible()
      await expectNoViolations(page)
      await page.getByRole('button', { name: 'Send reset link' }).click()
      await expect(page.getByText('Please enter your email address')).toBeVisible()
      await expectNoViolations(page)

      // A made-up token: the form is the same, and the server's refusal shows as an alert.
      await page.goto('/password/reset?token=not-a-real-token')
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('weak')
      await page.getByRole('button', { name: 'Set new password' }).click()
      await expect(
        page.getByText('The password you have entered does not meet the minimum requirements.'),
      ).toBeVisible()
      await expectNoViolations(page)
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Axe-check-2026')
      await page.getByRole('textbox', { name: 'Confirm password' }).fill('Axe-check-2026')
      await page.getByRole('button', { name: 'Set new password' }).click()
      await expect(page.getByRole('alert')).toContainText('This password reset link is invalid')
      await expectNoViolations(page)
    })

    test('site selector, site home and the error page have no axe violations', async ({ page }) => {
      await signInWithApi(page)
      await page.goto('/')
      await expect(page.getByRole('link', { name: DEMO_SITE_NAME })).toBeVisible()
      await expectNoViolations(page)

      await page.getByRole('link', { name: DEMO_SITE_NAME }).click()
      await expect(page.getByRole('heading', { name: DEMO_SITE_NAME, level: 1 })).toBeVisible()
      await expect(page.getByRole('button', { name: /^Section/ })).toBeVisible()
      await expectNoViolations(page)

      await page.getByRole('button', { name: /^Section/ }).click()
      await expect(page.getByRole('listbox', { name: 'Sections' })).toBeVisible()
      await expectNoViolations(page)
      await page.keyboard.press('Escape')

      // The sidebar's sub-panels (in the menu drawer below 800 px).
      if (width < 800) await page.getByRole('button', { name: 'Menu' }).click()
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Accessibility' })
        .click()
      await expect(page.getByRole('dialog', { name: 'Accessibility' })).toBeVisible()
      await expectNoViolations(page)
      await page.keyboard.press('Escape')

      await page.goto('/500')
      await expect(page.getByText('Unfortunately we have encountered an error on this page.')).toBeVisible()
      await expectNoViolations(page)

      await page.goto('/site/no-such-site')
      await expect(page.getByRole('heading', { name: 'Site not found' })).toBeVisible()
      await expectNoViolations(page)
    })

    test('the single-page scan result, its page renderer with a highlighted element, the element screenshot lightbox and the inventory tab have no axe violations', async ({
      page,
    }) => {
      test.setTimeout(360_000)
      await signInWithApi(page)
      await openScanResult(page, PAGE_WITH_FAILURES)
      await expect(page.getByRole('complementary', { name: 'Page renderer' })).toBeVisible()
      await expect(page.getByRole('button', { name: /^Failed \d+$/ })).toHaveAttribute(
        'aria-expanded',
        'true',
      )
      await expect(page.getByTitle(`Snapshot of ${PAGE_WITH_FAILURES}`)).toBeVisible()
      expect(await runAxe(page, { skipFrames: true })).toEqual([])

      await page.getByRole('button', { name: /^Images must have alternative text/ }).click()
      await page
        .getByRole('button', { name: /^Highlight on page/ })
        .first()
        .click()
      const highlighted = page
        .frameLocator(`iframe[title="Snapshot of ${PAGE_WITH_FAILURES}"]`)
        .locator('.canopy-renderer-highlight')
      await expect(highlighted.first()).toBeVisible()
      expect(await runAxe(page, { skipFrames: true })).toEqual([])

      // the stored element screenshot, served by the API, opens in the lightbox from the keyboard
      const thumbnail = page.getByRole('button', { name: /^Enlarge screenshot of / }).first()
      const picture = thumbnail.locator('img')
      await expect(picture).toHaveAttribute('src', /\/api\/v1\/single-page-scan\/element-screenshot\//)
      await expect
        .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0)
      const shown = await picture.boundingBox()
      expect(shown?.width ?? 999).toBeLessThanOrEqual(147)
      expect(shown?.height ?? 999).toBeLessThanOrEqual(100)
      await thumbnail.focus()
      await page.keyboard.press('Enter')
      const lightbox = page.getByRole('dialog', { name: /^Screenshot of / })
      await expect(lightbox).toBeVisible()
      const large = await lightbox.getByRole('img').boundingBox()
      expect(large?.width ?? 999).toBeLessThanOrEqual(768)
      expect(large?.height ?? 999).toBeLessThanOrEqual(512)
      expect(await runAxe(page, { skipFrames: true })).toEqual([])
      await page.keyboard.press('Escape')
      await expect(lightbox).toBeHidden()
      await expect(thumbnail).toBeFocused()

      await page.getByRole('tab', { name: 'Inventory' }).click()
      await expect(page.getByText('No documents are linked from this page.')).toBeVisible()
      expect(await runAxe(page, { skipFrames: true })).toEqual([])

      await openScanResult(page, PAGE_WITH_CONTACTS)
      await page.getByRole('tab', { name: 'Inventory' }).click()
      await expect(page.getByRole('rowheader', { name: /press@riverbend\.gov\.uk/ })).toBeVisible()
      await expect(page.getByText('Not valid').first()).toBeVisible()
      expect(await runAxe(page, { skipFrames: true })).toEqual([])
    })
  })
}

test('signs in and reaches a site with the keyboard alone', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible()

  const email = page.getByRole('textbox', { name: 'Email' })
  for (
    let presses = 0;
    presses < 10 && !(await email.evaluate((node) => node === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab')
  }
  await expect(email).toBeFocused()
  await page.keyboard.type(DEMO_EMAIL)
  await page.keyboard.press('Enter')

  const password = page.getByRole('textbox', { name: 'Password' })
  await expect(password).toBeFocused()
  await page.keyboard.type(DEMO_PASSWORD)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Your sites', level: 1 })).toBeVisible()

  const siteLink = page.getByRole('link', { name: DEMO_SITE_NAME })
  for (
    let presses = 0;
    presses < 25 && !(await siteLink.evaluate((node) => node === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab')
  }
  await expect(siteLink).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: DEMO_SITE_NAME, level: 1 })).toBeVisible()

  // Open a sidebar sub-panel, move into it and close it again, all from the keyboard.
  const accessibility = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Accessibility' })
  await accessibility.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Accessibility' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(accessibility).toBeFocused()
})
