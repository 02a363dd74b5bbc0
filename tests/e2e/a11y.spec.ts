import { expect, type Page, test } from '@playwright/test'
import { runAxe } from './support/axe'
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_SITE_NAME, signInWithApi } from './support/session'

// Animations are switched off so that axe sees each screen at rest.
test.use({ reducedMotion: 'reduce' })

async function expectNoViolations(page: Page) {
  expect(await runAxe(page)).toEqual([])
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
