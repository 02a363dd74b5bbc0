import { ASSIGNMENT_COMMENT_MAX_LENGTH, ASSIGNMENT_MESSAGES, ROLE_REQUIRED_MESSAGES } from '@canopy/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createSessionCookie,
  createTestCompletedScan,
  createTestGroup,
  createTestPage,
  createTestPageIssue,
  createTestSite,
  createTestUser,
} from './factories.js'
import { decodeQuotedPrintable, startFakeSmtpServer } from './fake-smtp-server.js'
import { buildTestApp, type TestApp } from './helper.js'

const PUBLIC_URL = 'http://canopy.example.test:8080'

let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>
let testApp: TestApp

beforeAll(async () => {
  smtp = await startFakeSmtpServer()
  testApp = await buildTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL })
})

afterAll(async () => {
  await testApp?.app.close()
  await smtp?.close()
})

/** A scanned site with an editor, a viewer, a user of one of its groups, and a failing issue on a page. */
async function assignmentSite() {
  const prisma = testApp.app.prisma
  const editor = await createTestUser(prisma, { firstName: 'Eddie', lastName: 'Editor' })
  const viewer = await createTestUser(prisma, { firstName: 'Vera', lastName: 'Viewer' })
  const grouped = await createTestUser(prisma, { firstName: 'Greta', lastName: 'Group' })
  const stranger = await createTestUser(prisma)
  const site = await createTestSite(prisma, {
    siteName: 'Assignment Test Site',
    members: [
      { userId: editor.id, role: 'editor' },
      { userId: viewer.id, role: 'viewer' },
    ],
  })
  await createTestGroup(prisma, { siteId: site.id, memberIds: [grouped.id], role: 'viewer' })
  const scan = await createTestCompletedScan(prisma, { siteId: site.id, number: 1 })
  const page = await createTestPage(prisma, {
    siteId: site.id,
    url: `${site.rootUri}about`,
    title: 'About us',
  })
  const other = await createTestPage(prisma, {
    siteId: site.id,
    url: `${site.rootUri}contact`,
    title: 'Contact',
  })
  for (const target of [page, other]) {
    await createTestPageIssue(prisma, {
      siteId: site.id,
      pageId: target.id,
      scanId: scan.id,
      issueId: 'image-alt',
    })
  }
  return {
    site,
    page,
    other,
    editor,
    viewer,
    grouped,
    stranger,
    editorCookie: await createSessionCookie(prisma, editor.id),
    viewerCookie: await createSessionCookie(prisma, viewer.id),
  }
}

type Method = 'POST' | 'PATCH' | 'DELETE'

function write(method: Method, slug: string, cookie: string, payload: unknown, issueId = 'image-alt') {
  return testApp.app.inject({
    method,
    url: `/api/v1/sites/${slug}/issues/${issueId}/assignment`,
    headers: { cookie },
    payload: payload as object,
  })
}

function read(slug: string, cookie: string, path: string) {
  return testApp.app.inject({
    method: 'GET',
    url: `/api/v1/sites/${slug}/issues/${path}`,
    headers: { cookie },
  })
}

describe('assigning an issue', () => {
  it('assigns to a role with a comment, shows it on the page detail and the issue pages, edits and unassigns it', async () => {
    const { site, page, editor, editorCookie } = await assignmentSite()
    // read once before, so a kept answer would show if the change did not drop it
    expect(
      (await read(site.slug, editorCookie, 'image-alt/pages?status=failed')).json().items[0].assignment,
    ).toBeNull()
    const created = await write('POST', site.slug, editorCookie, {
      pageId: page.id,
      userId: 'design',
      comment: 'Logo needs alt text',
    })
    expect(created.statusCode).toBe(200)
    expect(created.json()).toMatchObject({
      ok: true,
      assignment: {
        assignedToId: 'design',
        assignedToName: 'Design',
        assignedById: editor.id,
        assignedByName: 'Eddie Editor',
        comment: 'Logo needs alt text',
      },
    })
    const detail = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/page?pageId=${page.id}`,
      headers: { cookie: editorCookie },
    })
    const failed = detail.json().accessibility.issuesFailed
    expect(failed[0].assignment).toMatchObject({ assignedToName: 'Design', comment: 'Logo needs alt text' })
    const pages = await read(site.slug, editorCookie, 'image-alt/pages?status=failed')
    expect(pages.json().items.map((item: { assignment: unknown }) => item.assignment)).toContainEqual(
      expect.objectContaining({ assignedToId: 'design' }),
    )

    const again = await write('POST', site.slug, editorCookie, {
      pageId: page.id,
      userId: 'content-creation',
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(ASSIGNMENT_MESSAGES.alreadyAssigned)

    const edited = await write('PATCH', site.slug, editorCookie, {
      pageId: page.id,
      userId: 'content-creation',
      comment: 'Content team please',
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().assignment).toMatchObject({
      assignedToId: 'content-creation',
      assignedToName: 'Content creation',
      comment: 'Content team please',
    })

    const removed = await write('DELETE', site.slug, editorCookie, { pageId: page.id })
    expect(removed.json()).toEqual({ ok: true, assignment: null })
    expect((await write('DELETE', site.slug, editorCookie, { pageId: page.id })).statusCode).toBe(404)
    expect(
      (await write('PATCH', site.slug, editorCookie, { pageId: page.id, userId: 'design' })).statusCode,
    ).toBe(404)
  })

  it('mails the user assigned (HTML and text, the site name, a link to the issue on the page)', async () => {
    const { site, page, viewer, grouped, editorCookie } = await assignmentSite()
    const mailArrives = smtp.nextMail()
    const response = await write('POST', site.slug, editorCookie, {
      pageId: page.id,
      userId: viewer.id,
      comment: 'Please fix <soon>',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().assignment).toMatchObject({
      assignedToId: viewer.id,
      assignedToName: 'Vera Viewer',
    })
    const mail = await mailArrives
    expect(mail.to).toEqual([viewer.email])
    const raw = decodeQuotedPrintable(mail.raw)
    expect(raw).toMatch(/^Subject: Assignment Test Site: an issue was assigned to you/m)
    expect(raw).toContain('Content-Type: text/plain')
    expect(raw).toContain('Content-Type: text/html')
    expect(raw).toContain(`${PUBLIC_URL}/site/${site.slug}/pages/${page.id}/accessibility`)
    expect(raw).toContain('Please fix &#60;soon&#62;')
    expect(raw).toContain('Please fix <soon>')

    // a user who sees the site through a group can be assigned, and is mailed on a reassignment
    const groupMail = smtp.nextMail()
    const edited = await write('PATCH', site.slug, editorCookie, { pageId: page.id, userId: grouped.id })
    expect(edited.statusCode).toBe(200)
    expect((await groupMail).to).toEqual([grouped.email])
  })
})

describe('refusals', () => {
  it('answers 400 naming the field for a user who cannot see the site, a long comment or no page', async () => {
    const { site, page, stranger, editorCookie } = await assignmentSite()
    const cases: [unknown, string, string][] = [
      [{ pageId: page.id, userId: stranger.id }, 'userId', ASSIGNMENT_MESSAGES.assigneeNotMember],
      [{ pageId: page.id, userId: 'other' }, 'userId', ASSIGNMENT_MESSAGES.assigneeNotMember],
      [{ pageId: page.id, userId: '' }, 'userId', ASSIGNMENT_MESSAGES.assigneeRequired],
      [{ userId: 'design' }, 'pageId', ASSIGNMENT_MESSAGES.pageIdRequired],
      [
        { pageId: page.id, userId: 'design', comment: 'x'.repeat(ASSIGNMENT_COMMENT_MAX_LENGTH + 1) },
        'comment',
        ASSIGNMENT_MESSAGES.commentTooLong,
      ],
    ]
    for (const [payload, field, message] of cases) {
      const response = await write('POST', site.slug, editorCookie, payload)
      expect({ field, status: response.statusCode }).toEqual({ field, status: 400 })
      expect(response.json().errors?.[field]).toBe(message)
      expect(response.json().message).toBe(`${field}: ${message}`)
    }
    const atLimit = await write('POST', site.slug, editorCookie, {
      pageId: page.id,
      userId: 'design',
      comment: 'x'.repeat(ASSIGNMENT_COMMENT_MAX_LENGTH),
    })
    expect(atLimit.statusCode).toBe(200)
  })

  it("answers 404 for a page or issue the site does not have, and for another site's page", async () => {
    const { site, page, editorCookie } = await assignmentSite()
    const elsewhere = await assignmentSite()
    for (const [payload, issueId] of [
      [{ pageId: 'no-such-page', userId: 'design' }, 'image-alt'],
      [{ pageId: page.id, userId: 'design' }, 'no-such-issue'],
      [{ pageId: elsewhere.page.id, userId: 'design' }, 'image-alt'],
    ] as const) {
      const response = await write('POST', site.slug, editorCookie, payload, issueId)
      expect(response.statusCode).toBe(404)
      expect(response.json().message).toBe(ASSIGNMENT_MESSAGES.issueNotFound)
    }
  })

  it('a member of another site gets 404 on every assignment route; a viewer 403 on the writes', async () => {
    const { site, page, viewerCookie } = await assignmentSite()
    const elsewhere = await assignmentSite()
    for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
      const foreign = await write(method, site.slug, elsewhere.editorCookie, {
        pageId: page.id,
        userId: 'design',
      })
      expect(foreign.statusCode).toBe(404)
      const viewer = await write(method, site.slug, viewerCookie, { pageId: page.id, userId: 'design' })
      expect(viewer.statusCode).toBe(403)
      expect(viewer.json().message).toBe(ROLE_REQUIRED_MESSAGES.editor)
    }
    for (const path of ['assigned', 'assigned/count']) {
      expect((await read(site.slug, elsewhere.editorCookie, path)).statusCode).toBe(404)
      expect((await read(site.slug, viewerCookie, path)).statusCode).toBe(200)
    }
    expect(await testApp.app.prisma.issueAssignment.count({ where: { siteId: site.id } })).toBe(0)
  })
})

describe('GET issues/assigned', () => {
  it('filters by assignee and assigner, pages, searches, and counts', async () => {
    const { site, page, other, viewer, editorCookie, viewerCookie } = await assignmentSite()
    await write('POST', site.slug, editorCookie, { pageId: page.id, userId: viewer.id, comment: 'For Vera' })
    await write('POST', site.slug, editorCookie, { pageId: other.id, userId: 'design', comment: 'Designers' })
    await testApp.app.prisma.issueAssignment.updateMany({
      where: { pageId: other.id },
      data: { updatedAt: new Date(Date.now() + 60_000) },
    })

    const all = (await read(site.slug, viewerCookie, 'assigned')).json()
    expect(all.totalCount).toBe(2)
    expect(all.items.map((item: { pageId: string }) => item.pageId)).toEqual([other.id, page.id])
    expect(all.items[1]).toMatchObject({
      issueId: 'image-alt',
      pageTitle: 'About us',
      title: 'image-alt title',
      category: 'accessibility',
      issueLevel: 'AA',
      assignee: { id: viewer.id, firstName: 'Vera', avatarUrl: `/api/v1/avatars/${viewer.id}` },
      assigner: { firstName: 'Eddie', lastName: 'Editor' },
      assignment: { assignedToName: 'Vera Viewer', comment: 'For Vera' },
    })
    expect(all.items[0].assignee).toBeNull()

    const ids = async (cookie: string, query: string) =>
      (await read(site.slug, cookie, `assigned?${query}`))
        .json()
        .items.map((item: { pageId: string }) => item.pageId)
    expect(await ids(viewerCookie, 'assignedTo=me')).toEqual([page.id])
    expect(await ids(viewerCookie, 'assignedTo=design')).toEqual([other.id])
    expect(await ids(viewerCookie, 'assignedTo=content-creation')).toEqual([])
    expect(await ids(viewerCookie, 'assignedTo=whatever')).toHaveLength(2)
    expect(await ids(viewerCookie, 'assignedBy=me')).toEqual([])
    expect(await ids(editorCookie, 'assignedBy=me&assignedTo=design')).toEqual([other.id])
    // assignedBy applies only when assignedTo is not me
    expect(await ids(viewerCookie, 'assignedTo=me&assignedBy=me')).toEqual([page.id])
    expect(await ids(viewerCookie, 'search=designers')).toEqual([other.id])
    expect(await ids(viewerCookie, 'search=about')).toEqual([page.id])
    expect(await ids(viewerCookie, 'sortBy=pageTitle&sortDir=asc')).toEqual([page.id, other.id])
    const paged = (await read(site.slug, viewerCookie, 'assigned?pageSize=1&page=2')).json()
    expect(paged).toMatchObject({ totalCount: 2, pageIndex: 2, pageSize: 1, pageCount: 2 })
    expect(paged.items.map((item: { pageId: string }) => item.pageId)).toEqual([page.id])

    expect((await read(site.slug, viewerCookie, 'assigned/count')).json()).toEqual({ count: 2 })
    expect((await read(site.slug, viewerCookie, 'assigned/count?assignedTo=me')).json()).toEqual({ count: 1 })
    expect((await read(site.slug, editorCookie, 'assigned/count?assignedTo=me')).json()).toEqual({ count: 0 })
    const badSort = await read(site.slug, viewerCookie, 'assigned?sortBy=nope')
    expect(badSort.statusCode).toBe(400)
    expect(Object.keys(badSort.json().errors)).toEqual(['sortBy'])
  })
})
