import { INVITE_MESSAGES, REGISTRATION_MESSAGES, ROLE_REQUIRED_MESSAGES } from '@canopy/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SITE_NOT_FOUND_MESSAGE } from '../src/plugins/app/site-access.js'
import { INVITE_EMAIL_MISMATCH_MESSAGE } from '../src/services/invites-service.js'
import {
  createSessionCookie,
  createTestInvite,
  createTestSite,
  createTestSiteWithAdminAndMember,
  createTestUser,
  TEST_PASSWORD,
} from './factories.js'
import { decodeQuotedPrintable, startFakeSmtpServer } from './fake-smtp-server.js'
import { buildTestApp, cookieFrom, type TestApp } from './helper.js'

let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>
let testApp: TestApp

beforeAll(async () => {
  smtp = await startFakeSmtpServer()
  testApp = await buildTestApp({ smtpUrl: smtp.url, publicUrl: 'http://canopy.example.test:8080' })
})

afterAll(async () => {
  await testApp?.app.close()
  await smtp?.close()
})

const newEmail = (prefix = 'invitee') => `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.test`

function inject(method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) {
  return testApp.app.inject({
    method,
    url,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(payload ? { payload } : {}),
  })
}

/** An admin sends an invite through the API; the mail it sends and the token its link carries. */
async function sendInvite(slug: string, adminCookie: string, body: object) {
  const mailed = smtp.nextMail()
  const response = await inject('POST', `/api/v1/invites/${slug}`, adminCookie, body)
  expect(response.statusCode, response.body).toBe(201)
  const mail = await mailed
  const found = decodeQuotedPrintable(mail.raw).match(/https?:\/\/\S+?\/invites\/[\w-]+\?siteAlias=[\w-]+/)
  if (!found) throw new Error(`no invite link in:\n${mail.raw}`)
  const link = new URL(found[0])
  return { invite: response.json(), mail, link, token: link.pathname.split('/').pop() ?? '' }
}

describe('POST /api/v1/invites/:slug', () => {
  it('creates an e-mail invite with the role and e-mails a link to the invite page naming the site', async () => {
    const { site, adminCookie } = await createTestSiteWithAdminAndMember(testApp.app.prisma)
    const email = newEmail()
    const { invite, mail, link } = await sendInvite(site.slug, adminCookie, {
      type: 'email',
      email,
      role: 'editor',
    })
    expect(invite).toMatchObject({ email, role: 'editor', revoked: false, status: 'pending' })
    expect(mail.to).toEqual([email])
    const raw = decodeQuotedPrintable(mail.raw)
    expect(raw).toContain(`Subject: You are invited to ${site.siteName} on Canopy`)
    expect(raw).toContain('text/plain')
    expect(raw).toContain('text/html')
    expect(link.origin).toBe('http://canopy.example.test:8080')
    expect(link.searchParams.get('siteAlias')).toBe(site.slug)
    const stored = await testApp.app.prisma.invite.findUniqueOrThrow({ where: { id: invite.id } })
    expect(stored.tokenHash).not.toContain(link.pathname.split('/').pop())
  })

  it('gives a viewer role when none is named', async () => {
    const { site, adminCookie } = await createTestSiteWithAdminAndMember(testApp.app.prisma)
    const { invite } = await sendInvite(site.slug, adminCookie, { type: 'email', email: newEmail() })
    expect(invite.role).toBe('viewer')
  })

  it('answers 400 naming the field for a missing or malformed address, a bad type or role', async () => {
    const { site, adminCookie } = await createTestSiteWithAdminAndMember(testApp.app.prisma)
    const url = `/api/v1/invites/${site.slug}`
    const missing = await inject('POST', url, adminCookie, { type: 'email' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toEqual({ email: INVITE_MESSAGES.emailRequired })
    const malformed = await inject('POST', url, adminCookie, { type: 'email', email: 'not-an-address' })
    expect(malformed.json().errors).toEqual({ email: INVITE_MESSAGES.emailInvalid })
    const role = await inject('POST', url, adminCookie, { type: 'email', email: newEmail(), role: 'owner' })
    expect(role.statusCode).toBe(400)
    expect(Object.keys(role.json().errors)).toEqual(['role'])
    const type = await inject('POST', url, adminCookie, { type: 'sms', email: newEmail() })
    expect(type.json().errors).toEqual({ type: INVITE_MESSAGES.typeInvalid })
  })

  it('answers 409 for an address already invited or already a member', async () => {
    const { site, admin, adminCookie } = await createTestSiteWithAdminAndMember(testApp.app.prisma)
    const email = newEmail()
    await sendInvite(site.slug, adminCookie, { type: 'email', email })
    for (const taken of [email.toUpperCase(), admin.email]) {
      const response = await inject('POST', `/api/v1/invites/${site.slug}`, adminCookie, {
        type: 'email',
        email: taken,
      })
      expect(response.statusCode).toBe(409)
      expect(response.json().message).toBe(INVITE_MESSAGES.emailInUse)
    }
  })

  it('is for admins: 403 for a viewer and an editor, 404 for a member of another site', async () => {
    const { site, memberCookie } = await createTestSiteWithAdminAndMember(testApp.app.prisma)
    const editor = await createTestUser(testApp.app.prisma)
    await testApp.app.prisma.siteMembership.create({
      data: { siteId: site.id, userId: editor.id, role: 'editor' },
    })
    const editorCookie = await createSessionCookie(testApp.app.prisma, editor.id)
    const body = { type: 'email', email: newEmail() }
    for (const cookie of [memberCookie, editorCookie]) {
      const response = await inject('POST', `/api/v1/invites/${site.slug}`, cookie, body)
      expect(response.statusCode).toBe(403)
      expect(response.json().message).toBe(ROLE_REQUIRED_MESSAGES.admin)
      expect((await inject('GET', `/api/v1/invites/${site.slug}`, cookie)).statusCode).toBe(403)
    }
    const other = await createTestSiteWithAdminAndMember(testApp.app.prisma)
    const foreign = await inject('POST', `/api/v1/invites/${site.slug}`, other.adminCookie, body)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().message).toBe(SITE_NOT_FOUND_MESSAGE)
    expect(await testApp.app.prisma.invite.count({ where: { siteId: site.id } })).toBe(0)
  })
})

describe('GET and DELETE /api/v1/invites/:slug', () => {
  it('lists active invites, revokes one, and lists it in the history', async () => {
    const { site, adminCookie } = await createTestSiteWithAdminAndMember(testApp.app.prisma)
    const first = await sendInvite(site.slug, adminCookie, { type: 'email', email: newEmail('alpha') })
    await sendInvite(site.slug, adminCookie, { type: 'email', email: newEmail('beta') })
    await createTestInvite(testApp.app.prisma, {
      siteId: site.id,
      type: 'email',
      email: newEmail('expired'),
      expiresAt: new Date(Date.now() - 1000),
    })
    const active = await inject(
      'GET',
      `/api/v1/invites/${site.slug}?active=true&sortBy=email&sortDir=asc`,
      adminCookie,
    )
    expect(active.json()).toMatchObject({ totalCount: 2, pageIndex: 1, pageCount: 1 })
    expect(active.json().items.map((item: { email: string }) => item.email.split('-')[0])).toEqual([
      'alpha',
      'beta',
    ])
    const searched = await inject('GET', `/api/v1/invites/${site.slug}?search=beta`, adminCookie)
    expect(searched.json().totalCount).toBe(1)

    const revoked = await inject('DELETE', `/api/v1/invites/${site.slug}`, adminCookie, {
      id: first.invite.id,
    })
    expect(revoked.json()).toEqual({ ok: true })
    const again = await inject('DELETE', `/api/v1/invites/${site.slug}`, adminCookie, { id: first.invite.id })
    expect(again.statusCode).toBe(404)
    const history = await inject('GET', `/api/v1/invites/${site.slug}?active=false&sortBy=email`, adminCookie)
    expect(
      history
        .json()
        .items.map((item: { status: string }) => item.status)
        .sort(),
    ).toEqual(['expired', 'revoked'])
    expect((await inject('GET', `/api/v1/invites/${site.slug}/${first.token}`)).statusCode).toBe(404)
  })

  it('answers 400 naming the field for a bad query or a body without an id, 404 for another site invite', async () => {
    const { site, adminCookie } = await createTestSiteWithAdminAndMember(testApp.app.prisma)
    const bad = await inject('GET', `/api/v1/invites/${site.slug}?active=maybe`, adminCookie)
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors)).toEqual(['active'])
    const noId = await inject('DELETE', `/api/v1/invites/${site.slug}`, adminCookie, {})
    expect(noId.statusCode).toBe(400)
    expect(Object.keys(noId.json().errors)).toEqual(['id'])
    const other = await createTestSite(testApp.app.prisma)
    const foreign = await createTestInvite(testApp.app.prisma, {
      siteId: other.id,
      type: 'email',
      email: newEmail(),
    })
    const response = await inject('DELETE', `/api/v1/invites/${site.slug}`, adminCookie, { id: foreign.id })
    expect(response.statusCode).toBe(404)
    expect(
      (await testApp.app.prisma.invite.findUniqueOrThrow({ where: { id: foreign.id } })).revokedAt,
    ).toBeNull()
  })
})

describe('the invite link', () => {
  it('is readable signed out: type, address and site name; 404 for a wrong site, token, revoked or expired one', async () => {
    const site = await createTestSite(testApp.app.prisma)
    const email = newEmail()
    const invite = await createTestInvite(testApp.app.prisma, { siteId: site.id, type: 'email', email })
    const response = await inject('GET', `/api/v1/invites/${site.slug}/${invite.token}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ type: 'email', detail: email, siteName: site.siteName })
    const other = await createTestSite(testApp.app.prisma)
    const expired = await createTestInvite(testApp.app.prisma, {
      siteId: site.id,
      type: 'email',
      email: newEmail(),
      expiresAt: new Date(Date.now() - 1000),
    })
    for (const url of [
      `/api/v1/invites/${other.slug}/${invite.token}`,
      `/api/v1/invites/${site.slug}/not-a-token`,
      `/api/v1/invites/${site.slug}/${expired.token}`,
    ]) {
      const missing = await inject('GET', url)
      expect(missing.statusCode).toBe(404)
      expect(missing.json().message).toBe(INVITE_MESSAGES.invalid)
    }
  })

  it('accepted by the signed-in invitee adds them with the invite role, once', async () => {
    const site = await createTestSite(testApp.app.prisma)
    const user = await createTestUser(testApp.app.prisma)
    const cookie = await createSessionCookie(testApp.app.prisma, user.id)
    const invite = await createTestInvite(testApp.app.prisma, {
      siteId: site.id,
      type: 'email',
      email: user.email,
      role: 'editor',
    })
    expect((await inject('GET', `/api/v1/sites/${site.slug}`, cookie)).statusCode).toBe(404)
    const accepted = await inject('GET', `/api/v1/invites/${site.slug}/${invite.token}/accept`, cookie)
    expect(accepted.json()).toEqual({ ok: true })
    const config = await inject('GET', `/api/v1/sites/${site.slug}`, cookie)
    expect(config.statusCode).toBe(200)
    expect(config.json().role).toBe('editor')
    const twice = await inject('GET', `/api/v1/invites/${site.slug}/${invite.token}/accept`, cookie)
    expect(twice.statusCode).toBe(404)
    expect(twice.json().message).toBe(INVITE_MESSAGES.invalid)
  })

  it('is refused to a signed-in user of another address, and needs a signed-in user', async () => {
    const site = await createTestSite(testApp.app.prisma)
    const someone = await createTestUser(testApp.app.prisma)
    const invite = await createTestInvite(testApp.app.prisma, {
      siteId: site.id,
      type: 'email',
      email: newEmail(),
    })
    const cookie = await createSessionCookie(testApp.app.prisma, someone.id)
    const response = await inject('GET', `/api/v1/invites/${site.slug}/${invite.token}/accept`, cookie)
    expect(response.statusCode).toBe(403)
    expect(response.json().message).toBe(INVITE_EMAIL_MISMATCH_MESSAGE)
    expect((await inject('GET', `/api/v1/invites/${site.slug}/${invite.token}/accept`)).statusCode).toBe(401)
    expect(
      await testApp.app.prisma.siteMembership.count({ where: { siteId: site.id, userId: someone.id } }),
    ).toBe(0)
  })

  it('declined: the invite is used up and the user is not added', async () => {
    const site = await createTestSite(testApp.app.prisma)
    const user = await createTestUser(testApp.app.prisma)
    const cookie = await createSessionCookie(testApp.app.prisma, user.id)
    const invite = await createTestInvite(testApp.app.prisma, {
      siteId: site.id,
      type: 'email',
      email: user.email,
    })
    expect(
      (await inject('GET', `/api/v1/invites/${site.slug}/${invite.token}/decline`, cookie)).json(),
    ).toEqual({ ok: true })
    expect(
      (await inject('GET', `/api/v1/invites/${site.slug}/${invite.token}/accept`, cookie)).statusCode,
    ).toBe(404)
    expect(
      await testApp.app.prisma.siteMembership.count({ where: { siteId: site.id, userId: user.id } }),
    ).toBe(0)
  })

  it('a new user registering with the e-mailed invite joins the site with its role and is signed in', async () => {
    const { site, adminCookie } = await createTestSiteWithAdminAndMember(testApp.app.prisma)
    const email = newEmail('newcomer')
    const { token } = await sendInvite(site.slug, adminCookie, { type: 'email', email, role: 'editor' })
    const registered = await inject('POST', '/account/register', undefined, {
      firstname: 'Nia',
      lastname: 'Okafor',
      email,
      credentials: { password: TEST_PASSWORD },
      creditLimit: 250,
      invite: { token, siteAlias: site.slug },
    })
    expect(registered.statusCode, registered.body).toBeLessThan(300)
    const cookie = cookieFrom(registered.headers['set-cookie'])
    const config = await inject('GET', `/api/v1/sites/${site.slug}`, cookie)
    expect(config.json().role).toBe('editor')
    const sites = await inject('GET', '/api/v1/sites', cookie)
    expect(sites.json().items.map((item: { sys: { id: string } }) => item.sys.id)).toEqual([site.id])
    const active = await inject('GET', `/api/v1/invites/${site.slug}`, adminCookie)
    expect(active.json().totalCount).toBe(0)
  })
})

/** An admin creates a link invite; the link it answers (once) and the token the link carries. */
async function createLinkInvite(slug: string, adminCookie: string, body: object) {
  const response = await inject('POST', `/api/v1/invites/${slug}`, adminCookie, { type: 'link', ...body })
  expect(response.statusCode, response.body).toBe(201)
  const invite = response.json()
  const link = new URL(invite.link)
  return { invite, link, token: link.pathname.split('/').pop() ?? '' }
}

async function signedInUser(email: string) {
  const user = await createTestUser(testApp.app.prisma, { email })
  return { user, cookie: await createSessionCookie(testApp.app.prisma, user.id) }
}

const roleOn = async (siteId: string, userId: string) =>
  (
    await testApp.app.prisma.siteMembership.findUnique({
      where: { siteId_userId: { siteId, userId } },
    })
  )?.role ?? null

describe('link invites', () => {
  it('are created with a domain and role, answered with their link once, sent to no one, and listed', async () => {
    const { site, adminCookie } = await createTestSiteWithAdminAndMember(testApp.app.prisma)
    const mailsBefore = smtp.received.length
    const { invite, link, token } = await createLinkInvite(site.slug, adminCookie, {
      domain: ' @Partner.Example ',
      role: 'editor',
    })
    expect(invite).toMatchObject({
      type: 'link',
      email: null,
      domain: 'partner.example',
      role: 'editor',
      status: 'pending',
    })
    expect(link.origin).toBe('http://canopy.example.test:8080')
    expect(link.searchParams.get('siteAlias')).toBe(site.slug)
    expect(smtp.received.length).toBe(mailsBefore)
    const stored = await testApp.app.prisma.invite.findUniqueOrThrow({ where: { id: invite.id } })
    expect(stored.tokenHash).not.toContain(token)
    // As e-mail invites: usable for seven days (created is the database's clock, expires the API's).
    const validFor = Date.parse(invite.expires) - Date.parse(invite.created)
    expect(Math.abs(validFor - 7 * 24 * 60 * 60 * 1000)).toBeLessThan(5000)

    const active = await inject('GET', `/api/v1/invites/${site.slug}?search=partner`, adminCookie)
    expect(active.json().items).toEqual([expect.not.objectContaining({ link: expect.anything() })])
    expect(active.json().items[0]).toMatchObject({ id: invite.id, type: 'link', domain: 'partner.example' })
    const page = await inject('GET', `/api/v1/invites/${site.slug}/${token}`)
    expect(page.json()).toEqual({ type: 'link', detail: 'partner.example', siteName: site.siteName })
  })

  it('let everyone on the domain join with the role, and refuse another domain with a clear message', async () => {
    const { site, adminCookie } = await createTestSiteWithAdminAndMember(testApp.app.prisma)
    const { token } = await createLinkInvite(site.slug, adminCookie, {
      domain: 'partner.example',
      role: 'editor',
    })
    const accept = (cookie: string) => inject('GET', `/api/v1/invites/${site.slug}/${token}/accept`, cookie)

    const outsider = await signedInUser(newEmail('outsider'))
    const refused = await accept(outsider.cookie)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(REGISTRATION_MESSAGES.emailDomain('partner.example'))
    expect(await roleOn(site.id, outsider.user.id)).toBeNull()
    // A look-alike domain is not the domain.
    const lookalike = await signedInUser(`sam-${Date.now()}@notpartner.example`)
    expect((await accept(lookalike.cookie)).statusCode).toBe(403)

    for (const prefix of ['ana', 'ben']) {
      const colleague = await signedInUser(`${prefix}-${Date.now()}@Partner.Example`)
      expect((await accept(colleague.cookie)).json()).toEqual({ ok: true })
      expect(await roleOn(site.id, colleague.user.id)).toBe('editor')
    }
    const active = await inject('GET', `/api/v1/invites/${site.slug}`, adminCookie)
    expect(active.json().items).toEqual([expect.objectContaining({ type: 'link', status: 'pending' })])
  })

  it('without a domain let anyone holding the link join; declining one changes nothing', async () => {
    const { site, adminCookie } = await createTestSiteWithAdminAndMember(testApp.app.prisma)
    const { invite, token } = await createLinkInvite(site.slug, adminCookie, { domain: '' })
    expect(invite).toMatchObject({ domain: null, role: 'viewer' })
    for (const body of [{ domain: null }, {}]) {
      expect((await createLinkInvite(site.slug, adminCookie, body)).invite.domain).toBeNull()
    }
    expect((await inject('GET', `/api/v1/invites/${site.slug}/${token}`)).json()).toMatchObject({
      type: 'link',
      detail: '',
    })
    const decliner = await signedInUser(newEmail('decliner'))
    const declined = await inject('GET', `/api/v1/invites/${site.slug}/${token}/decline`, decliner.cookie)
    expect(declined.json()).toEqual({ ok: true })
    expect(await roleOn(site.id, decliner.user.id)).toBeNull()
    const anyone = await signedInUser(newEmail('anyone'))
    expect(
      (await inject('GET', `/api/v1/invites/${site.slug}/${token}/accept`, anyone.cookie)).statusCode,
    ).toBe(200)
    expect(await roleOn(site.id, anyone.user.id)).toBe('viewer')
  })

  it('a new user on the domain registers through the link, joins, and must verify their address first', async () => {
    const { site, adminCookie } = await createTestSiteWithAdminAndMember(testApp.app.prisma)
    const { token } = await createLinkInvite(site.slug, adminCookie, { domain: 'partner.example' })
    const register = (email: string) =>
      inject('POST', '/account/register', undefined, {
        firstname: 'Lin',
        lastname: 'Park',
        email,
        credentials: { password: TEST_PASSWORD },
        creditLimit: 250,
        invite: { token, siteAlias: site.slug },
      })
    const offDomain = await register(newEmail('elsewhere'))
    expect(offDomain.statusCode).toBe(400)
    expect(offDomain.json().errors).toEqual({ email: REGISTRATION_MESSAGES.emailDomain('partner.example') })
    const email = `lin-${Date.now()}@partner.example`
    const verification = smtp.nextMail()
    const registered = await register(email)
    expect(registered.statusCode, registered.body).toBeLessThan(300)
    expect(registered.headers['set-cookie']).toBeUndefined()
    expect((await verification).to).toEqual([email])
    const user = await testApp.app.prisma.user.findUniqueOrThrow({ where: { email } })
    expect(await roleOn(site.id, user.id)).toBe('viewer')
  })

  it('revoked: the link no longer opens or joins, and the invite is in the history', async () => {
    const { site, adminCookie } = await createTestSiteWithAdminAndMember(testApp.app.prisma)
    const { invite, token } = await createLinkInvite(site.slug, adminCookie, { domain: 'partner.example' })
    const revoked = await inject('DELETE', `/api/v1/invites/${site.slug}`, adminCookie, { id: invite.id })
    expect(revoked.json()).toEqual({ ok: true })
    expect((await inject('GET', `/api/v1/invites/${site.slug}/${token}`)).statusCode).toBe(404)
    const colleague = await signedInUser(`kai-${Date.now()}@partner.example`)
    const accepted = await inject('GET', `/api/v1/invites/${site.slug}/${token}/accept`, colleague.cookie)
    expect(accepted.statusCode).toBe(404)
    expect(accepted.json().message).toBe(INVITE_MESSAGES.invalid)
    const history = await inject('GET', `/api/v1/invites/${site.slug}?active=false`, adminCookie)
    expect(history.json().items).toEqual([expect.objectContaining({ id: invite.id, status: 'revoked' })])
  })

  it('answer 400 naming the field for a malformed domain or role; 403 for an editor', async () => {
    const { site, adminCookie } = await createTestSiteWithAdminAndMember(testApp.app.prisma)
    const url = `/api/v1/invites/${site.slug}`
    for (const domain of ['nodot', 'bad domain.example', 'x@y.example', 42]) {
      const response = await inject('POST', url, adminCookie, { type: 'link', domain })
      expect(response.statusCode, String(domain)).toBe(400)
      expect(response.json().errors).toEqual({ domain: INVITE_MESSAGES.domainInvalid })
    }
    const role = await inject('POST', url, adminCookie, { type: 'link', role: 'owner' })
    expect(Object.keys(role.json().errors)).toEqual(['role'])
    const editor = await createTestUser(testApp.app.prisma)
    await testApp.app.prisma.siteMembership.create({
      data: { siteId: site.id, userId: editor.id, role: 'editor' },
    })
    const editorCookie = await createSessionCookie(testApp.app.prisma, editor.id)
    const refused = await inject('POST', url, editorCookie, { type: 'link' })
    expect(refused.statusCode).toBe(403)
    expect(await testApp.app.prisma.invite.count({ where: { siteId: site.id } })).toBe(0)
  })
})
