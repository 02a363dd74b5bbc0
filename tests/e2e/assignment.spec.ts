import { expect, type Page, test } from '@playwright/test'
import { assignToRole, openAssignModal, openSummerFairIssue, SUMMER_FAIR_ISSUE } from './support/assignment'
import { expectAccessible, openDemoSite } from './support/screens'

// Assigning an issue of the demo scan's results (demo-scan.setup.ts): the summer fair page fails image-alt;
// the demo administrator assigns it to a role with a comment from the page detail, finds it under Assigned
// issues with its filters, edits it and unassigns it. The modal and the screen are checked with axe.

test.use({ reducedMotion: 'reduce' })

const ISSUE = SUMMER_FAIR_ISSUE

async function chooseAssignedTo(page: Page, option: string) {
  await page.getByRole('button', { name: /Assigned to/ }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test.describe('assigning an issue', () => {
  test.setTimeout(120_000)

  test('assign to a role with a comment, see it under Assigned issues with the filters, edit, unassign', async ({
    page,
  }) => {
    const SITE = await openDemoSite(page)
    await openSummerFairIssue(page, SITE)
    const modal = await openAssignModal(page)
    await modal.dialog.getByRole('textbox', { name: 'Comment' }).fill('The logo needs a text alternative')
    await expect(modal.dialog.getByText('33/1000 characters')).toBeVisible()
    await expectAccessible(page, 'assign-modal')
    await assignToRole(page, modal, { role: 'Design', comment: 'The logo needs a text alternative' })

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Assigned issues/ })
      .click()
    await expect(page.getByRole('heading', { name: 'Assigned issues', level: 1 })).toBeVisible()
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: ISSUE }) })
    await expect(card).toContainText('Design')
    await expect(card).toContainText('The logo needs a text alternative')
    await expectAccessible(page, 'assigned-issues')

    await chooseAssignedTo(page, 'Me')
    await expect(page.getByText('No tasks assigned to you')).toBeVisible()
    await expect(page.getByRole('checkbox', { name: 'Assigned by me' })).toHaveCount(0)
    await chooseAssignedTo(page, 'Content creation')
    await expect(page.getByText('No tasks assigned to the Content creation role')).toBeVisible()
    await chooseAssignedTo(page, 'Design')
    await expect(card).toBeVisible()
    await page.getByText('Assigned by me').click()
    await expect(page).toHaveURL(/assignedBy=me/)
    await expect(card).toBeVisible()

    await card.getByRole('button', { name: /^Edit issue/ }).click()
    const editDialog = page.getByRole('dialog', { name: 'Edit issue' })
    await expect(editDialog.getByText('No changes to save')).toBeVisible()
    await expect(editDialog.getByRole('button', { name: 'Edit issue', exact: true })).toBeDisabled()
    await expectAccessible(page, 'edit-modal')
    await editDialog.getByRole('radio', { name: 'Content creation' }).check({ force: true })
    await editDialog.getByRole('button', { name: 'Edit issue', exact: true }).click()
    await expect(page.getByText('Successfully assigned task').last()).toBeVisible()
    // the filter is still Design: the card moved to the Content creation role
    await expect(page.getByText('No tasks assigned to the Design role')).toBeVisible()
    await chooseAssignedTo(page, 'All')
    await expect(card).toContainText('Content creation')

    await card.getByRole('button', { name: /^Unassign issue/ }).click()
    await expect(page.getByText('Issue unassigned')).toBeVisible()
    await expect(page.getByText('No tasks assigned by you')).toBeVisible()
  })
})
