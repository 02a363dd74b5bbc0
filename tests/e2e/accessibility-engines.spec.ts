import { expect, type Page, test } from '@playwright/test'
import { runSql } from './support/database'
import { expectAccessible, openDemoSite } from './support/screens'

// The demo scan's results (demo-scan.setup.ts) from several engines: on the report-a-problem page the two
// unlabelled fields are one issue found by axe-core, IBM Equal Access and Canopy's form-labels check, with its
// WCAG criterion; the duplicate id axe cannot decide is a result to review, with guidance. A reviewer dismisses
// it with a reason; after a rescan of the page the decision still stands. Then it is reopened, so the other
// specs see the demo results as the scan left them.

test.use({ reducedMotion: 'reduce' })

const LABEL_ISSUE = /^Form elements must have labels/
const REVIEW_ISSUE = /IDs used in ARIA and labels must be unique/
const REASON = 'The duplicated id is on a hidden template row that is never shown.'

async function openReportAProblem(page: Page, site: string) {
  await page.goto(`${site}/accessibility/pages?search=report`)
  await page
    .getByRole('link', { name: /report a problem/i })
    .first()
    .click()
  await expect(page).toHaveURL(/\/pages\/[^/]+/)
  await page.getByRole('tab', { name: /^Accessibility/ }).click()
  await expect(page).toHaveURL(/\/accessibility$/)
}

/** One audit's details, expanded: the group its disclosure opens, named by the audit's title. */
async function expandAudit(page: Page, title: RegExp) {
  const trigger = page.getByRole('button', { name: title }).first()
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click()
  return page.getByRole('group', { name: title }).first()
}

/** The scan that last wrote the page's result of the audit (PageIssue.scanId). */
async function scanOfResult(pageId: string, issueId: string) {
  const rows = await runSql<{ scanId: string }>(
    'SELECT "scanId" FROM "PageIssue" WHERE "pageId" = $1 AND "issueId" = $2',
    [pageId, issueId],
  )
  return rows[0]?.scanId ?? null
}

/** Rescans the page from its detail and waits until a new scan has rewritten the audit's result. */
async function rescanAndWait(page: Page, issueId: string) {
  const pageId = /\/pages\/([^/]+)/.exec(page.url())?.[1] ?? ''
  const before = await scanOfResult(pageId, issueId)
  await page.getByRole('button', { name: 'Rescan page' }).click()
  await expect(page.getByText(/queued for scanning/i).first()).toBeVisible()
  await expect
    .poll(() => scanOfResult(pageId, issueId), { timeout: 6 * 60_000, intervals: [3_000] })
    .not.toBe(before)
  await page.reload()
}

test.describe('several engines, one issue per barrier, decisions that survive a rescan', () => {
  test.setTimeout(9 * 60_000)

  test('credits both engines, names the criterion, guides and keeps a review through a rescan', async ({
    page,
  }) => {
    const site = await openDemoSite(page)
    await openReportAProblem(page, site)

    await expect(page.getByRole('button', { name: /^Failures of WCAG 2\.2 AA/ })).toBeVisible()
    const label = await expandAudit(page, LABEL_ISSUE)
    // The issue's credit comes first; each failing element then names the engines that found it.
    await expect(label.getByText(/Found by axe-core, IBM Equal Access and Canopy checks/)).toHaveCount(3)
    await expect(
      label.getByText(/Found by axe-core, IBM Equal Access and Canopy checks/).first(),
    ).toBeVisible()
    await expect(label.getByRole('link', { name: /4\.1\.2 Name, Role, Value/ })).toBeVisible()
    await expect(page.getByRole('button', { name: LABEL_ISSUE })).toHaveCount(1)

    const review = await expandAudit(page, REVIEW_ISSUE)
    await expect(review.getByText('What to check')).toBeVisible()
    await expect(review.getByText('How to check')).toBeVisible()
    await expect(review.getByRole('link', { name: /Understanding/ }).first()).toBeVisible()
    await expectAccessible(page, 'page-detail-review', { skipFrames: true })

    await review.getByRole('button', { name: 'Dismiss' }).click()
    await expect(review.getByText('Give a reason for dismissing it.')).toBeVisible()
    await review.getByRole('textbox', { name: 'Reason' }).fill(REASON)
    await review.getByRole('button', { name: 'Dismiss' }).click()
    await expect(page.getByText('Your decision has been saved.').first()).toBeVisible()

    await rescanAndWait(page, 'duplicate-id-aria')
    await page.getByRole('button', { name: /^Dismissed after review/ }).click()
    const kept = await expandAudit(page, REVIEW_ISSUE)
    await expect(kept.getByText(REASON)).toBeVisible()
    await expect(kept.getByText('Dismissed', { exact: true })).toBeVisible()
    await expectAccessible(page, 'page-detail-dismissed', { skipFrames: true })

    await kept.getByRole('button', { name: 'Reopen' }).click()
    await expect(page.getByText('The result is back to review.').first()).toBeVisible()
  })

  test('the scan settings name the WCAG target and the engines', async ({ page }) => {
    const site = await openDemoSite(page, { signIn: 'api' })
    await page.goto(`${site}/settings/scans`)
    const standard = page.getByRole('group', { name: 'Accessibility standard' })
    await expect(standard.getByRole('checkbox', { name: /axe-core/ })).toBeDisabled()
    await expect(standard.getByRole('checkbox', { name: /IBM Equal Access/ })).toBeChecked()
    await expect(standard.getByRole('checkbox', { name: /Canopy checks/ })).toBeChecked()
    await expect(standard.getByText('Changes apply from the next scan.')).toBeVisible()
    await expectAccessible(page, 'scan-settings-standard')
  })
})
