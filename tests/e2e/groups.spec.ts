import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { runSql } from './support/database'
import { expectAccessible } from './support/screens'
import { signInWithApi } from './support/session'

// The demo administrator manages the demo site's groups: creates one, adds a user who can see the site
// (a viewer made for this spec), sees them on the group's users tab, adds a subgroup, changes the group's
// role and deletes it with its subgroup. Then moves a group (with the viewer in it) under another parent
// from its settings tab, finds it among the parent's subgroups, and sees on the viewer's detail the role
// the parent now gives them through it. The screens are checked with axe at 320 and 1440 px.

const SITE = '/site/demo'
const RUN = randomUUID().slice(0, 8)
const GROUP = `Reviewers ${RUN}`
const SUBGROUP = `Guest reviewers ${RUN}`
const MEMBER = { firstName: 'Robin', lastName: `Grouped${RUN}`, email: `grouped-${RUN}@example.test` }
const MEMBER_NAME = `${MEMBER.firstName} ${MEMBER.lastName}`
/** The move: PARENT (editor) and MOVED (viewer, the member in it), both top-level groups to begin with. */
const PARENT = { id: `e2e-parent-${RUN}`, name: `Editors ${RUN}` }
const MOVED = { id: `e2e-moved-${RUN}`, name: `Contractors ${RUN}` }
let memberId = ''

test.use({ reducedMotion: 'reduce' })

test.describe('site groups', () => {
  test.beforeAll(async () => {
    const [user] = await runSql<{ id: string }>(
      `INSERT INTO "User" (id, email, "firstName", "lastName", "emailVerifiedAt", "updatedAt")
       VALUES ($1, $2, $3, $4, now(), now()) RETURNING id`,
      [`e2e-${randomUUID()}`, MEMBER.email, MEMBER.firstName, MEMBER.lastName],
    )
    memberId = user?.id ?? ''
    await runSql(
      `INSERT INTO "SiteMembership" ("siteId", "userId", role) SELECT id, $1, 'viewer' FROM "Site" WHERE slug = 'demo'`,
      [memberId],
    )
    for (const [group, role] of [
      [PARENT, 'editor'],
      [MOVED, 'viewer'],
    ] as const) {
      await runSql(
        `INSERT INTO "Group" (id, "siteId", name, role) SELECT $1, id, $2, $3::"SiteRole" FROM "Site" WHERE slug = 'demo'`,
        [group.id, group.name, role],
      )
    }
    await runSql('INSERT INTO "GroupMember" ("groupId", "userId") VALUES ($1, $2)', [MOVED.id, memberId])
  })

  test.afterAll(async () => {
    // Whatever a failed run left: its groups (subgroups go with them) and its user.
    await runSql('DELETE FROM "Group" WHERE name IN ($1, $2, $3, $4)', [
      GROUP,
      SUBGROUP,
      PARENT.name,
      MOVED.name,
    ])
    await runSql('DELETE FROM "User" WHERE email = $1', [MEMBER.email])
  })

  test('create a group, add a member, add a subgroup, change the role, delete it', async ({ page }) => {
    test.setTimeout(180_000)
    await signInWithApi(page)
    await page.goto(`${SITE}/settings/groups`)
    await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible({ timeout: 45_000 })
    await expect(page.getByRole('table', { name: "The site's groups" })).toBeVisible()
    await expectAccessible(page, 'settings/groups')

    await page.getByRole('button', { name: 'New group' }).click()
    const create = page.getByRole('dialog', { name: 'New group' })
    await create.getByRole('textbox', { name: /Name/ }).fill(GROUP)
    await create.getByRole('button', { name: /Role/ }).click()
    await page.getByRole('option', { name: 'Editor' }).click()
    await create.getByRole('button', { name: 'Create group' }).click()
    await expect(page.getByText(`Group ${GROUP} created.`)).toBeVisible()
    await expect(create).toBeHidden()

    await page.getByRole('link', { name: GROUP, exact: true }).click()
    await expect(page).toHaveURL(/\/settings\/group\/[^/]+\/users$/)
    await expect(page.getByRole('heading', { name: GROUP, level: 1 })).toBeVisible()
    const picker = page.getByRole('combobox', { name: /Add a user/ })
    await picker.fill(MEMBER.lastName)
    await page.getByRole('option', { name: new RegExp(MEMBER_NAME) }).click()
    await expect(picker).toHaveValue(MEMBER_NAME)
    await page.getByRole('button', { name: 'Add to group' }).click()
    await expect(page.getByText(`${MEMBER_NAME} was added to the group.`)).toBeVisible()
    await expect(page.getByRole('row', { name: new RegExp(MEMBER_NAME) })).toContainText(MEMBER.email)
    await expectAccessible(page, 'settings/group users')

    await page.getByRole('tab', { name: 'Subgroups' }).click()
    await expect(page).toHaveURL(/\/groups$/)
    await page.getByRole('button', { name: 'New subgroup' }).click()
    const subgroup = page.getByRole('dialog', { name: 'New subgroup' })
    await subgroup.getByRole('textbox', { name: /Name/ }).fill(SUBGROUP)
    await subgroup.getByRole('button', { name: 'Create group' }).click()
    await expect(page.getByRole('link', { name: SUBGROUP, exact: true })).toBeVisible()

    await page.getByRole('tab', { name: 'Settings' }).click()
    await page.getByRole('button', { name: /Role/ }).click()
    await page.getByRole('option', { name: 'Viewer' }).click()
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Group saved.')).toBeVisible()
    await expect(page.getByText(/^Viewer role · 1 member/)).toBeVisible()
    const groupId = new URL(page.url()).pathname.split('/').at(-2) ?? ''
    const saved = await (await page.request.get(`/api/v1/sites/demo/group/${groupId}`)).json()
    expect(saved).toMatchObject({ name: GROUP, role: 'viewer', memberCount: 1, groupCount: 1 })

    await page.getByRole('button', { name: 'Delete group' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete group' })
    await expect(confirm).toContainText('its subgroup goes with it')
    await confirm.getByRole('button', { name: 'Delete group' }).click()
    await expect(page).toHaveURL(/\/settings\/groups$/)
    await expect(page.getByText(`Group ${GROUP} deleted.`)).toBeVisible()
    await expect(page.getByRole('link', { name: GROUP, exact: true })).toHaveCount(0)
    expect((await page.request.get(`/api/v1/sites/demo/group/${groupId}`)).status()).toBe(404)
    const left = await runSql('SELECT id FROM "Group" WHERE name IN ($1, $2)', [GROUP, SUBGROUP])
    expect(left).toEqual([])
  })

  test('move a group under another parent; its member gets the parent’s role through it', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await signInWithApi(page)
    await page.goto(`${SITE}/settings/group/${MOVED.id}/settings`)
    await expect(page.getByRole('heading', { name: MOVED.name, level: 1 })).toBeVisible({ timeout: 45_000 })
    const parentSelect = page.getByRole('button', { name: /Parent group/ })
    await expect(parentSelect).toContainText('No parent (top level)')
    await expect(parentSelect).toBeEnabled()
    await parentSelect.click()
    // The group itself is not offered as its own parent.
    await expect(page.getByRole('option', { name: MOVED.name, exact: true })).toHaveCount(0)
    await page.getByRole('option', { name: PARENT.name, exact: true }).click()
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Group saved.')).toBeVisible()
    await expect(page.getByText(new RegExp(`inside ${PARENT.name}`))).toBeVisible()
    await expectAccessible(page, 'settings/group settings')

    await page.goto(`${SITE}/settings/group/${PARENT.id}/groups`)
    await expect(page.getByRole('heading', { name: PARENT.name, level: 1 })).toBeVisible({ timeout: 45_000 })
    await expect(page.getByRole('link', { name: MOVED.name, exact: true })).toBeVisible()

    await page.goto(`${SITE}/settings/user/${memberId}`)
    await expect(page.getByRole('heading', { name: MEMBER_NAME, level: 1 })).toBeVisible({ timeout: 45_000 })
    const access = page.getByRole('region', { name: 'Access to this site' })
    const siteRole = access.getByText('Role on this site', { exact: true })
    await expect(siteRole.locator('xpath=following-sibling::dd[1]')).toHaveText('Editor')
    const inherited = access.getByRole('row', { name: new RegExp(PARENT.name) })
    await expect(inherited).toContainText(`Through its subgroup ${MOVED.name}`)
    await expectAccessible(page, 'settings/user detail')
    await inherited.getByRole('link', { name: PARENT.name, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/settings/group/${PARENT.id}/users$`))
    await expect(page.getByRole('heading', { name: PARENT.name, level: 1 })).toBeVisible()
  })
})
