import { expect, type Page, test } from '@playwright/test'
import { runAxe } from './support/axe'
import { openDemoSite } from './support/screens'

// The section editor's live preview, and the issue tracker after the demo scan (demo-scan.setup.ts): the demo
// site's tracker is seeded against the local Jira fake (scripts/test serves it at JIRA_FAKE_URL); a ticket is
// opened from a failed issue on a page, its link shows, the fake received it, and it is unlinked again.

test.use({ reducedMotion: 'reduce' })

const JIRA_FAKE_URL = process.env.JIRA_FAKE_URL ?? 'http://127.0.0.1:8093'

const matchCount = async (page: Page) => {
  const status = page.getByText(/known pages match these rules/)
  await expect(status).toBeVisible()
  return Number((await status.textContent())?.match(/\d+/)?.[0])
}

test.describe('sections and the issue tracker', () => {
  test.setTimeout(120_000)

  test('editing a section’s rules changes the preview of the pages they match', async ({ page }) => {
    const SITE = await openDemoSite(page)
    await page.goto(`${SITE}/settings/sections`)
    await expect(page.getByRole('heading', { name: 'Sections', level: 1 })).toBeVisible()
    expect(await runAxe(page), 'axe on the sections list').toEqual([])
    await page.getByRole('link', { name: 'News' }).click()
    await expect(page.getByRole('heading', { name: 'News', level: 1 })).toBeVisible()
    const before = await matchCount(page)
    expect(await runAxe(page), 'axe on the section editor').toEqual([])
    const value = page.getByRole('textbox', { name: /Value/ })
    await value.fill('/')
    await expect.poll(() => matchCount(page)).toBeGreaterThan(before)
    const all = await matchCount(page)
    await page.getByRole('button', { name: /Type/ }).click()
    await page.getByRole('option', { name: 'Excludes' }).click()
    await page.getByRole('button', { name: 'Add rule' }).click()
    await page.getByRole('textbox', { name: /Value/ }).last().fill('/news')
    await expect.poll(() => matchCount(page)).toBeLessThan(all)

    // Leaving with the rules unsaved asks first; the demo's section stays as it was.
    const leave = async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
      await page.getByRole('dialog', { name: 'Settings' }).getByRole('link', { name: 'Sections' }).click()
    }
    await leave()
    const prompt = page.getByRole('dialog', { name: 'You have unsaved changes' })
    await expect(prompt).toBeVisible()
    expect(await runAxe(page), 'axe on the leave prompt').toEqual([])
    await prompt.getByRole('button', { name: 'Continue editing' }).click()
    await expect(page.getByRole('heading', { name: 'News', level: 1 })).toBeVisible()
    await leave()
    await prompt.getByRole('button', { name: 'Discard changes' }).click()
    await expect(page.getByRole('heading', { name: 'Sections', level: 1 })).toBeVisible()
  })

  test('the tracker settings say a token is stored and the connection works', async ({ page }) => {
    const SITE = await openDemoSite(page)
    await page.goto(`${SITE}/settings/integrations`)
    const tracker = page.getByRole('form', { name: 'Issue tracker' })
    await expect(tracker.getByText('A token is stored. Enter a new one to replace it.')).toBeVisible()
    await tracker.getByRole('button', { name: 'Test connection' }).click()
    await expect(tracker.getByText(/Connected as Fake Tracker User/)).toBeVisible()
    await expect(page.getByText('No Google Analytics account is connected.')).toBeVisible()
    expect(await runAxe(page), 'axe on the integrations').toEqual([])
  })

  test('opens a ticket from a failed issue on a page, shows its link, and unlinks it', async ({
    page,
    request,
  }) => {
    const SITE = await openDemoSite(page)
    await page.goto(`${SITE}/accessibility/issues`)
    await page.getByRole('table').getByRole('row').nth(1).getByRole('link').first().click()
    const create = page.getByRole('button', { name: /^Create ticket:/ }).first()
    await expect(create).toBeVisible()
    await create.click()
    const dialog = page.getByRole('dialog', { name: 'Create ticket' })
    const summary = dialog.getByRole('textbox', { name: /Summary/ })
    await expect(summary).not.toHaveValue('')
    expect(await runAxe(page), 'axe on the ticket dialog').toEqual([])
    await summary.fill('E2E ticket from Canopy')
    await dialog.getByRole('button', { name: 'Create ticket' }).click()
    await expect(page.getByText('Issue tracker ticket created successfully!')).toBeVisible()
    const link = page.getByRole('link', { name: /Ticket WEB-\d+/ }).first()
    await expect(link).toBeVisible()
    const key = (await link.textContent())?.match(/WEB-\d+/)?.[0]
    await expect(link).toHaveAttribute('href', `${JIRA_FAKE_URL}/browse/${key}`)

    const issues = (await (await request.get(`${JIRA_FAKE_URL}/__fake/issues`)).json()) as {
      key: string
      fields: { summary: string; description: { type: string } }
    }[]
    const received = issues.find((issue) => issue.key === key)
    expect(received?.fields.summary).toBe('E2E ticket from Canopy')
    expect(received?.fields.description.type).toBe('doc')

    await page.getByRole('button', { name: 'Unlink from issue tracker' }).first().click()
    await expect(page.getByText('Successfully unlinked from issue tracker')).toBeVisible()
    await expect(page.getByRole('link', { name: new RegExp(`Ticket ${key}`) })).toHaveCount(0)
  })
})
