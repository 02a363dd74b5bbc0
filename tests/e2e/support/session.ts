import { expect, type Page } from '@playwright/test'

/** The seeded demo administrator (COMMON.md defaults, overridable like the seed). */
export const DEMO_EMAIL = process.env.DEMO_EMAIL ?? 'demo@canopy.example'
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Canopy-demo-2026'
export const DEMO_SITE_NAME = 'Canopy Demo Site'
/** The seeded demo member (not a site admin); the seed gives it DEMO_PASSWORD too. */
export const DEMO_MEMBER_EMAIL = 'member@canopy.example'

/** Signs in through the two-step login form, as a user would. */
export async function signInWithForm(
  page: Page,
  email = DEMO_EMAIL,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto('/')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('button', { name: 'Next' }).click()
  const passwordField = page.getByRole('textbox', { name: 'Password' })
  await expect(passwordField).toBeFocused()
  await passwordField.fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('heading', { name: 'Your sites', level: 1 })).toBeVisible()
}

/** Signs in through the API; the browser context keeps the session cookie for the pages that follow. */
export async function signInWithApi(page: Page, email = DEMO_EMAIL, password = DEMO_PASSWORD): Promise<void> {
  const response = await page.request.post('/login', { data: { username: email, password } })
  expect(response.ok(), `POST /login answered ${response.status()}`).toBe(true)
}
