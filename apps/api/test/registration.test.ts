import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { REGISTRATION_MESSAGES } from '@canopy/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VERIFY_FAILED_MESSAGE } from '../src/routes/account/index.js'
import { INVALID_INVITE_MESSAGE } from '../src/services/account-service.js'
import { createTestInvite, createTestSite, createTestUser, TEST_PASSWORD } from './factories.js'
import { findLinkInMail, startFakeSmtpServer } from './fake-smtp-server.js'
import { buildTestApp, type TestApp } from './helper.js'

function findVerificationLink(raw: string): URL {
  return findLinkInMail(raw, '/account/verify')
}

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

function newEmail(prefix = 'new') {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.test`
}

function registration(overrides: Record<string, unknown> = {}) {
  return {
    firstname: 'Nia',
    lastname: 'Okafor',
    email: newEmail(),
    credentials: { password: TEST_PASSWORD },
    creditLimit: 250,
    ...overrides,
  }
}

async function register(payload: unknown) {
  return testApp.app.inject({ method: 'POST', url: '/account/register', payload: payload as object })
}

describe('POST /account/register validation', () => {
  it('names every missing field with the spec message', async () => {
    const response = await register({})
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({
      firstname: REGISTRATION_MESSAGES.firstname,
      lastname: REGISTRATION_MESSAGES.lastname,
      email: REGISTRATION_MESSAGES.email,
      credentials: REGISTRATION_MESSAGES.password,
    })
    expect(response.json().message).toBe(`firstname: ${REGISTRATION_MESSAGES.firstname}`)
  })

  it.each([
    ['firstname', { firstname: '   ' }, REGISTRATION_MESSAGES.firstname],
    ['lastname', { lastname: '' }, REGISTRATION_MESSAGES.lastname],
    ['email', { email: '' }, REGISTRATION_MESSAGES.email],
    ['email', { email: 'not-an-address' }, 'You must enter a valid email address.'],
    ['credentials.password', { credentials: { password: '' } }, REGISTRATION_MESSAGES.password],
    ['credentials.password', { credentials: {} }, REGISTRATION_MESSAGES.password],
    [
      'credentials.password',
      { credentials: { password: 'lowercaseonly' } },
      REGISTRATION_MESSAGES.weakPassword,
    ],
    ['credentials.password', { credentials: { password: 'Ab1' } }, REGISTRATION_MESSAGES.weakPassword],
    // long enough, but among the common passwords, or made of the user's own name
    [
      'credentials.password',
      { credentials: { password: 'password1234' } },
      REGISTRATION_MESSAGES.weakPassword,
    ],
    [
      'credentials.password',
      { credentials: { password: 'Qwerty123456!' } },
      REGISTRATION_MESSAGES.weakPassword,
    ],
    [
      'credentials.password',
      { firstname: 'Augusta', lastname: 'Lovelace', credentials: { password: 'augustalovelace' } },
      REGISTRATION_MESSAGES.weakPassword,
    ],
  ])('%s: %j → %s', async (field, overrides, message) => {
    const response = await register(registration(overrides))
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({ [field]: message })
    expect(response.json().message).toBe(`${field}: ${message}`)
  })

  it('an address already registered (whatever its case) gets the answer of a new one; its owner an e-mail', async () => {
    const existing = await createTestUser(testApp.app.prisma)
    const mailArrives = smtp.nextMail()
    const response = await register(registration({ email: existing.email.toUpperCase() }))
    const fresh = await register(registration())
    expect(response.statusCode).toBe(fresh.statusCode)
    expect(response.json()).toEqual(fresh.json())
    expect(response.json()).toEqual({ signedIn: false, verificationRequired: true })
    const mail = await mailArrives
    expect(mail.to).toEqual([existing.email])
    expect(mail.raw).toMatch(/^Subject: Your Canopy account/m)
    expect(mail.raw).toContain('You already have an account')
    expect(await testApp.app.prisma.user.count({ where: { email: existing.email } })).toBe(1)
  })
})

describe('registration without an invite', () => {
  it('sends a verification link over SMTP that verifies the account, then the user can sign in', async () => {
    const email = newEmail('verify')
    const mailArrives = smtp.nextMail()
    const response = await register(registration({ email, redirect_url: '/site/welcome' }))
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body).toEqual({ signedIn: false, verificationRequired: true })
    expect(response.headers['set-cookie']).toBeUndefined()
    const created = await testApp.app.prisma.user.findUniqueOrThrow({ where: { email } })

    const mail = await mailArrives
    expect(mail.to).toEqual([email])
    expect(mail.raw).toMatch(/^Subject: Verify your Canopy account/m)
    const link = findVerificationLink(mail.raw)
    expect(link.origin).toBe('http://canopy.example.test:8080')
    expect(link.pathname).toBe('/account/verify')
    expect(link.searchParams.get('user')).toBe(created.id)
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{43}$/)
    expect(link.searchParams.get('redirect_url')).toBe('/site/welcome')

    const beforeVerifying = await testApp.app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: email, password: TEST_PASSWORD },
    })
    expect(beforeVerifying.statusCode).toBe(403)

    // The SPA forwards the link's query and asks for JSON.
    const verify = await testApp.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}&skipRedirect=true`,
    })
    expect(verify.statusCode).toBe(200)
    expect(verify.json()).toEqual({ success: true, redirectUrl: '/site/welcome' })

    const login = await testApp.app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: email, password: TEST_PASSWORD },
    })
    expect(login.statusCode).toBe(200)
  })

  it('verifies from the plain link with a redirect to /account/verified, and a bad token to /500', async () => {
    const mailArrives = smtp.nextMail()
    await register(registration())
    const link = findVerificationLink((await mailArrives).raw)

    const wrongToken = new URL(link)
    wrongToken.searchParams.set('token', 'x'.repeat(43))
    const failed = await testApp.app.inject({
      method: 'GET',
      url: `${wrongToken.pathname}${wrongToken.search}`,
    })
    expect(failed.statusCode).toBe(302)
    expect(failed.headers.location).toBe('/500')

    const failedJson = await testApp.app.inject({
      method: 'GET',
      url: `${wrongToken.pathname}${wrongToken.search}&skipRedirect=true`,
    })
    expect(failedJson.statusCode).toBe(400)
    expect(failedJson.json()).toMatchObject({
      message: `token: ${VERIFY_FAILED_MESSAGE}`,
      errors: { token: VERIFY_FAILED_MESSAGE },
    })

    const verified = await testApp.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
    expect(verified.statusCode).toBe(302)
    expect(verified.headers.location).toBe('/account/verified')
    const user = await testApp.app.prisma.user.findUniqueOrThrow({
      where: { id: link.searchParams.get('user') ?? '' },
    })
    expect(user.emailVerifiedAt).toBeInstanceOf(Date)
  })

  it('refuses an expired link and never redirects to another origin', async () => {
    const mailArrives = smtp.nextMail()
    await register(registration({ redirect_url: 'https://evil.example/phish' }))
    const link = findVerificationLink((await mailArrives).raw)
    expect(link.searchParams.get('redirect_url')).toBeNull()

    const verifiedAway = await testApp.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}&redirect_url=${encodeURIComponent('//evil.example/')}`,
    })
    expect(verifiedAway.headers.location).toBe('/account/verified')

    // A dot segment before two slashes resolves to the path //evil.example, which a browser reads as a host.
    const dotMail = smtp.nextMail()
    await register(registration())
    const dotLink = findVerificationLink((await dotMail).raw)
    const dotted = await testApp.app.inject({
      method: 'GET',
      url: `${dotLink.pathname}${dotLink.search}&redirect_url=${encodeURIComponent('/.//evil.example/phish')}`,
    })
    expect(dotted.headers.location).toBe('/evil.example/phish')

    const mailArrivesAgain = smtp.nextMail()
    await register(registration())
    const expiring = findVerificationLink((await mailArrivesAgain).raw)
    await testApp.app.prisma.accountToken.updateMany({
      where: { userId: expiring.searchParams.get('user') ?? '' },
      data: { expiresAt: new Date(Date.now() - 1000) },
    })
    const expired = await testApp.app.inject({ method: 'GET', url: `${expiring.pathname}${expiring.search}` })
    expect(expired.headers.location).toBe('/500')
  })

  it('sends the start page a link without a query', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/account/verify' })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/')
  })
})

describe('the organisation of a registration', () => {
  async function organisationsOf(email: string) {
    const user = await testApp.app.prisma.user.findUniqueOrThrow({ where: { email } })
    return testApp.app.prisma.organisationMember.findMany({
      where: { userId: user.id },
      include: { organisation: true },
    })
  }

  it('without an invite: an individual’s organisation named after the user, with a free slug, they administer', async () => {
    const firstname = `Ada${Math.random().toString(36).slice(2, 8)}`
    const first = newEmail('org')
    const second = newEmail('org')
    for (const email of [first, second]) {
      const mail = smtp.nextMail()
      expect((await register(registration({ email, firstname, lastname: 'Lovelace' }))).statusCode).toBe(201)
      await mail
    }
    const [mine] = await organisationsOf(first)
    const [theirs] = await organisationsOf(second)
    const slug = `${firstname.toLowerCase()}-lovelace`
    expect(mine).toMatchObject({
      isAdministrator: true,
      organisation: {
        name: `${firstname} Lovelace`,
        slug,
        isBusinessOrOrganisation: false,
        emailAddress: first,
      },
    })
    expect(theirs?.organisation.slug).toBe(`${slug}-2`)
  })

  it('with an invite: no organisation of their own', async () => {
    const site = await createTestSite(testApp.app.prisma)
    const email = newEmail('invited')
    const invite = await createTestInvite(testApp.app.prisma, { siteId: site.id, type: 'email', email })
    const response = await register(
      registration({ email, invite: { token: invite.token, siteAlias: site.slug } }),
    )
    expect(response.statusCode).toBe(201)
    expect(await organisationsOf(email)).toEqual([])
  })
})

describe('registration with an invite', () => {
  it('an email invite for the address signs the user in at once and adds the site membership', async () => {
    const site = await createTestSite(testApp.app.prisma)
    const email = newEmail('invited')
    const invite = await createTestInvite(testApp.app.prisma, { siteId: site.id, type: 'email', email })
    const response = await register(
      registration({ email, invite: { token: invite.token, siteAlias: site.slug } }),
    )
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ signedIn: true, verificationRequired: false })
    const cookie = String(response.headers['set-cookie']).split(';')[0] ?? ''

    const sites = await testApp.app.inject({ method: 'GET', url: '/api/v1/sites', headers: { cookie } })
    expect(sites.json().items.map((item: { sys: { slug: string } }) => item.sys.slug)).toEqual([site.slug])
    const acceptedInvite = await testApp.app.prisma.invite.findUniqueOrThrow({ where: { id: invite.id } })
    expect(acceptedInvite.acceptedById).toBe(response.json().user.id)

    // The invite is used up.
    const again = await register(
      registration({ email: newEmail(), invite: { token: invite.token, siteAlias: site.slug } }),
    )
    expect(again.statusCode).toBe(400)
    expect(again.json().errors).toEqual({ invite: INVALID_INVITE_MESSAGE })
  })

  it('an email invite refuses another address', async () => {
    const site = await createTestSite(testApp.app.prisma)
    const invite = await createTestInvite(testApp.app.prisma, {
      siteId: site.id,
      type: 'email',
      email: newEmail(),
    })
    const response = await register(registration({ invite: { token: invite.token, siteAlias: site.slug } }))
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().errors)).toEqual(['email'])
  })

  it('a link invite needs an address on its domain, then sends a verification e-mail', async () => {
    const site = await createTestSite(testApp.app.prisma)
    const invite = await createTestInvite(testApp.app.prisma, {
      siteId: site.id,
      type: 'link',
      domain: 'partner.example',
    })
    const inviteRef = { token: invite.token, siteAlias: site.slug }

    const offDomain = await register(registration({ email: newEmail(), invite: inviteRef }))
    expect(offDomain.statusCode).toBe(400)
    expect(offDomain.json().errors).toEqual({ email: 'Your email must be on the partner.example domain' })

    const mailArrives = smtp.nextMail()
    const onDomain = await register(registration({ email: 'lee@partner.example', invite: inviteRef }))
    expect(onDomain.statusCode).toBe(201)
    expect(onDomain.json()).toMatchObject({ signedIn: false, verificationRequired: true })
    expect((await mailArrives).to).toEqual(['lee@partner.example'])
    const lee = await testApp.app.prisma.user.findUniqueOrThrow({ where: { email: 'lee@partner.example' } })
    const membership = await testApp.app.prisma.siteMembership.findFirst({
      where: { siteId: site.id, userId: lee.id },
    })
    expect(membership?.role).toBe('viewer')
  })

  it('refuses an unknown, expired or other-site invite', async () => {
    const site = await createTestSite(testApp.app.prisma)
    const otherSite = await createTestSite(testApp.app.prisma)
    const expired = await createTestInvite(testApp.app.prisma, {
      siteId: site.id,
      type: 'link',
      domain: 'example.test',
      expiresAt: new Date(Date.now() - 1000),
    })
    const valid = await createTestInvite(testApp.app.prisma, {
      siteId: site.id,
      type: 'link',
      domain: 'example.test',
    })
    for (const invite of [
      { token: 'no-such-token', siteAlias: site.slug },
      { token: expired.token, siteAlias: site.slug },
      { token: valid.token, siteAlias: otherSite.slug },
    ]) {
      const response = await register(registration({ invite }))
      expect(response.statusCode).toBe(400)
      expect(response.json().errors).toEqual({ invite: INVALID_INVITE_MESSAGE })
    }
  })
})

describe('mail without SMTP_URL', () => {
  it('writes the verification e-mail as an .eml file to MAIL_DIR', async () => {
    const fileApp = await buildTestApp()
    try {
      const email = newEmail('eml')
      const response = await fileApp.app.inject({
        method: 'POST',
        url: '/account/register',
        payload: registration({ email }),
      })
      expect(response.statusCode).toBe(201)
      const files = await readdir(fileApp.config.mailDir)
      const eml = files.filter((file) => file.endsWith('.eml'))
      expect(eml).toHaveLength(1)
      const raw = await readFile(path.join(fileApp.config.mailDir, eml[0] ?? ''), 'utf8')
      expect(raw).toContain(`To: ${email}`)
      const created = await fileApp.app.prisma.user.findUniqueOrThrow({ where: { email } })
      expect(findVerificationLink(raw).searchParams.get('user')).toBe(created.id)
    } finally {
      await fileApp.app.close()
    }
  })
})
