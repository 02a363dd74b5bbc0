import { expect, type Page, test } from '@playwright/test'
import { runSql } from './support/database'
import { expectAccessible } from './support/screens'
import { DEMO_EMAIL, DEMO_MEMBER_EMAIL, signInWithApi } from './support/session'

/**
 * The demo admin, made staff for this spec (put back afterwards), switches the demo site's uptime flag off on
 * /debug/features: the demo member no longer has Uptime in the menu and its endpoint answers 404; switched
 * back on, both return. The demo seed has the flag on for the demo site, and that is where it is left.
 */
const FLAG = 'performance/uptime'
const UPTIME_API = '/api/v1/sites/demo/performance/uptime'

async function uptimeMenuItem(page: Page) {
  await page.goto('/site/demo')
  await expect(page.getByRole('heading', { name: 'Canopy Demo Site', level: 1 })).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('button', { name: 'Performance' }).click()
  const panel = page.getByRole('dialog', { name: 'Performance' })
  await expect(panel.getByRole('link', { name: 'Pages' })).toBeVisible()
  return panel.getByRole('link', { name: 'Uptime' })
}

async function setSiteOverride(page: Page, label: 'On' | 'Off' | 'Inherit') {
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: FLAG, exact: true }) })
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().includes('/features/'),
  )
  await row.getByRole('button', { name: /Site/ }).click()
  await page.getByRole('option', { name: label, exact: true }).click()
  expect((await saved).status()).toBe(200)
  await expect(row.getByRole('button', { name: /Site/ })).toContainText(label)
}

test.describe('feature flags', () => {
  test.beforeAll(async () => {
    await runSql('UPDATE "User" SET "isStaff" = true WHERE email = $1', [DEMO_EMAIL])
  })

  test.afterAll(async () => {
    await runSql('UPDATE "User" SET "isStaff" = false WHERE email = $1', [DEMO_EMAIL])
    // as the demo seed leaves it, whatever happened above
    await runSql(
      `INSERT INTO "SiteFeatureFlag" ("siteId", name, active, "updatedAt")
       SELECT id, $1, true, now() FROM "Site" WHERE slug = 'demo'
       ON CONFLICT ("siteId", name) DO UPDATE SET active = true`,
      [FLAG],
    )
  })

  test('staff switch a site flag off and on: the menu item and the endpoint follow', async ({
    page,
    browser,
  }) => {
    await signInWithApi(page)
    await page.goto('/site/demo')
    await expect(page.getByRole('heading', { name: 'Canopy Demo Site', level: 1 })).toBeVisible()
    await page.goto('/debug')
    await page.getByRole('link', { name: 'Feature flags' }).click()
    await expect(page.getByRole('heading', { name: 'Feature flags', level: 1 })).toBeVisible()
    await expect(page.getByRole('table')).toContainText('Feature flags on the site demo')
    await expectAccessible(page, 'debug-features')

    const memberContext = await browser.newContext()
    const member = await memberContext.newPage()
    try {
      await signInWithApi(member, DEMO_MEMBER_EMAIL)
      await expect(await uptimeMenuItem(member)).toBeVisible()
      expect((await member.request.get(UPTIME_API)).status()).toBe(200)

      await setSiteOverride(page, 'Off')
      await expect(await uptimeMenuItem(member)).toHaveCount(0)
      expect((await member.request.get(UPTIME_API)).status()).toBe(404)
      // staff bypass the flag
      expect((await page.request.get(UPTIME_API)).status()).toBe(200)

      await setSiteOverride(page, 'On')
      await expect(await uptimeMenuItem(member)).toBeVisible()
      expect((await member.request.get(UPTIME_API)).status()).toBe(200)
      const audit = await runSql<{ detail: { name: string; active: boolean } }>(
        `SELECT a.detail FROM "AuditEvent" a JOIN "User" u ON u.id = a."actorId"
         WHERE u.email = $1 AND a.action = 'feature-flag.site' ORDER BY a.at DESC LIMIT 2`,
        [DEMO_EMAIL],
      )
      expect(audit.map((row) => row.detail)).toEqual([
        { name: FLAG, active: true },
        { name: FLAG, active: false },
      ])
    } finally {
      await memberContext.close()
    }
  })

  test('Ctrl+Shift+F opens the flag switcher on this host, for a user who is not staff too', async ({
    page,
  }) => {
    await signInWithApi(page, DEMO_MEMBER_EMAIL)
    await page.goto('/site/demo')
    await expect(page.getByRole('heading', { name: 'Canopy Demo Site', level: 1 })).toBeVisible()
    await expect(async () => {
      await page.keyboard.press('Control+Shift+F')
      await expect(page.getByRole('dialog', { name: 'Feature flags' })).toBeVisible({ timeout: 1_000 })
    }).toPass({ timeout: 10_000 })
    const dialog = page.getByRole('dialog', { name: 'Feature flags' })
    await expect(dialog.getByRole('rowheader', { name: FLAG, exact: true })).toBeVisible()
    await expect(dialog.getByRole('switch')).toHaveCount(0)
    await expect(dialog.getByRole('columnheader', { name: 'This browser' })).toBeVisible()
    await expectAccessible(page, 'feature-switcher', { widths: [1280] })
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
  })
})
