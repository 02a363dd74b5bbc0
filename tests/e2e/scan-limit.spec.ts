import { expect, test } from '@playwright/test'
import { runAxe } from './support/axe'
import { runSql } from './support/database'
import { DEMO_EMAIL, DEMO_SITE_NAME, signInWithApi } from './support/session'

// A site of the demo organisation on the fixture site (the demo site's root), made in the database so that no
// first scan is queued for it, with its monthly scan limit set two pages above what it scanned this month.
// The demo admin starts a scan from its dashboard: the scan stops at the limit, and the dashboard says why
// and that the limit is reached. The shared demo site and its results are left alone.
const DEMO_SITE_URL = process.env.DEMO_SITE_URL ?? 'http://127.0.0.1:8090/'
const SUFFIX = Date.now()
const SITE = { id: `e2e-scan-limit-${SUFFIX}`, slug: `scan-limit-${SUFFIX}`, name: `Scan limit ${SUFFIX}` }
const PAGES_ABOVE_USAGE = 2
const STOPPED_AT_SCAN_LIMIT =
  "The scan stopped at the site's monthly scan limit; the pages beyond it were not scanned."

async function createLimitedSite() {
  await runSql(
    `INSERT INTO "Site" (id, slug, "siteName", "rootUri", "organisationId", "updatedAt")
     SELECT $1, $2, $3, $4, "organisationId", now() FROM "Site" WHERE "siteName" = $5`,
    [SITE.id, SITE.slug, SITE.name, DEMO_SITE_URL, DEMO_SITE_NAME],
  )
  await runSql(
    `INSERT INTO "SiteMembership" ("siteId", "userId", role) SELECT $1, id, 'admin' FROM "User" WHERE email = $2`,
    [SITE.id, DEMO_EMAIL],
  )
  // Pages scanned this month (UTC) by the site's scans, as the scan limit counts them, plus two.
  await runSql(
    `UPDATE "Site" SET "scanLimit" = $2 + (
       SELECT COALESCE(SUM("pagesScanned"), 0) FROM "Scan"
       WHERE "siteId" = $1 AND "queuedAt" >= date_trunc('month', now() AT TIME ZONE 'UTC'))
     WHERE id = $1`,
    [SITE.id, PAGES_ABOVE_USAGE],
  )
}

test.afterAll(async () => {
  await runSql('DELETE FROM "Site" WHERE id = $1', [SITE.id])
})

test('a scan stops at the site scan limit and the dashboard says why', async ({ page }) => {
  test.setTimeout(240_000)
  await createLimitedSite()
  await signInWithApi(page)
  await page.goto(`/site/${SITE.slug}`)
  await expect(page.getByRole('heading', { name: SITE.name, level: 1 })).toBeVisible()
  const scanning = page.getByRole('region', { name: 'Scanning' })
  await expect(scanning).toContainText(`0 of ${PAGES_ABOVE_USAGE} pages scanned this month (0%)`)

  await scanning.getByRole('button', { name: 'Scan now' }).click()
  await expect(page.getByRole('heading', { name: 'Last scan', exact: true, level: 2 })).toBeVisible({
    timeout: 200_000,
  })
  await expect(scanning).toContainText(/Scan 1 finished on .*: 2 pages scanned\./)
  await expect(scanning).toContainText(STOPPED_AT_SCAN_LIMIT)
  await expect(scanning.getByRole('status', { name: 'Scan usage' })).toHaveText(
    'Your scan limit has been reached.',
  )
  await expect(scanning).toContainText('2 of 2 pages scanned this month (100%)')
  await expect(scanning.getByRole('button', { name: 'Scan now' })).toBeDisabled()
  expect(await runAxe(page)).toEqual([])

  const [scan] = await runSql<{ stopReason: string; pagesQueued: number; state: string }>(
    'SELECT "stopReason", "pagesQueued", state FROM "Scan" WHERE "siteId" = $1',
    [SITE.id],
  )
  expect(scan).toEqual({ stopReason: 'scan_limit', pagesQueued: 2, state: 'completed' })
})
