import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { CONTACTS, DOCUMENTS } from '../fixtures/site/planted'
import { expectAccessible } from './support/screens'
import { signInWithApi } from './support/session'

// The inventory of the demo site as its scan (demo-scan.setup.ts) left it: the overview's counts, a PDF and
// the pages linking to it, the other document kinds of the fixture, the media behind their flag, and an
// e-mail address and a telephone number with their validity and pages. Every screen is checked with axe.

const SITE = '/site/demo'

const SCREEN_CHECKS = { widths: [] }

test.use({ reducedMotion: 'reduce' })

/** The file name of a fixture document's path. */
const fileOf = (path: string) => path.split('/').at(-1) ?? path

test.describe('inventory', () => {
  test.setTimeout(180_000)

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() =>
      window.localStorage.setItem('canopy.featureFlags', JSON.stringify({ 'inventory/media': true })),
    )
    await signInWithApi(page)
  })

  test('the overview: count cards of the last scan and the history tabs', async ({ page }) => {
    await page.goto(`${SITE}/inventory`)
    await expect(page.getByRole('heading', { name: 'Inventory overview', level: 1 })).toBeVisible()
    const cards = page.getByRole('list', { name: 'Found in the last scan' })
    const pdfs = DOCUMENTS.filter((document) => document.kind === 'pdf').length
    await expect(cards.getByRole('listitem').filter({ hasText: /^PDFs/ })).toContainText(String(pdfs))
    const allDocuments = DOCUMENTS.filter((document) => document.kind !== 'media').length
    await expect(cards.getByRole('listitem').filter({ hasText: 'All documents' })).toContainText(
      String(allDocuments),
    )
    const tabs = page.getByRole('tablist', { name: 'Inventory history' })
    await tabs.getByRole('tab', { name: 'Page count' }).click()
    await expect(page.getByRole('tabpanel')).toContainText('Latest scan')
    await expectAccessible(page, 'inventory-overview', SCREEN_CHECKS)
  })

  test('PDFs: sorted by page count, filtered, exported, and the pages linking to one', async ({ page }) => {
    await page.goto(`${SITE}/inventory/pdfs`)
    await expect(page.getByRole('heading', { name: 'PDFs', level: 1 })).toBeVisible()
    const table = page.getByRole('table')
    for (const document of DOCUMENTS.filter((item) => item.kind === 'pdf')) {
      await expect(table).toContainText(fileOf(document.path))
    }
    await table.getByRole('button', { name: 'Size' }).click()
    await expect(page).toHaveURL(/sortBy=size/)
    await page.getByRole('searchbox').first().fill('annual')
    await page.getByRole('searchbox').first().press('Enter')
    await expect(page).toHaveURL(/search=annual/)
    await expect(table.getByRole('row')).toHaveCount(2)
    await expect(table.getByRole('row').nth(1)).toContainText('Annual report 2025')
    await expect(table.getByRole('row').nth(1)).toContainText('KB')
    await expectAccessible(page, 'inventory-pdfs', SCREEN_CHECKS)
    await page.getByRole('button', { name: 'Export' }).click()
    const download = page.waitForEvent('download')
    await page.getByRole('menuitem', { name: /CSV/ }).click()
    const csv = await readFile((await (await download).path()) as string, 'utf8')
    expect(csv).toContain('annual-report-2025.pdf')
    expect(csv).not.toContain('council-minutes-1998.pdf')

    await page.keyboard.press('Escape')
    await table.getByRole('link', { name: 'Annual report 2025' }).click()
    await expect(page).toHaveURL(/inventory\/pdfs\/[^/?]+/)
    await expect(page.getByRole('heading', { name: 'Annual report 2025', level: 1 })).toBeVisible()
    const linking = DOCUMENTS.find((item) => item.path.endsWith('annual-report-2025.pdf'))?.linkedFrom ?? []
    const pages = page.getByRole('table')
    for (const path of linking) await expect(pages).toContainText(path.replace(/\/$/, ''))
    await expectAccessible(page, 'inventory-pdf-pages', SCREEN_CHECKS)
  })

  test('the other document kinds of the fixture, each on its list with its size', async ({ page }) => {
    const screens = {
      doc: 'documents',
      spreadsheet: 'spreadsheets',
      powerpoint: 'powerpoints',
      archive: 'archives',
    }
    for (const [kind, screen] of Object.entries(screens)) {
      await page.goto(`${SITE}/inventory/${screen}`)
      const table = page.getByRole('table')
      for (const document of DOCUMENTS.filter((item) => item.kind === kind)) {
        const row = table.getByRole('row').filter({ hasText: fileOf(document.path) })
        await expect(row).toBeVisible()
        await expect(row).toContainText(/\d+ (KB|MB|GB)/)
      }
      await expectAccessible(page, `inventory-${screen}`, SCREEN_CHECKS)
    }
    await page.goto(`${SITE}/inventory/media`)
    await expect(page.getByRole('heading', { name: 'Media', level: 1 })).toBeVisible()
    const media = page.getByRole('table')
    await expect(media.getByRole('row').filter({ hasText: 'council-podcast-episode-1.mp3' })).toContainText(
      'Audio',
    )
    await expect(media.getByRole('row').filter({ hasText: 'town-hall.svg' })).toContainText('Image')
    await expectAccessible(page, 'inventory-media', SCREEN_CHECKS)
  })

  test('e-mail addresses and telephone numbers: validity, occurrences, their pages; sort and page', async ({
    page,
  }) => {
    await page.goto(`${SITE}/inventory/email`)
    await expect(page.getByRole('heading', { name: 'E-mail addresses', level: 1 })).toBeVisible()
    const table = page.getByRole('table')
    for (const contact of CONTACTS.filter((item) => item.kind === 'email')) {
      const row = table.getByRole('row').filter({ hasText: contact.value })
      if (contact.valid) await expect(row).not.toContainText('Not valid')
      await expect(row).toContainText(contact.valid ? 'Valid' : 'Not valid')
    }
    await table.getByRole('button', { name: 'Validity' }).click()
    await expect(page).toHaveURL(/sortBy=valid/)
    await expect(table.getByRole('row').nth(1)).toContainText('Not valid')
    await expectAccessible(page, 'inventory-email', SCREEN_CHECKS)
    // At 320 px the page does not scroll sideways: the table scrolls in its own region. The layout changes
    // to its narrow form when the app hears of the resize, so the width is read until it has.
    await page.setViewportSize({ width: 320, height: 800 })
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 5_000 })
      .toBeLessThanOrEqual(320)
    await expectAccessible(page, 'inventory-email-320', SCREEN_CHECKS)
    await page.setViewportSize({ width: 1280, height: 900 })
    const email = CONTACTS.find((item) => item.kind === 'email' && item.valid && item.foundIn === 'href')
    await table.getByRole('row').filter({ hasText: email?.value }).getByRole('link').click()
    await expect(page.getByRole('heading', { name: email?.value, level: 1 })).toBeVisible()
    await expect(page.getByRole('table')).toContainText(email?.path ?? '')
    await expectAccessible(page, 'inventory-email-pages', SCREEN_CHECKS)

    // Under a section only its pages' addresses: the About us section has the staff directory, not /contact.
    const inAbout = CONTACTS.filter((item) => item.kind === 'email' && item.path.startsWith('/about/'))
    const elsewhere = CONTACTS.filter((item) => item.kind === 'email' && !item.path.startsWith('/about/'))
    await page.goto(`${SITE}/section/about-us/inventory/email`)
    for (const item of inAbout) await expect(page.getByRole('table')).toContainText(item.value)
    for (const item of elsewhere) await expect(page.getByRole('table')).not.toContainText(item.value)

    await page.goto(`${SITE}/inventory/telephone`)
    const phones = page.getByRole('table')
    const telephones = CONTACTS.filter((item) => item.kind === 'telephone')
    await expect(
      page.getByText(`Showing 1 - ${telephones.length} of ${telephones.length} results`),
    ).toBeVisible()
    // The fixture has fewer numbers than a screen's page: the API's paging is read two at a time.
    const second = await page.request.get(`/api/v1/sites/demo/inventory/telephone?pageSize=2&page=2`)
    expect(await second.json()).toMatchObject({
      pageIndex: 2,
      pageSize: 2,
      totalCount: telephones.length,
      items: [expect.anything(), expect.anything()],
    })
    const phone = telephones.find((item) => item.valid && item.path === '/contact')
    // Its row names it valid (a longer, invalid number starts with the same digits).
    const row = phones.getByRole('row', { name: `${phone?.value} Valid` })
    await row.getByRole('link').click()
    await expect(page.getByRole('heading', { name: phone?.value, level: 1 })).toBeVisible()
    await expect(page.getByRole('table')).toContainText('/contact')
    await expectAccessible(page, 'inventory-telephone-pages', SCREEN_CHECKS)
  })
})
