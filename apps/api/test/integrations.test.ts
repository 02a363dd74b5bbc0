import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type JiraFake, startJiraFake } from '../../../tests/fixtures/jira/server.js'
import { SITE_NOT_FOUND_MESSAGE } from '../src/plugins/app/site-access.js'
import {
  createSessionCookie,
  createTestCompletedScan,
  createTestPage,
  createTestPageIssue,
  createTestSite,
  createTestSiteWithAdminAndMember,
  createTestUser,
} from './factories.js'
import { useTestApp } from './helper.js'

// The issue tracker and web analytics settings (secrets sealed, never answered) and the tickets opened from a
// failed issue against the local Jira fake.
const getApp = useTestApp()
const EMAIL = 'tracker@council.example'
const TOKEN = 'jira-token-never-echoed'
let jira: JiraFake

beforeAll(async () => {
  jira = await startJiraFake({
    email: EMAIL,
    apiToken: TOKEN,
    projectKey: 'WEB',
    projectName: 'Council website',
  })
})
afterAll(async () => {
  await jira.close()
})

const base = (slug: string) => `/api/v1/sites/${slug}`

async function siteWithEditor() {
  const { app } = await getApp()
  const setup = await createTestSiteWithAdminAndMember(app.prisma, { rootUri: 'https://council.example/' })
  const editor = await createTestUser(app.prisma)
  await app.prisma.siteMembership.create({
    data: { siteId: setup.site.id, userId: editor.id, role: 'editor' },
  })
  return { app, ...setup, editorCookie: await createSessionCookie(app.prisma, editor.id) }
}

async function outsiderCookie() {
  const { app } = await getApp()
  const outsider = await createTestUser(app.prisma)
  await createTestSite(app.prisma, { members: [{ userId: outsider.id, role: 'admin' }] })
  return createSessionCookie(app.prisma, outsider.id)
}

const jiraSettings = (overrides: object = {}) => ({
  enabled: true,
  baseUrl: jira.url,
  email: EMAIL,
  apiKey: TOKEN,
  projectKey: 'web',
  ...overrides,
})

describe('issue tracker settings', () => {
  it('stores the token sealed, answers only whether it is set, and keeps it when left blank', async () => {
    const { app, site, adminCookie, memberCookie } = await siteWithEditor()
    const url = `${base(site.slug)}/integrations/jira/settings`
    expect((await app.inject({ url, headers: { cookie: memberCookie } })).json()).toEqual({
      enabled: false,
      baseUrl: '',
      email: '',
      projectKey: '',
      apiKeySet: false,
    })
    const saved = await app.inject({
      method: 'POST',
      url,
      headers: { cookie: adminCookie },
      payload: jiraSettings(),
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toEqual({
      enabled: true,
      baseUrl: jira.url,
      email: EMAIL,
      projectKey: 'WEB',
      apiKeySet: true,
    })
    expect(saved.body).not.toContain(TOKEN)
    const stored = await app.prisma.integration.findFirstOrThrow({
      where: { siteId: site.id, kind: 'issue_tracker' },
    })
    const sealed = (stored.secrets as { apiKey: string }).apiKey
    expect(sealed).toMatch(/^v1:/)
    expect(JSON.stringify(stored)).not.toContain(TOKEN)
    expect(app.secrets.open(sealed)).toBe(TOKEN)
    const kept = await app.inject({
      method: 'POST',
      url,
      headers: { cookie: adminCookie },
      payload: jiraSettings({ apiKey: '' }),
    })
    expect(kept.json().apiKeySet).toBe(true)
    const read = await app.inject({ url, headers: { cookie: memberCookie } })
    expect(read.body).not.toContain(TOKEN)
    const config = await app.inject({ url: base(site.slug), headers: { cookie: memberCookie } })
    expect(config.json().jiraIntegration).toMatchObject({ enabled: true })
  })

  it('names the first field missing to turn it on, and rejects malformed fields', async () => {
    const { app, site, adminCookie } = await siteWithEditor()
    const url = `${base(site.slug)}/integrations/jira/settings`
    const post = (payload: object) =>
      app.inject({ method: 'POST', url, headers: { cookie: adminCookie }, payload })
    const missing = await post({ enabled: true, baseUrl: jira.url, email: EMAIL, projectKey: 'WEB' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ message: 'apiKey: Required', errors: { apiKey: 'Required' } })
    const noBase = await post({ enabled: true, email: EMAIL, apiKey: TOKEN, projectKey: 'WEB' })
    expect(noBase.json()).toMatchObject({ errors: { baseUrl: 'Required' } })
    const badUrl = await post(jiraSettings({ baseUrl: 'ftp://tracker' }))
    expect(badUrl.statusCode).toBe(400)
    expect(badUrl.json().message).toContain('baseUrl')
    const badEnabled = await post({ enabled: 'yes' })
    expect(badEnabled.statusCode).toBe(400)
    expect(badEnabled.json().message).toContain('enabled')
    // Off, the fields may be incomplete.
    expect((await post({ enabled: false, email: EMAIL })).statusCode).toBe(200)
  })

  it('tests the connection: the account and the project through the tracker, or the refusal', async () => {
    const { app, site, adminCookie } = await siteWithEditor()
    const url = `${base(site.slug)}/integrations/jira/settings/test`
    const post = (payload: object) =>
      app.inject({ method: 'POST', url, headers: { cookie: adminCookie }, payload })
    expect((await post(jiraSettings())).json()).toEqual({
      ok: true,
      accountName: 'Fake Tracker User',
      projectName: 'Council website',
      message: null,
    })
    const wrong = await post(jiraSettings({ apiKey: 'wrong-token' }))
    expect(wrong.json()).toMatchObject({ ok: false, message: expect.stringContaining('401') })
    const otherProject = await post(jiraSettings({ projectKey: 'NOPE' }))
    expect(otherProject.json()).toMatchObject({ ok: false, message: expect.stringContaining('404') })
  })

  it('is read by members, changed by admins only (403 to an editor and a viewer), 404 for other sites', async () => {
    const { app, site, editorCookie, memberCookie } = await siteWithEditor()
    const url = `${base(site.slug)}/integrations/jira/settings`
    for (const cookie of [editorCookie, memberCookie]) {
      const response = await app.inject({ method: 'POST', url, headers: { cookie }, payload: jiraSettings() })
      expect(response.statusCode).toBe(403)
    }
    const outsider = await outsiderCookie()
    const hidden = await app.inject({ url, headers: { cookie: outsider } })
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json().message).toBe(SITE_NOT_FOUND_MESSAGE)
  })
})

describe('web analytics settings', () => {
  it('needs a property ID to turn on, says whether an account is connected, and disconnects', async () => {
    const { app, site, adminCookie, memberCookie } = await siteWithEditor()
    const url = `${base(site.slug)}/integrations/ga4/settings`
    expect((await app.inject({ url, headers: { cookie: memberCookie } })).json()).toEqual({
      enabled: false,
      propertyID: null,
      propertyIdList: [],
      connected: false,
    })
    const post = (payload: object) =>
      app.inject({ method: 'POST', url, headers: { cookie: adminCookie }, payload })
    const missing = await post({ enabled: true })
    expect(missing.json()).toMatchObject({
      message: 'propertyID: Required',
      errors: { propertyID: 'Required' },
    })
    const badId = await post({ enabled: true, propertyID: 'abc' })
    expect(badId.statusCode).toBe(400)
    expect(badId.json().message).toContain('propertyID')
    await app.prisma.integration.create({
      data: {
        siteId: site.id,
        kind: 'analytics',
        secrets: { refreshToken: app.secrets.seal('refresh-token-never-echoed') },
      },
    })
    const saved = await post({ enabled: true, propertyID: '123456789' })
    expect(saved.json()).toEqual({
      enabled: true,
      propertyID: '123456789',
      propertyIdList: [],
      connected: true,
    })
    expect(saved.body).not.toContain('refresh-token')
    const viewerDelete = await app.inject({ method: 'DELETE', url, headers: { cookie: memberCookie } })
    expect(viewerDelete.statusCode).toBe(403)
    const removed = await app.inject({ method: 'DELETE', url, headers: { cookie: adminCookie } })
    expect(removed.statusCode).toBe(204)
    expect((await app.inject({ url, headers: { cookie: memberCookie } })).json()).toMatchObject({
      enabled: false,
      connected: false,
    })
  })
})

async function siteWithFailedIssue() {
  const setup = await siteWithEditor()
  const { app, site, adminCookie } = setup
  const scan = await createTestCompletedScan(app.prisma, { siteId: site.id, number: 1 })
  const page = await createTestPage(app.prisma, { siteId: site.id, url: 'https://council.example/contact' })
  const issue = await createTestPageIssue(app.prisma, {
    siteId: site.id,
    pageId: page.id,
    scanId: scan.id,
    issueId: 'color-contrast',
  })
  await app.prisma.pageIssue.update({
    where: { id: issue.id },
    data: {
      details: {
        type: 'table',
        items: [{ node: { type: 'node', selector: 'a.faint', snippet: '<a class="faint">Call us</a>' } }],
      },
    },
  })
  await createTestPageIssue(app.prisma, {
    siteId: site.id,
    pageId: page.id,
    scanId: scan.id,
    issueId: 'image-alt',
    outcome: 'passed',
  })
  await app.inject({
    method: 'POST',
    url: `${base(site.slug)}/integrations/jira/settings`,
    headers: { cookie: adminCookie },
    payload: jiraSettings(),
  })
  return { ...setup, page, ticketUrl: `${base(site.slug)}/integrations/jira/${page.id}/color-contrast` }
}

describe('issue tracker tickets', () => {
  it('prefills a template from the issue, creates the ticket in the tracker with an ADF body, links and unlinks it', async () => {
    const { app, site, page, editorCookie, memberCookie, ticketUrl } = await siteWithFailedIssue()
    const template = await app.inject({ url: `${ticketUrl}/template`, headers: { cookie: editorCookie } })
    expect(template.statusCode).toBe(200)
    expect(template.json()).toEqual({
      projectName: 'Council website',
      projectLink: `${jira.url}/browse/WEB`,
      issueTypes: ['Task', 'Bug', 'Story'],
      summary: 'color-contrast title (https://council.example/contact)',
      description: expect.stringContaining('WCAG criterion: 1.4.3'),
    })
    expect(template.json().description).toContain('Element: a.faint')
    const created = await app.inject({
      method: 'POST',
      url: ticketUrl,
      headers: { cookie: editorCookie },
      payload: { summary: 'Low contrast link', description: 'Please fix.', issueType: 'Bug' },
    })
    expect(created.statusCode).toBe(201)
    const ticket = created.json()
    expect(ticket).toEqual({
      ticketId: expect.stringMatching(/^WEB-\d+$/),
      ticketUrl: `${jira.url}/browse/${ticket.ticketId}`,
    })
    const sent = jira.issues.find((issue) => issue.key === ticket.ticketId)
    expect(sent?.fields).toMatchObject({
      summary: 'Low contrast link',
      issuetype: { name: 'Bug' },
      project: { key: 'WEB' },
    })
    const body = JSON.stringify(sent?.fields.description)
    for (const part of [
      'Please fix.',
      'color-contrast title',
      'https://council.example/contact',
      '1.4.3',
      'a.faint',
      'Call us',
    ]) {
      expect(body).toContain(part)
    }
    const stored = await app.prisma.issueTicket.findFirstOrThrow({
      where: { siteId: site.id, pageId: page.id },
    })
    expect(stored).toMatchObject({ issueId: 'color-contrast', ticketId: ticket.ticketId })
    const detail = await app.inject({
      url: `${base(site.slug)}/page?pageId=${page.id}`,
      headers: { cookie: memberCookie },
    })
    expect(detail.statusCode).toBe(200)
    expect(detail.body).toContain(ticket.ticketUrl)
    const unlinked = await app.inject({ method: 'DELETE', url: ticketUrl, headers: { cookie: editorCookie } })
    expect(unlinked.statusCode).toBe(204)
    expect(await app.prisma.issueTicket.count({ where: { siteId: site.id } })).toBe(0)
    // The ticket stays in the tracker.
    expect(jira.issues.some((issue) => issue.key === ticket.ticketId)).toBe(true)
    const again = await app.inject({ method: 'DELETE', url: ticketUrl, headers: { cookie: editorCookie } })
    expect(again.statusCode).toBe(404)
  })

  it('requires a summary, a failed issue on that page, and a configured tracker', async () => {
    const { app, site, page, adminCookie, editorCookie, ticketUrl } = await siteWithFailedIssue()
    const noSummary = await app.inject({
      method: 'POST',
      url: ticketUrl,
      headers: { cookie: editorCookie },
      payload: { summary: '  ', issueType: 'Task' },
    })
    expect(noSummary.statusCode).toBe(400)
    expect(noSummary.json().errors).toEqual({ summary: 'Issue summary is required' })
    const passed = await app.inject({
      method: 'POST',
      url: `${base(site.slug)}/integrations/jira/${page.id}/image-alt`,
      headers: { cookie: editorCookie },
      payload: { summary: 'x' },
    })
    expect(passed.statusCode).toBe(404)
    const otherPage = await app.inject({
      url: `${base(site.slug)}/integrations/jira/nope/color-contrast/template`,
      headers: { cookie: editorCookie },
    })
    expect(otherPage.statusCode).toBe(404)
    const badType = await app.inject({
      method: 'POST',
      url: ticketUrl,
      headers: { cookie: editorCookie },
      payload: { summary: 'x', issueType: 'Epic' },
    })
    expect(badType.statusCode).toBe(502)
    await app.inject({
      method: 'POST',
      url: `${base(site.slug)}/integrations/jira/settings`,
      headers: { cookie: adminCookie },
      payload: { enabled: false },
    })
    const off = await app.inject({ url: `${ticketUrl}/template`, headers: { cookie: editorCookie } })
    expect(off.statusCode).toBe(409)
  })

  it('is for editors and admins: 403 to a viewer, 404 to a member of another site', async () => {
    const { app, memberCookie, ticketUrl } = await siteWithFailedIssue()
    for (const request of [
      { method: 'GET' as const, url: `${ticketUrl}/template` },
      { method: 'POST' as const, url: ticketUrl, payload: { summary: 'x' } },
      { method: 'DELETE' as const, url: ticketUrl },
    ]) {
      expect((await app.inject({ ...request, headers: { cookie: memberCookie } })).statusCode).toBe(403)
      expect((await app.inject({ ...request, headers: { cookie: await outsiderCookie() } })).statusCode).toBe(
        404,
      )
    }
    expect(jira.issues.every((issue) => issue.fields.summary !== 'x')).toBe(true)
  })
})
