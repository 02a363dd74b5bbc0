import { type Browser, expect, type Page, test } from '@playwright/test'
import { assignToRole, openAssignModal, openSummerFairIssue, SUMMER_FAIR_ISSUE } from './support/assignment'
import { runAxe } from './support/axe'
import { findLinkPath, waitForMail } from './support/mail'
import { DEMO_SITE_NAME, signInWithApi, signInWithForm } from './support/session'

// The demo admin invites people to the demo site (shared by every spec): a colleague who registers through
// the e-mailed invite and is then made an editor, someone with an account who declines, and, through a
// shared link limited to a domain, someone off that domain. Whom this spec adds to the site it removes
// again (through the user detail screen), and the link it revokes.
const INVITE_SUBJECT = `You are invited to ${DEMO_SITE_NAME} on Canopy`
const PASSWORD = 'Invited-colleague-2026'
const NO_SCAN_PERMISSION = "Only the site's editors and administrators can start a scan."
const RUN = Date.now()

async function demoSiteSlug(page: Page): Promise<string> {
  const response = await page.request.get(`/api/v1/sites?search=${encodeURIComponent(DEMO_SITE_NAME)}`)
  const { items } = (await response.json()) as { items: { siteName: string; sys: { slug: string } }[] }
  const site = items.find((item) => item.siteName === DEMO_SITE_NAME)
  if (!site) throw new Error(`the demo admin cannot see ${DEMO_SITE_NAME}`)
  return site.sys.slug
}

/** The admin sends an e-mail invite from settings/invites; the path of the link the invitee receives. */
async function sendInvite(page: Page, slug: string, email: string): Promise<string> {
  await page.goto(`/site/${slug}/settings/invites`)
  await expect(page.getByRole('heading', { name: 'Invites', level: 1 })).toBeVisible()
  const form = page.getByRole('form', { name: 'Invite by email' })
  await form.getByRole('textbox', { name: /Email address/ }).fill(email)
  const since = Date.now() - 1000
  await form.getByRole('button', { name: 'Send invite' }).click()
  await expect(page.getByText('Your email invite has been sent.')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) })).toBeVisible()
  return findLinkPath(await waitForMail(email, INVITE_SUBJECT, since), '/invites/')
}

/** A page in a browser context of its own: the invitee is not the admin. */
async function ownBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
  return context.newPage()
}

/** The admin opens the user's detail from settings/users, filtered by their (unique) surname. */
async function openUserDetail(page: Page, slug: string, name: string, surname: string) {
  await page.goto(`/site/${slug}/settings/users`)
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Filter users' }).fill(surname)
  await page.keyboard.press('Enter')
  await page.getByRole('link', { name }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
}

/** The dashboard's Scan now, and the reason beside it while it is disabled. */
async function openDashboard(page: Page, slug: string) {
  await page.goto(`/site/${slug}`)
  await expect(page.getByRole('heading', { name: DEMO_SITE_NAME, level: 1 })).toBeVisible()
  return page.getByRole('region', { name: 'Scanning' }).getByRole('button', { name: 'Scan now' })
}

/**
 * The new editor assigns an issue to a role with a comment, finds it under Assigned issues as assigned by
 * them, and unassigns it (the assignment spec uses the same issue).
 */
async function assignAsMember(colleague: Page, slug: string) {
  const comment = `Noor asks design for a text alternative ${RUN}`
  await openSummerFairIssue(colleague, `/site/${slug}`)
  await assignToRole(colleague, await openAssignModal(colleague), { role: 'Design', comment })
  await colleague.goto(`/site/${slug}/assigned-issues?assignedBy=me`)
  const card = colleague
    .getByRole('listitem')
    .filter({ has: colleague.getByRole('heading', { name: SUMMER_FAIR_ISSUE }) })
  await expect(card).toContainText('Design')
  await expect(card).toContainText(comment)
  await card.getByRole('button', { name: /^Unassign issue/ }).click()
  await expect(colleague.getByText('Issue unassigned')).toBeVisible()
}

test('an admin invites a colleague by e-mail; they register through it, see only that site, and once made editor may scan and assign issues', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  await signInWithApi(page)
  const slug = await demoSiteSlug(page)
  const email = `colleague.${RUN}@example.com`
  const surname = `Colleague${RUN}`
  const name = `Noor ${surname}`
  const invitePath = await sendInvite(page, slug, email)
  expect(await runAxe(page)).toEqual([])

  // The colleague, signed out, follows the e-mailed link and registers with the invited address.
  const colleague = await ownBrowser(browser)
  await colleague.goto(invitePath)
  await expect(
    colleague.getByText(`You have been invited to join ${DEMO_SITE_NAME} on Canopy.`),
  ).toBeVisible()
  await expect(colleague.getByText(`The invite is for ${email}.`)).toBeVisible()
  expect(await runAxe(colleague)).toEqual([])
  const emailField = colleague.getByRole('textbox', { name: /^Email/ })
  await expect(emailField).toHaveValue(email)
  await expect(emailField).toBeDisabled()
  await colleague.getByRole('textbox', { name: 'First name' }).fill('Noor')
  await colleague.getByRole('textbox', { name: 'Surname' }).fill(surname)
  await colleague.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await colleague.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD)
  await colleague.getByRole('button', { name: 'Register' }).click()
  await expect(colleague.getByRole('heading', { name: DEMO_SITE_NAME, level: 1 })).toBeVisible()

  // Theirs is only the invited site, as a viewer: Scan now is disabled, saying why.
  await colleague.goto('/')
  await expect(colleague.getByRole('heading', { name: 'Your sites', level: 1 })).toBeVisible()
  const sites = colleague.getByRole('table', { name: 'Sites you can monitor' })
  await expect(sites.getByRole('link')).toHaveText([DEMO_SITE_NAME])
  const viewerScan = await openDashboard(colleague, slug)
  await expect(viewerScan).toBeDisabled()
  await expect(colleague.getByText(NO_SCAN_PERMISSION)).toBeVisible()

  // The admin opens the colleague's detail from the users list and makes them an editor.
  await openUserDetail(page, slug, name, surname)
  // The e-mail address is also the username: shown twice.
  await expect(page.getByText(email).first()).toBeVisible()
  expect(await runAxe(page)).toEqual([])
  await page.getByRole('button', { name: /Their own role on this site/ }).click()
  await page.getByRole('option', { name: 'Editor' }).click()
  await expect(page.getByText(`${name} is now Editor.`)).toBeVisible()

  // The colleague may now start a scan (they do not: the demo site's results are the other specs').
  const editorScan = await openDashboard(colleague, slug)
  await expect(colleague.getByText(NO_SCAN_PERMISSION)).toBeHidden()
  await expect(editorScan).toBeEnabled({ timeout: 60_000 })
  await assignAsMember(colleague, slug)
  await colleague.context().close()

  // The admin removes them again, after the confirmation.
  await page.getByRole('button', { name: 'Remove from site' }).click()
  const dialog = page.getByRole('dialog', { name: 'Remove from site' })
  expect(await runAxe(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Remove from site' }).click()
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible()
  await expect(page.getByText(`${name} was removed from the site.`)).toBeVisible()
})

/** An account of its own for the spec: registered, its e-mail verified through the mailed link. */
async function registerAccount(page: Page, email: string) {
  const since = Date.now() - 1000
  const registered = await page.request.post('/account/register', {
    data: {
      firstname: 'Dara',
      lastname: `Invitee${RUN}`,
      email,
      credentials: { password: PASSWORD },
      creditLimit: 250,
    },
  })
  expect(registered.ok(), `POST /account/register answered ${registered.status()}`).toBe(true)
  await page.goto(
    findLinkPath(await waitForMail(email, 'Verify your Canopy account', since), '/account/verify'),
  )
  await expect(page.getByRole('heading', { name: 'Account Verified', level: 1 })).toBeVisible()
}

test('someone with an account declines an invite: they do not join, and the invite is used up', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const email = `decliner.${RUN}@example.com`
  const invitee = await ownBrowser(browser)
  await registerAccount(invitee, email)
  await signInWithApi(page)
  const slug = await demoSiteSlug(page)
  const invitePath = await sendInvite(page, slug, email)

  await signInWithForm(invitee, email, PASSWORD)
  await invitee.goto(invitePath)
  await expect(invitee.getByText(`You have been invited to join ${DEMO_SITE_NAME} on Canopy.`)).toBeVisible()
  expect(await runAxe(invitee)).toEqual([])
  await invitee.getByRole('button', { name: 'Decline invite' }).click()
  await expect(invitee.getByRole('heading', { name: 'Your sites', level: 1 })).toBeVisible()
  await expect(invitee.getByRole('link', { name: DEMO_SITE_NAME })).toHaveCount(0)
  expect((await invitee.request.get(`/api/v1/sites/${slug}`)).status()).toBe(404)
  await invitee.goto(invitePath)
  await expect(invitee.getByText(/Sorry, this invite doesn't exist or has expired/)).toBeVisible()
  await invitee.context().close()

  await page.goto(`/site/${slug}/settings/invites-history`)
  await page.getByRole('searchbox', { name: 'Filter invites' }).fill(email)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) })).toContainText(
    'Declined',
  )
})

test('an admin shares an invite link for a domain; an address off the domain is refused; the link is revoked', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const outsider = await ownBrowser(browser)
  const outsiderEmail = `outsider.${RUN}@example.com`
  await registerAccount(outsider, outsiderEmail)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await signInWithApi(page)
  const slug = await demoSiteSlug(page)
  await page.goto(`/site/${slug}/settings/invites`)
  const form = page.getByRole('form', { name: 'Invite link' })
  await form.getByRole('textbox', { name: /Email domain/ }).fill('partner.example')
  await form.getByRole('button', { name: 'Create invite link' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite link created' })
  const link = await dialog.getByRole('textbox', { name: 'Invite link' }).inputValue()
  expect(await runAxe(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Copy link' }).click()
  await expect(page.getByText('Link copied')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
  await dialog.getByRole('button', { name: 'Done' }).click()

  await signInWithForm(outsider, outsiderEmail, PASSWORD)
  const linkPath = new URL(link).pathname + new URL(link).search
  await outsider.goto(linkPath)
  await expect(outsider.getByText('The invite is for addresses on the partner.example domain.')).toBeVisible()
  await outsider.getByRole('button', { name: 'Accept invite' }).click()
  await expect(outsider.getByText('Your email must be on the partner.example domain')).toBeVisible()
  expect((await outsider.request.get(`/api/v1/sites/${slug}`)).status()).toBe(404)

  const row = page.getByRole('row', { name: /Invite link: addresses on partner.example/ })
  await row.getByRole('button', { name: /Revoke invite/ }).click()
  await page
    .getByRole('dialog', { name: 'Revoke invite' })
    .getByRole('button', { name: 'Revoke invite' })
    .click()
  // The toast says so, and the active invites are read again without it.
  await expect(page.getByRole('alertdialog').getByText('Invite revoked')).toBeVisible()
  await expect(row).toHaveCount(0)
  await outsider.goto(linkPath)
  await expect(outsider.getByText(/Sorry, this invite doesn't exist or has expired/)).toBeVisible()
  await outsider.context().close()
})
