import { expect, test } from '@playwright/test'
import { CUSTOM_DICTIONARY_WORDS, MALICIOUS_LINKS, MISSPELLINGS } from '../fixtures/site/planted'
import { expectAccessible, openDemoSite } from './support/screens'

// Misspellings, dictionaries and malicious links after the demo scan (demo-scan.setup.ts): the planted
// misspellings with their page, the fixture's brand word (CUSTOM_DICTIONARY_WORDS, which the demo seed leaves
// out of the dictionaries) added to the global dictionary and gone from the list at once, and the link the
// local Web Risk fake lists shown with its page. Every screen is checked with axe (WCAG 2.2 AA).

test.use({ reducedMotion: 'reduce' })

const mostFrequent = [...MISSPELLINGS].sort((a, b) => b.count - a.count)[0] as (typeof MISSPELLINGS)[number]
const brandWord = CUSTOM_DICTIONARY_WORDS[0].word

test.describe('misspellings, dictionaries and malicious links', () => {
  test.setTimeout(120_000)

  test('the misspellings list (sort, filter, export) and the pages of one', async ({ page }) => {
    const SITE = await openDemoSite(page)
    await page.goto(`${SITE}/content-quality/misspellings`)
    await expect(page.getByRole('heading', { name: 'Misspellings', level: 1 })).toBeVisible()
    const table = page.getByRole('table')
    // Most occurrences first.
    await expect(table.getByRole('row').nth(1)).toContainText(mostFrequent.word)
    await expect(table.getByRole('row').nth(1)).toContainText(String(mostFrequent.count))
    for (const { word } of MISSPELLINGS)
      await expect(table.getByRole('row', { name: new RegExp(word) })).toBeVisible()
    await expectAccessible(page, 'misspellings')

    await table.getByRole('button', { name: 'Misspelling' }).click()
    await expect(page).toHaveURL(/sortBy=entryTitle/)
    await page.getByRole('searchbox').first().fill(mostFrequent.word.slice(0, 4))
    await page.getByRole('searchbox').first().press('Enter')
    await expect(page).toHaveURL(/search=/)
    await expect(table.getByRole('row')).toHaveCount(2)
    await page.getByRole('button', { name: 'Export' }).click()
    const download = page.waitForEvent('download')
    await page.getByRole('menuitem', { name: /CSV/ }).click()
    expect((await download).suggestedFilename()).toMatch(/\.csv$/)

    await table.getByRole('link', { name: new RegExp(`occurrences of ${mostFrequent.word}`) }).click()
    await expect(page.getByRole('heading', { name: mostFrequent.word, level: 1 })).toBeVisible()
    await expect(page.getByRole('link', { name: /community garden/i })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Misspellings' })).toBeVisible()
    await expectAccessible(page, 'misspelling-pages')
  })

  test('a word added to the global dictionary leaves the list at once; the dictionary lists it and deletes it', async ({
    page,
  }) => {
    const SITE = await openDemoSite(page)
    await page.goto(`${SITE}/content-quality/misspellings`)
    const table = page.getByRole('table')
    const row = table.getByRole('row', { name: new RegExp(brandWord) })
    await expect(row).toBeVisible()
    await row.getByRole('button', { name: `Add to Global dictionary: ${brandWord}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Add to Global dictionary' })
    await expect(
      dialog.getByRole('checkbox', { name: "Don't show me this confirmation again" }),
    ).toBeVisible()
    await expectAccessible(page, 'add-word-confirmation')
    await dialog.getByRole('button', { name: 'Add to Global dictionary' }).click()
    await expect(
      page.getByText(`"${brandWord}" has been added to your Global dictionary.`, { exact: false }),
    ).toBeVisible()
    await expect(table.getByRole('row', { name: new RegExp(brandWord) })).toHaveCount(0)
    await expect(table.getByRole('row', { name: new RegExp(mostFrequent.word) })).toBeVisible()

    await page.getByRole('link', { name: 'Go to dictionaries' }).click()
    await expect(page.getByRole('heading', { name: 'Dictionaries', level: 1 })).toBeVisible()
    await expect(page.getByText('(all languages)')).toBeVisible()
    await expectAccessible(page, 'dictionaries')
    await page.getByRole('link', { name: 'Global' }).click()
    const words = page.getByRole('table')
    await expect(words.getByRole('row', { name: new RegExp(brandWord) })).toBeVisible()
    await expectAccessible(page, 'dictionary-words')

    await words.getByRole('button', { name: `Delete ${brandWord}` }).click()
    const confirm = page.getByRole('dialog', { name: `Delete "${brandWord}"` })
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('status').filter({ hasText: `${brandWord} deleted` })).toBeVisible()
    await expect(words.getByRole('row', { name: new RegExp(brandWord) })).toHaveCount(0)
    // Deleting does not bring the misspelling back before the next scan reads the dictionary again.
    await page.goto(`${SITE}/content-quality/misspellings`)
    await expect(page.getByRole('table').getByRole('row', { name: new RegExp(brandWord) })).toHaveCount(0)
  })

  test('the malicious link the Web Risk fake lists, with the page that links to it', async ({ page }) => {
    const SITE = await openDemoSite(page)
    const [malicious] = MALICIOUS_LINKS
    const path = new URL(malicious?.url.replace('{external}', 'http://external') ?? '').pathname
    await page.goto(`${SITE}/content-quality/malicious-links`)
    await expect(page.getByRole('heading', { name: 'Malicious links', level: 1 })).toBeVisible()
    const row = page.getByRole('table').getByRole('row', { name: new RegExp(path) })
    await expect(row).toContainText('Social engineering')
    await expectAccessible(page, 'malicious-links')
    await row.getByRole('link').click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(path)
    await expect(page.getByRole('link', { name: /useful links/i })).toBeVisible()
    await expectAccessible(page, 'malicious-link-pages')

    // The integration the demo seed turned on: its key stored, never shown.
    await page.goto(`${SITE}/settings/integrations`)
    await expect(page.getByRole('heading', { name: 'Web Risk', level: 2 })).toBeVisible()
    const webRisk = page.getByRole('form', { name: 'Web Risk' })
    await expect(webRisk.getByRole('checkbox', { name: 'Enabled' })).toBeChecked()
    await expect(webRisk.getByText('A key is stored. Enter a new one to replace it.')).toBeVisible()
    await expectAccessible(page, 'settings-integrations')
  })
})
