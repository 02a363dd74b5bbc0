import { expect, test } from '@playwright/test'

const REQUIRED_MESSAGES = [
  'You must enter your first name.',
  'You must enter your surname.',
  'You must enter an email address.',
  'You must enter a password.',
  'You must confirm your password.',
]

test('registers a new account, meeting each of the validation messages on the way', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('link', { name: 'Register' }).click()
  await expect(page).toHaveURL(/\/register$/)
  const register = page.getByRole('button', { name: 'Register' })

  await register.click()
  for (const message of REQUIRED_MESSAGES)
    await expect(page.getByText(message, { exact: true })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'First name' })).toBeFocused()

  await page.getByRole('textbox', { name: 'First name' }).fill('Ada')
  await page.getByRole('textbox', { name: 'Surname' }).fill('Lovelace')
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email')
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short')
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('different')
  await register.click()
  await expect(page.getByText('A valid email address must be entered')).toBeVisible()
  await expect(
    page.getByText('The password you have entered does not meet the minimum requirements.'),
  ).toBeVisible()
  await expect(page.getByText('Passwords do not match.')).toBeVisible()
  for (const message of REQUIRED_MESSAGES) await expect(page.getByText(message, { exact: true })).toBeHidden()

  const email = `ada.${Date.now()}@example.com`
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Engine-1843-Lovelace')
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Engine-1843-Lovelace')
  await register.click()

  await expect(page.getByRole('heading', { name: 'Registration successful' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()

  // The same e-mail again gets the same answer as a new one (no one learns which addresses have
  // accounts); its owner is told by e-mail instead.
  await page.goto('/register')
  await page.getByRole('textbox', { name: 'First name' }).fill('Ada')
  await page.getByRole('textbox', { name: 'Surname' }).fill('Lovelace')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Engine-1843-Lovelace')
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Engine-1843-Lovelace')
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(page.getByRole('heading', { name: 'Registration successful' })).toBeVisible()
})
