import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { runAxe } from './support/axe'
import { runSql } from './support/database'
import { DEMO_EMAIL, DEMO_SITE_NAME, signInWithApi } from './support/session'

/** The demo user made staff for this spec (put back afterwards), and a plain user to masquerade as. */
test.describe('staff tools', () => {
  const targetEmail = `masquerade-${randomUUID().slice(0, 8)}@example.test`

  test.beforeAll(async () => {
    await runSql('UPDATE "User" SET "isStaff" = true WHERE email = $1', [DEMO_EMAIL])
    const [user] = await runSql<{ id: string }>(
      `INSERT INTO "User" (id, email, "firstName", "lastName", "emailVerifiedAt", "updatedAt")
       VALUES ($1, $2, 'Morgan', 'Member', now(), now()) RETURNING id`,
      [`e2e-${randomUUID()}`, targetEmail],
    )
    await runSql(
      `INSERT INTO "SiteMembership" ("siteId", "userId", role) SELECT id, $1, 'viewer' FROM "Site" WHERE slug = 'demo'`,
      [user?.id],
    )
  })

  test.afterAll(async () => {
    await runSql('UPDATE "User" SET "isStaff" = false WHERE email = $1', [DEMO_EMAIL])
    await runSql('DELETE FROM "User" WHERE email = $1', [targetEmail])
  })

  test('the status page shows the database, Redis, the queues and a live worker with its Chromium', async ({
    page,
  }) => {
    await signInWithApi(page)
    await page.goto('/status/cms-status')
    await expect(page.getByRole('heading', { name: 'CMS status', level: 1 })).toBeVisible()
    const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) })
    await expect(row('PostgreSQL')).toContainText('success')
    await expect(row('Redis')).toContainText(/success.*used/)
    await expect(row('Queue scans')).toContainText(/waiting.*failed.*worker/)
    await expect(row('Workers')).toContainText(/success.*alive/)
    await expect(row('Chromium')).toContainText(/success\s*Chromium \d+/)
    await expect(page.getByText(/Last checked/)).toBeVisible()
    expect(await runAxe(page)).toEqual([])
  })

  test('a staff member masquerades as a user, sees their sites under a banner, and stops', async ({
    page,
  }) => {
    await signInWithApi(page)
    await page.goto('/')
    await page.getByRole('button', { name: /User menu/ }).click()
    await page.getByRole('menuitem', { name: 'Staff tools' }).click()
    await expect(page.getByRole('heading', { name: 'Debug', level: 1 })).toBeVisible()
    await page.getByRole('link', { name: 'Masquerade' }).click()
    await expect(page.getByRole('heading', { name: 'Masquerade', level: 1 })).toBeVisible()
    expect(await runAxe(page)).toEqual([])

    await page.getByRole('searchbox', { name: /Find a user/ }).fill('Morgan')
    await page.getByRole('button', { name: 'Masquerade as Morgan Member' }).click()

    const banner = page.getByRole('region', { name: 'Masquerade' })
    await expect(banner).toContainText(`You are viewing as Morgan Member (${targetEmail}).`)
    await expect(page.getByRole('heading', { name: 'Your sites', level: 1 })).toBeVisible()
    await expect(page.getByRole('main')).toContainText(DEMO_SITE_NAME)
    expect(await runAxe(page)).toEqual([])
    // Acting as someone who is not staff, the staff tools are closed.
    await page.getByRole('button', { name: /User menu/ }).click()
    await expect(page.getByRole('menuitem', { name: 'Staff tools' })).toHaveCount(0)
    await page.keyboard.press('Escape')
    const asTarget = await page.request.get('/auth/current-user')
    expect((await asTarget.json()).email).toBe(targetEmail)

    await banner.getByRole('button', { name: 'Stop masquerading' }).click()
    await expect(page.getByRole('region', { name: 'Masquerade' })).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Your sites', level: 1 })).toBeVisible()
    const self = await page.request.get('/auth/current-user')
    expect((await self.json()).email).toBe(DEMO_EMAIL)
    const audit = await runSql<{ action: string }>(
      `SELECT a.action FROM "AuditEvent" a JOIN "User" u ON u.id = a."targetId" WHERE u.email = $1 ORDER BY a.at`,
      [targetEmail],
    )
    expect(audit.map((event) => event.action)).toEqual(['masquerade.start', 'masquerade.stop'])
  })
})
