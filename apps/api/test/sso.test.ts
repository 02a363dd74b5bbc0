import { randomBytes } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import { SSO_MESSAGES } from '@canopy/contracts'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountFromEmail, type OidcFake, startOidcFake } from '../../../tests/fixtures/oidc/server.js'
import { SESSION_COOKIE } from '../src/plugins/app/auth.js'
import { createSessionCookie, createTestOrganisation, createTestUser, TEST_PASSWORD } from './factories.js'
import { useTestApp } from './helper.js'

const getApp = useTestApp()
const run = randomBytes(3).toString('hex')
const DOMAIN = `acme-${run}.example`
const OTHER_DOMAIN = `globex-${run}.example`
const CLIENT = { clientId: 'canopy', clientSecret: 'canopy-client-secret' }
const NEW_USER = `ann.smith@${DOMAIN}`
const KNOWN_USER = `bo.jones@${DOMAIN}`
const EXPIRED_USER = `cy.ended@${DOMAIN}`
const UNVERIFIED_USER = `cy.unverified@${DOMAIN}`
const WRONG_DOMAIN_USER = `di.other@${OTHER_DOMAIN}`
const ELSEWHERE_USER = `ed.elsewhere@${DOMAIN}`

let fake: OidcFake
let providerId: string
let organisationId: string
let adminCookie: string
let memberCookie: string
let outsiderCookie: string

/** Cookies the browser holds for the provider's pages, by name. */
type Jar = Map<string, string>

function keepCookies(jar: Jar, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';')
    const [name = '', ...value] = pair.split('=')
    jar.set(name.trim(), value.join('='))
  }
}

const cookieHeader = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')

/** Follows the provider's redirects as a browser would, until one leaves the provider. */
async function followAtProvider(jar: Jar, start: string, form?: URLSearchParams): Promise<string> {
  let url = start
  let body = form
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(jar),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    })
    keepCookies(jar, response)
    body = undefined
    const location = response.headers.get('location')
    if (!location) return url
    url = new URL(location, url).toString()
    if (!url.startsWith(fake.issuer)) return url
  }
  throw new Error('too many redirects at the provider')
}

interface SignOn {
  /** the API's answer to the callback */
  status: number
  location: string | undefined
  sessionCookie: string | undefined
}

/** Leaves for the provider, signs in there as `email`, and hands the callback to the API (optionally changed). */
async function signOn(
  app: FastifyInstance,
  email: string,
  {
    query = {},
    tamper = (url: URL) => url,
  }: { query?: Record<string, string>; tamper?: (url: URL) => URL } = {},
): Promise<SignOn> {
  const start = await app.inject({
    method: 'GET',
    url: `/auth/${providerId}?${new URLSearchParams({ success_url: '/site/x', error_url: '/sso/error', ...query })}`,
  })
  expect(start.statusCode).toBe(303)
  const binding = start.cookies.find((cookie) => cookie.name === 'canopy_sso')?.value ?? ''
  const jar: Jar = new Map()
  const interaction = await followAtProvider(jar, start.headers.location as string)
  const callback = tamper(new URL(await followAtProvider(jar, interaction, new URLSearchParams({ email }))))
  const answer = await app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: `canopy_sso=${binding}` },
  })
  return {
    status: answer.statusCode,
    location: answer.headers.location as string | undefined,
    sessionCookie: answer.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value,
  }
}

beforeAll(async () => {
  const { app, config } = await getApp()
  fake = await startOidcFake({
    clients: [{ ...CLIENT, redirectUris: [`${config.publicUrl}/auth/sso`] }],
    accounts: [
      ...[NEW_USER, KNOWN_USER, EXPIRED_USER, WRONG_DOMAIN_USER, ELSEWHERE_USER].map(accountFromEmail),
      { ...accountFromEmail(UNVERIFIED_USER), emailVerified: false },
    ],
  })
  const admin = await createTestUser(app.prisma)
  const member = await createTestUser(app.prisma)
  const outsider = await createTestUser(app.prisma)
  organisationId = (await createTestOrganisation(app.prisma, { adminUserId: admin.id })).id
  await app.prisma.organisationMember.create({ data: { organisationId, userId: member.id } })
  adminCookie = await createSessionCookie(app.prisma, admin.id)
  memberCookie = await createSessionCookie(app.prisma, member.id)
  outsiderCookie = await createSessionCookie(app.prisma, outsider.id)
  providerId = `acme-${run}`
  const created = await app.inject({
    method: 'POST',
    url: `/api/v1/crm/organisations/${organisationId}/sso-providers`,
    headers: { cookie: adminCookie },
    payload: {
      id: providerId,
      title: 'Acme ID',
      issuerUrl: fake.issuer,
      ...CLIENT,
      domains: [DOMAIN.toUpperCase()],
    },
  })
  expect(created.statusCode, created.body).toBe(201)
})

afterAll(async () => {
  await fake?.close()
})

describe('managing SSO providers', () => {
  const url = () => `/api/v1/crm/organisations/${organisationId}/sso-providers`

  it('lists the providers to administrators without their secrets, with the callback to register', async () => {
    const { app, config } = await getApp()
    const response = await app.inject({ method: 'GET', url: url(), headers: { cookie: adminCookie } })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      callbackUrl: `${config.publicUrl}/auth/sso`,
      providers: [
        {
          id: providerId,
          organisationId,
          title: 'Acme ID',
          iconUrl: null,
          issuerUrl: fake.issuer,
          clientId: CLIENT.clientId,
          enabled: true,
          domains: [DOMAIN],
          loginUrl: `${config.publicUrl}/${providerId}/login`,
        },
      ],
    })
    expect(response.body).not.toContain(CLIENT.clientSecret)
    const stored = await app.prisma.ssoProvider.findUniqueOrThrow({ where: { id: providerId } })
    expect(stored.clientSecretSealed).not.toContain(CLIENT.clientSecret)
  })

  it('answers 403 to a member who is not an administrator and 404 to someone outside the organisation', async () => {
    const { app } = await getApp()
    const asMember = await app.inject({ method: 'GET', url: url(), headers: { cookie: memberCookie } })
    expect(asMember.statusCode).toBe(403)
    expect(asMember.json().message).toBe(SSO_MESSAGES.notAdministrator)
    const asOutsider = await app.inject({
      method: 'DELETE',
      url: `${url()}/${providerId}`,
      headers: { cookie: outsiderCookie },
    })
    expect(asOutsider.statusCode).toBe(404)
    const signedOut = await app.inject({ method: 'GET', url: url() })
    expect(signedOut.statusCode).toBe(401)
  })

  it("answers 404 for another organisation's provider, even to an administrator of both", async () => {
    const { app } = await getApp()
    const admin = await app.prisma.organisationMember.findFirstOrThrow({
      where: { organisationId, isAdministrator: true },
    })
    const other = await createTestOrganisation(app.prisma, { adminUserId: admin.userId })
    const response = await app.inject({
      method: 'PUT',
      url: `/api/v1/crm/organisations/${other.id}/sso-providers/${providerId}`,
      headers: { cookie: adminCookie },
      payload: { title: 'Hijacked', issuerUrl: fake.issuer, clientId: CLIENT.clientId, domains: [DOMAIN] },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json().message).toBe(SSO_MESSAGES.notFound)
    expect((await app.prisma.ssoProvider.findUniqueOrThrow({ where: { id: providerId } })).title).toBe(
      'Acme ID',
    )
  })

  it('refuses malformed settings field by field', async () => {
    const { app } = await getApp()
    const response = await app.inject({
      method: 'POST',
      url: url(),
      headers: { cookie: adminCookie },
      payload: {
        id: 'Bad Id',
        title: '',
        issuerUrl: 'ftp://x',
        clientId: '',
        clientSecret: '',
        domains: ['not a domain'],
      },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toMatchObject({
      id: SSO_MESSAGES.idInvalid,
      title: SSO_MESSAGES.titleRequired,
      issuerUrl: SSO_MESSAGES.issuerInvalid,
      clientId: SSO_MESSAGES.clientIdRequired,
      clientSecret: SSO_MESSAGES.clientSecretRequired,
    })
    const reserved = await app.inject({
      method: 'POST',
      url: url(),
      headers: { cookie: adminCookie },
      payload: { id: 'sso', title: 'X', issuerUrl: fake.issuer, ...CLIENT, domains: [OTHER_DOMAIN] },
    })
    expect(reserved.json().errors).toMatchObject({ id: SSO_MESSAGES.idReserved })
  })

  it('refuses an issuer that cannot be discovered, saying why', async () => {
    const { app } = await getApp()
    const response = await app.inject({
      method: 'POST',
      url: url(),
      headers: { cookie: adminCookie },
      payload: {
        id: `nowhere-${run}`,
        title: 'X',
        issuerUrl: `${fake.issuer}/nowhere`,
        ...CLIENT,
        domains: [OTHER_DOMAIN],
      },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.issuerUrl).toMatch(/^The issuer could not be discovered/)
    const plainHttp = await app.inject({
      method: 'POST',
      url: url(),
      headers: { cookie: adminCookie },
      payload: {
        id: `plain-${run}`,
        title: 'X',
        issuerUrl: 'http://login.example.com',
        ...CLIENT,
        domains: [OTHER_DOMAIN],
      },
    })
    expect(plainHttp.json().errors.issuerUrl).toBe(SSO_MESSAGES.issuerInvalid)
  })

  it('keeps each e-mail domain to one provider', async () => {
    const { app } = await getApp()
    const response = await app.inject({
      method: 'POST',
      url: url(),
      headers: { cookie: adminCookie },
      payload: {
        id: `second-${run}`,
        title: 'Second',
        issuerUrl: fake.issuer,
        ...CLIENT,
        domains: [`eu.${DOMAIN}`, DOMAIN],
      },
    })
    expect(response.statusCode).toBe(409)
    expect(response.json().errors.domains).toBe(SSO_MESSAGES.domainTaken(DOMAIN))
  })

  it('updates a provider keeping its secret when none is given, and deletes it', async () => {
    const { app } = await getApp()
    const temporary = `temp-${run}`
    const payload = {
      title: 'Temp',
      issuerUrl: fake.issuer,
      clientId: CLIENT.clientId,
      domains: [`temp-${run}.example`],
    }
    const created = await app.inject({
      method: 'POST',
      url: url(),
      headers: { cookie: adminCookie },
      payload: { ...payload, id: temporary, clientSecret: CLIENT.clientSecret },
    })
    expect(created.statusCode).toBe(201)
    const sealed = (await app.prisma.ssoProvider.findUniqueOrThrow({ where: { id: temporary } }))
      .clientSecretSealed
    const updated = await app.inject({
      method: 'PUT',
      url: `${url()}/${temporary}`,
      headers: { cookie: adminCookie },
      payload: { ...payload, title: 'Renamed', enabled: false },
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toMatchObject({ title: 'Renamed', enabled: false })
    const disabledCheck = await app.inject({
      method: 'POST',
      url: '/auth/check-sso',
      payload: { identifier: `someone@temp-${run}.example` },
    })
    expect(disabledCheck.json().isSSO).toBe(false)
    expect(
      (await app.prisma.ssoProvider.findUniqueOrThrow({ where: { id: temporary } })).clientSecretSealed,
    ).toBe(sealed)
    const deleted = await app.inject({
      method: 'DELETE',
      url: `${url()}/${temporary}`,
      headers: { cookie: adminCookie },
    })
    expect(deleted.json()).toEqual({ ok: true })
    expect(await app.prisma.ssoProvider.findUnique({ where: { id: temporary } })).toBeNull()
  })
})

describe('POST /auth/check-sso and password sign-in', () => {
  it("names the provider owning the address's domain", async () => {
    const { app } = await getApp()
    const response = await app.inject({
      method: 'POST',
      url: '/auth/check-sso',
      payload: { identifier: `Zed@${DOMAIN.toUpperCase()}` },
    })
    expect(response.json()).toEqual({ isSSO: true, ssoProvider: providerId, ssoIcon: null, title: 'Acme ID' })
  })

  it('refuses a password for an address of an SSO domain, even one that has a password', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma, { email: `pw-${run}@${DOMAIN}`, withPassword: true })
    const response = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: user.email, password: TEST_PASSWORD },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json().message).toBe(SSO_MESSAGES.passwordRefused)
  })
})

describe('signing on through the provider', () => {
  it('registers a new address into the provider organisation, then signs it in once verified', async () => {
    const { app, config } = await getApp()
    const first = await signOn(app, NEW_USER)
    expect(first).toMatchObject({
      status: 303,
      location: `/${providerId}/registered`,
      sessionCookie: undefined,
    })
    const user = await app.prisma.user.findUniqueOrThrow({
      where: { email: NEW_USER },
      include: { organisations: true },
    })
    expect(user).toMatchObject({
      firstName: 'Ann',
      lastName: 'Smith',
      passwordHash: null,
      ssoProvider: providerId,
      emailVerifiedAt: null,
    })
    expect(user.organisations).toEqual([expect.objectContaining({ organisationId, isAdministrator: false })])
    expect((await readdir(config.mailDir)).some((file) => file.endsWith('.eml'))).toBe(true)

    await app.prisma.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } })
    const second = await signOn(app, NEW_USER)
    expect(second).toMatchObject({ status: 303, location: '/site/x' })
    const current = await app.inject({
      method: 'GET',
      url: '/auth/current-user',
      headers: { cookie: `${SESSION_COOKIE}=${second.sessionCookie}` },
    })
    expect(current.json().email).toBe(NEW_USER)
  })

  it('signs in an existing verified account at once and adds it to the organisation', async () => {
    const { app } = await getApp()
    const existing = await createTestUser(app.prisma, { email: KNOWN_USER })
    const result = await signOn(app, KNOWN_USER, {
      query: { success_url: `${(await getApp()).config.publicUrl}/userprofile` },
    })
    expect(result).toMatchObject({ status: 303, location: '/userprofile' })
    expect(result.sessionCookie).toBeTruthy()
    const membership = await app.prisma.organisationMember.findUnique({
      where: { organisationId_userId: { organisationId, userId: existing.id } },
    })
    expect(membership?.isAdministrator).toBe(false)
  })

  it('refuses an expired account, however it signs in', async () => {
    const { app } = await getApp()
    const expired = await createTestUser(app.prisma, { email: EXPIRED_USER })
    const accountExpiry = new Date(Date.now() - 60_000)
    await app.prisma.user.update({ where: { id: expired.id }, data: { accountExpiry } })
    const result = await signOn(app, EXPIRED_USER, { query: { error_url: '/oauth/error' } })
    expect(result).toEqual({ status: 303, location: '/oauth/error', sessionCookie: undefined })
  })

  it('refuses an address outside the provider domains and one the provider has not verified', async () => {
    const { app } = await getApp()
    for (const email of [WRONG_DOMAIN_USER, UNVERIFIED_USER]) {
      const result = await signOn(app, email, { query: { error_url: '/oauth/error' } })
      expect(result).toEqual({ status: 303, location: '/oauth/error', sessionCookie: undefined })
      expect(await app.prisma.user.findUnique({ where: { email } })).toBeNull()
    }
  })

  it('refuses an account of another enabled provider, and moves it once that provider is disabled', async () => {
    const { app } = await getApp()
    const otherId = `other-${run}`
    await app.prisma.ssoProvider.create({
      data: {
        id: otherId,
        organisationId,
        title: 'Other',
        issuerUrl: fake.issuer,
        clientId: CLIENT.clientId,
        clientSecretSealed: app.secrets.seal(CLIENT.clientSecret),
      },
    })
    await createTestUser(app.prisma, { email: ELSEWHERE_USER, ssoProvider: otherId })
    expect(await signOn(app, ELSEWHERE_USER)).toEqual({
      status: 303,
      location: '/sso/error',
      sessionCookie: undefined,
    })
    await app.prisma.ssoProvider.update({ where: { id: otherId }, data: { enabled: false } })
    expect(await signOn(app, ELSEWHERE_USER)).toMatchObject({ status: 303, location: '/site/x' })
    expect((await app.prisma.user.findUniqueOrThrow({ where: { email: ELSEWHERE_USER } })).ssoProvider).toBe(
      providerId,
    )
  })

  it('refuses a callback whose state is unknown, or whose code was changed', async () => {
    const { app } = await getApp()
    const badState = await signOn(app, KNOWN_USER, {
      tamper: (url) => {
        url.searchParams.set('state', 'forged-state')
        return url
      },
    })
    expect(badState).toEqual({ status: 303, location: '/sso/error', sessionCookie: undefined })
    const badCode = await signOn(app, KNOWN_USER, {
      tamper: (url) => {
        url.searchParams.set('code', `${url.searchParams.get('code')}x`)
        return url
      },
    })
    expect(badCode).toEqual({ status: 303, location: '/sso/error', sessionCookie: undefined })
  })

  it('refuses a callback replayed or sent by another browser', async () => {
    const { app } = await getApp()
    const start = await app.inject({ method: 'GET', url: `/auth/${providerId}` })
    const jar: Jar = new Map()
    const interaction = await followAtProvider(jar, start.headers.location as string)
    const callback = new URL(
      await followAtProvider(jar, interaction, new URLSearchParams({ email: KNOWN_USER })),
    )
    const otherBrowser = await app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: 'canopy_sso=someone-else' },
    })
    expect(otherBrowser.headers.location).toBe('/sso/error')
    expect(otherBrowser.cookies.some((cookie) => cookie.name === SESSION_COOKIE && cookie.value)).toBe(false)
  })

  it('refuses return addresses on other sites (no open redirect)', async () => {
    const { app } = await getApp()
    const queries: Record<string, string>[] = [
      { success_url: 'https://evil.example/' },
      { error_url: '//evil.example/x' },
      { cookie_callback: 'https://evil.example/cb' },
    ]
    for (const query of queries) {
      const response = await app.inject({
        method: 'GET',
        url: `/auth/${providerId}?${new URLSearchParams(query)}`,
      })
      expect(response.statusCode).toBe(400)
      expect(response.headers.location).toBeUndefined()
      expect(Object.keys(response.json().errors)).toEqual(Object.keys(query))
    }
  })

  it('sends an unknown or disabled provider to the error page', async () => {
    const { app } = await getApp()
    const response = await app.inject({ method: 'GET', url: '/auth/nobody-here?error_url=/oauth/error' })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/oauth/error')
  })

  it('limits the starts per address (each keeps a transaction in Redis)', async () => {
    const { app, config } = await getApp()
    const start = () => app.inject({ method: 'GET', url: `/auth/${providerId}`, remoteAddress: '10.9.8.7' })
    for (let attempt = 0; attempt < config.loginRateLimitMax * 3; attempt += 1) {
      expect((await start()).statusCode).toBe(303)
    }
    const refused = await start()
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeTruthy()
  })
})
