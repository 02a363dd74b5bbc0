import { expect, type Page, test } from '@playwright/test'
import { findPasswordResetPath, waitForMail } from './support/mail'
import { DEMO_MEMBER_EMAIL, DEMO_PASSWORD, signInWithForm } from './support/session'

// The demo member, never the admin: the other specs sign in as the admin.
const NEW_PASSWORD = 'Member-reset-2026'
const RESET_SUBJECT = 'Reset your Canopy password'
const REQUEST_SENT =
  "An email has been sent with a link to reset your password. The link expires in one hour. If you can't find it, please check your spam folder."

/** The member's password back to DEMO_PASSWORD through the same API, whatever the test left behind. */
async function restoreMemberPassword(page: Page) {
  const since = Date.now() - 1000
  const requested = await page.request.post('/account/reset', { data: { email: DEMO_MEMBER_EMAIL } })
  expect(requested.ok()).toBe(true)
  const token = new URL(
    findPasswordResetPath(await waitForMail(DEMO_MEMBER_EMAIL, RESET_SUBJECT, since)),
    'http://link.invalid',
  ).searchParams.get('token')
  const reset = await page.request.post('/account/reset/password', {
    data: { token, password: DEMO_PASSWORD },
  })
  expect(reset.ok(), `POST /account/reset/password answered ${reset.status()}`).toBe(true)
}

test.afterEach(async ({ page }) => {
  await restoreMemberPassword(page)
})

test('resets a forgotten password from the e-mailed link and signs in with the new one', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/password\/reset$/)
  await expect(page.getByRole('heading', { name: 'Request password reset', level: 1 })).toBeVisible()

  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('Please enter your email address')).toBeVisible()

  // The mtime of the .eml file has whole-millisecond (or coarser) resolution.
  const since = Date.now() - 1000
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_MEMBER_EMAIL)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText(REQUEST_SENT)).toBeVisible()

  const resetPath = findPasswordResetPath(await waitForMail(DEMO_MEMBER_EMAIL, RESET_SUBJECT, since))
  await page.goto(resetPath)
  await expect(page.getByRole('heading', { name: 'Set new password', level: 1 })).toBeVisible()
  const password = page.getByRole('textbox', { name: 'Password', exact: true })
  const confirmation = page.getByRole('textbox', { name: 'Confirm password' })
  const submit = page.getByRole('button', { name: 'Set new password' })

  await password.fill('weak')
  await confirmation.fill('weak')
  await submit.click()
  await expect(
    page.getByText('The password you have entered does not meet the minimum requirements.'),
  ).toBeVisible()

  await password.fill(NEW_PASSWORD)
  await confirmation.fill(`${NEW_PASSWORD}-typo`)
  await submit.click()
  await expect(
    page.getByText('The passwords you entered do not match. Please check your password and try again.'),
  ).toBeVisible()

  await confirmation.fill(NEW_PASSWORD)
  await submit.click()
  await expect(page.getByText('Your password has been changed.', { exact: false })).toBeVisible()
  // The login page follows after 5 seconds, on its own.
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 })
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible()

  // The old password no longer works; the new one does.
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_MEMBER_EMAIL)
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('alert')).toContainText('The email address or password is incorrect.')
  await signInWithForm(page, DEMO_MEMBER_EMAIL, NEW_PASSWORD)

  // The link worked once.
  await page.context().clearCookies()
  await page.evaluate(() => window.localStorage.clear())
  await page.goto(resetPath)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD)
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByRole('alert')).toContainText('This password reset link is invalid')
})
