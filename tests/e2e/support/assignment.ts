import { expect, type Page } from '@playwright/test'

/** The demo scan's summer fair page fails image-alt: the issue the assignment steps of the specs use. */
export const SUMMER_FAIR_ISSUE = /Images must have alternative text/

/** Opens the summer fair page's accessibility audit with the image-alt issue expanded. */
export async function openSummerFairIssue(page: Page, sitePath: string) {
  await page.goto(`${sitePath}/accessibility/pages?search=summer`)
  await page
    .getByRole('link', { name: /summer fair/i })
    .first()
    .click()
  await expect(page).toHaveURL(/\/pages\/[^/]+/)
  await page.getByRole('tab', { name: 'Accessibility' }).click()
  await expect(page).toHaveURL(/\/accessibility$/)
  await page.getByRole('button', { name: SUMMER_FAIR_ISSUE }).first().click()
}

/** Opens the assign modal of the expanded issue; answers the dialog and its submit button (disabled at first). */
export async function openAssignModal(page: Page) {
  await page.getByRole('button', { name: /^Assign issue\W+Images must have alternative text/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Assign issue' })
  const submit = dialog.getByRole('button', { name: 'Assign issue', exact: true })
  await expect(submit).toBeDisabled()
  return { dialog, submit }
}

/** Fills the comment, chooses the role, and assigns; the toast and the comment on the page confirm it. */
export async function assignToRole(
  page: Page,
  { dialog, submit }: Awaited<ReturnType<typeof openAssignModal>>,
  { role, comment }: { role: string; comment: string },
) {
  await dialog.getByRole('textbox', { name: 'Comment' }).fill(comment)
  await dialog.getByRole('radio', { name: role }).check({ force: true })
  await submit.click()
  await expect(page.getByText('Successfully assigned task')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(comment).first()).toBeVisible()
}
