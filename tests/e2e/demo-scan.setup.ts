import { expect, test } from '@playwright/test'
import { DEMO_SITE_NAME, signInWithForm } from './support/session'

// The demo site's first full scan, queued by the API at start for a site never scanned (as on a fresh
// `./scripts/start`), watched through the dashboard only: no API call from the test. The specs that read
// scan results depend on this one (playwright.config.ts), so the fixture site is scanned once per run.
test('the demo site is scanned on start, and the dashboard shows the scan progress and its end', async ({
  page,
}) => {
  test.setTimeout(15 * 60_000)
  await signInWithForm(page)
  await page.getByRole('link', { name: DEMO_SITE_NAME }).click()
  await expect(page.getByRole('heading', { name: DEMO_SITE_NAME, level: 1 })).toBeVisible()
  const scanState = page.getByRole('region', { name: /Scan|results are on the way|Last scan/ }).first()
  await expect(scanState).toBeVisible()
  // Queued or running (with its progress bar), unless the scan of the tiny site already ended.
  await expect(
    page.getByRole('heading', {
      name: /^(Scan queued|Scan in progress|Your results are on the way|Last scan)$/,
    }),
  ).toBeVisible()
  const running = page.getByRole('progressbar')
  if (await running.isVisible())
    await expect(running).toHaveAttribute('aria-valuetext', /%, \d+ of \d+ pages/)
  await expect(page.getByRole('heading', { name: 'Last scan', exact: true, level: 2 })).toBeVisible({
    timeout: 14 * 60_000,
  })
  await expect(page.getByText(/Scan 1 finished on .*: \d+ pages scanned\./)).toBeVisible()
})
