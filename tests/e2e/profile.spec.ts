import { expect, test } from '@playwright/test'
import { runAxe } from './support/axe'
import { DEMO_MEMBER_EMAIL, DEMO_SITE_NAME, signInWithForm } from './support/session'

// The profile screen in real Chromium: a new name shows in the header at once, and a personal API token made
// on the screen works as a Bearer header for a REST client (fetch from the test, no cookie) until revoked.

test.use({ reducedMotion: 'reduce' })

test('profile: change the name, create an API token, use it, revoke it', async ({ page }) => {
  test.setTimeout(120_000)
  await signInWithForm(page, DEMO_MEMBER_EMAIL)
  await page.getByRole('button', { name: /User menu:/ }).click()
  await page.getByRole('menuitem', { name: 'User profile' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /User account$/ })).toBeVisible()
  expect(await runAxe(page), 'axe on the profile').toEqual([])

  const firstName = page.getByRole('textbox', { name: /First name/ })
  await firstName.fill('Grace')
  await page.getByRole('textbox', { name: /Last name/ }).fill('Hopper')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Role updated successfully')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper User account' })).toBeVisible()
  await expect(page.getByRole('button', { name: /User menu: Grace Hopper/ })).toBeVisible()

  await page.getByRole('tab', { name: 'API tokens' }).click()
  expect(await runAxe(page), 'axe on the tokens tab').toEqual([])
  await page.getByRole('textbox', { name: /Token name/ }).fill('e2e client')
  await page.getByRole('button', { name: 'Create token' }).click()
  await expect(page.getByText('Copy this token now: it will not be shown again.')).toBeVisible()
  const token = (await page.locator('code').first().textContent())?.trim() ?? ''
  expect(token).toMatch(/^cnp_/)

  const origin = new URL(page.url()).origin
  const sites = await fetch(`${origin}/api/v1/sites`, { headers: { authorization: `Bearer ${token}` } })
  expect(sites.status).toBe(200)
  expect(JSON.stringify(await sites.json())).toContain(DEMO_SITE_NAME)
  const write = await fetch(`${origin}/api/v1/crm/users/currentProfile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ userRole: 'Developer' }),
  })
  expect(write.status, 'a read token may not write').toBe(403)

  const list = page.getByRole('list', { name: 'API tokens' })
  await list.getByRole('button', { name: 'Revoke e2e client' }).click()
  await expect(page.getByText('API token revoked')).toBeVisible()
  const revoked = await fetch(`${origin}/api/v1/sites`, { headers: { authorization: `Bearer ${token}` } })
  expect(revoked.status).toBe(401)
})
