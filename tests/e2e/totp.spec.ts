import { expect, type Page, test } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { runAxe } from './support/axe'
import { runSql } from './support/database'

// Two-step verification in real Chromium: a new user turns it on from /userprofile with the key shown as text
// (the test is the authenticator app, with the same library as the API), signs out, and signs in with e-mail,
// password and a code; then once more with a recovery code, which works only once.

test.use({ reducedMotion: 'reduce' })

const PASSWORD = 'Two-step-2026-Canopy'

/** The authenticator app: the code of the key at `offsetSteps` 30-second steps from now. */
function codeOf(key: string, offsetSteps = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(key) })
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 })
}

/** A new, verified password account (registered through the API, its e-mail marked verified). */
async function registerUser(page: Page): Promise<string> {
  const email = `totp-${Date.now()}@example.test`
  const response = await page.request.post('/account/register', {
    data: { firstname: 'Tess', lastname: 'Otp', email, credentials: { password: PASSWORD } },
  })
  expect(response.status(), 'registration').toBe(201)
  await runSql('UPDATE "User" SET "emailVerifiedAt" = now() WHERE email = $1', [email])
  return email
}

async function enterEmailAndPassword(page: Page, email: string) {
  await page.goto('/')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('button', { name: 'Next' }).click()
  const password = page.getByRole('textbox', { name: 'Password' })
  await expect(password).toBeFocused()
  await password.fill(PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
}

async function expectSignedIn(page: Page) {
  await expect(page.getByRole('button', { name: /^User menu: Tess Otp/ })).toBeVisible()
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /^User menu: / }).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page.getByRole('heading', { name: 'Log in to Canopy' })).toBeVisible()
}

/** Turns two-step verification on from the profile; answers the key and the recovery codes shown. */
async function turnOnTwoStep(page: Page) {
  await page.goto('/userprofile')
  await page.getByRole('tab', { name: 'Two-step verification' }).click()
  const panel = page.getByRole('tabpanel', { name: 'Two-step verification' })
  await panel.getByRole('button', { name: 'Turn on two-step verification' }).click()
  await expect(
    panel.getByRole('img', { name: 'QR code for setting up your authenticator app' }),
  ).toBeVisible()
  const key = ((await panel.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '')
  expect(key).toMatch(/^[A-Z2-7]{32}$/)
  expect(await runAxe(page), 'axe on the setup').toEqual([])

  await panel.getByRole('textbox', { name: /^6-digit code/ }).fill(codeOf(key))
  await panel.getByRole('button', { name: 'Turn on' }).click()
  const list = panel.getByRole('list', { name: 'Recovery codes' })
  await expect(list.getByRole('listitem')).toHaveCount(10)
  const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim())
  await expect(panel.getByRole('link', { name: 'Download codes' })).toHaveAttribute(
    'download',
    'canopy-recovery-codes.txt',
  )
  expect(await runAxe(page), 'axe with the recovery codes').toEqual([])
  await panel.getByRole('button', { name: 'I have saved them' }).click()
  await expect(panel.getByText(/Two-step verification is on/)).toContainText('Recovery codes left: 10.')
  return { key, recoveryCodes }
}

test('two-step verification: turn it on, sign in with a code, then with a recovery code once', async ({
  page,
}) => {
  test.setTimeout(150_000)
  const email = await registerUser(page)
  await enterEmailAndPassword(page, email)
  await expectSignedIn(page)
  const { key, recoveryCodes } = await turnOnTwoStep(page)
  await logOut(page)

  // The password alone no longer signs in: the form asks for a code.
  await enterEmailAndPassword(page, email)
  const code = page.getByRole('textbox', { name: /^Code from your authenticator app/ })
  await expect(code).toBeFocused()
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code')
  expect(await runAxe(page), 'axe on the code step').toEqual([])
  await code.fill('000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('alert')).toContainText('The code is not correct.')
  // The setup spent the current step's code: the app's next code (one step ahead) is accepted.
  await code.fill(codeOf(key, 1))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expectSignedIn(page)
  await logOut(page)

  const recoveryCode = recoveryCodes[0] ?? ''
  await enterEmailAndPassword(page, email)
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
  const recovery = page.getByRole('textbox', { name: /^Recovery code/ })
  await expect(recovery).toBeFocused()
  await recovery.fill(recoveryCode)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expectSignedIn(page)
  await logOut(page)

  await enterEmailAndPassword(page, email)
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
  await page.getByRole('textbox', { name: /^Recovery code/ }).fill(recoveryCode)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('alert')).toContainText(
    'This recovery code is not correct or has already been used.',
  )
  await expect(page.getByRole('button', { name: /^User menu: / })).toBeHidden()
})
