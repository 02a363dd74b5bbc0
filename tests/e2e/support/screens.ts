import { expect, type Page } from '@playwright/test'
import { runAxe } from './axe'
import { DEMO_SITE_NAME, signInWithApi, signInWithForm } from './session'

/**
 * Signs in as the demo admin (through the login form, or through the API when the form is not what the spec
 * is about) and opens the demo site's dashboard; answers the site's path (/site/{slug}).
 */
export async function openDemoSite(page: Page, { signIn = 'form' }: { signIn?: 'form' | 'api' } = {}) {
  if (signIn === 'form') await signInWithForm(page)
  else {
    await signInWithApi(page)
    await page.goto('/')
  }
  await page.getByRole('link', { name: DEMO_SITE_NAME }).click()
  await expect(page.getByRole('heading', { name: DEMO_SITE_NAME, level: 1 })).toBeVisible()
  return new URL(page.url()).pathname.replace(/\/$/, '')
}

/**
 * The screen has no axe violations (WCAG 2.2 AA), and at each width nothing is wider than the screen once the
 * layout has followed (no sideways scrolling); a full-page screenshot of each width is kept under
 * test-results/screens for review. Ends at 1280 px. `skipFrames` leaves out a scanned page shown in a frame.
 */
export async function expectAccessible(
  page: Page,
  name: string,
  { skipFrames = false, widths = [320, 1440] }: { skipFrames?: boolean; widths?: number[] } = {},
) {
  expect(await runAxe(page, { skipFrames }), `axe on ${name}`).toEqual([])
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 })
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), {
        message: `${name} at ${width} px scrolls sideways`,
      })
      .toBe(true)
    const file = name.replace(/[^\w-]+/g, '-')
    await page.screenshot({ path: `test-results/screens/${file}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}
