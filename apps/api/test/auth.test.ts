import { hash } from '@node-rs/argon2'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { EMAIL_NOT_VERIFIED_MESSAGE, WRONG_CREDENTIALS_MESSAGE } from '../src/services/auth-service.js'
import { createSessionCookie, createTestOrganisation, createTestUser, TEST_PASSWORD } from './factories.js'
import { cookieFrom, useTestApp } from './helper.js'

const getApp = useTestApp()

/** A provider stored as the management API stores it (the discovery check is the SSO tests' concern). */
async function seedAcmeProvider(app: FastifyInstance) {
  if (await app.prisma.ssoProvider.findUnique({ where: { id: 'acme-sso' } })) return
  const organisation = await createTestOrganisation(app.prisma)
  await app.prisma.ssoProvider.create({
    data: {
      id: 'acme-sso',
      organisationId: organisation.id,
      title: 'Acme Single Sign-On',
      iconUrl: 'https://acme-sso.example/icon.svg',
      issuerUrl: 'https://login.acme-sso.example',
      clientId: 'canopy',
      clientSecretSealed: app.secrets.seal('secret'),
      domains: { create: [{ domain: 'acme-sso.example' }] },
    },
  })
}

describe('POST /auth/check-sso', () => {
  it('answers password sign-in for an address no provider claims', async () => {
    const { app } = await getApp()
    const response = await app.inject({
      method: 'POST',
      url: '/auth/check-sso',
      payload: { identifier: 'ann@example.test' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ isSSO: false, ssoProvider: null, ssoIcon: null, title: null })
  })

  it('names the provider configured for the address domain', async () => {
    const { app } = await getApp()
    await seedAcmeProvider(app)
    const response = await app.inject({
      method: 'POST',
      url: '/auth/check-sso',
      payload: { identifier: '  Bo@ACME-SSO.example ' },
    })
    expect(response.json()).toEqual({
      isSSO: true,
      ssoProvider: 'acme-sso',
      ssoIcon: 'https://acme-sso.example/icon.svg',
      title: 'Acme Single Sign-On',
    })
  })

  it('rejects an identifier that is not an e-mail address, naming the field', async () => {
    const { app } = await getApp()
    const response = await app.inject({
      method: 'POST',
      url: '/auth/check-sso',
      payload: { identifier: 'not-an-email' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      errors: { identifier: 'You must enter a valid email address.' },
    })
    expect(response.json().message).toContain('identifier')
  })
})

describe('POST /login', () => {
  it('signs in with the right password: answers the user and sets an httpOnly session cookie', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma, {
      withPassword: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
    })
    const response = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: user.email.toUpperCase(), password: TEST_PASSWORD },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      id: user.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: user.email,
      email: user.email,
      isStaff: false,
    })
    const setCookie = String(response.headers['set-cookie'])
    expect(setCookie).toMatch(/^canopy_session=[\w-]{43};/)
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Lax')
    expect(setCookie).toContain('Path=/')

    const check = await app.inject({
      method: 'GET',
      url: '/auth/check',
      headers: { cookie: cookieFrom(setCookie) },
    })
    expect(check.json()).toEqual({ authenticated: true })
  })

  it('stores only the sha256 of the session token', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma, { withPassword: true })
    const response = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: user.email, password: TEST_PASSWORD },
    })
    const token = cookieFrom(response.headers['set-cookie']).split('=')[1] ?? ''
    const sessions = await app.prisma.session.findMany({ where: { userId: user.id } })
    expect(sessions).toHaveLength(1)
    expect(sessions[0]?.id).toMatch(/^[0-9a-f]{64}$/)
    expect(sessions[0]?.id).not.toBe(token)
  })

  it('answers 401 with a clear message for a wrong password and for an unknown address', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma, { withPassword: true })
    for (const payload of [
      { username: user.email, password: 'wrong-password' },
      { username: 'nobody-here@example.test', password: TEST_PASSWORD },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/login', payload })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: WRONG_CREDENTIALS_MESSAGE,
      })
      expect(response.headers['set-cookie']).toBeUndefined()
    }
  })

  it('answers 403 asking to verify the e-mail address when it is not verified yet', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma, { withPassword: true, verified: false })
    const response = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: user.email, password: TEST_PASSWORD },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json().message).toBe(EMAIL_NOT_VERIFIED_MESSAGE)
    expect(response.headers['set-cookie']).toBeUndefined()
  })

  it('limits attempts per IP and username to LOGIN_RATE_LIMIT_MAX a minute', async () => {
    const { app, config } = await getApp()
    const user = await createTestUser(app.prisma, { withPassword: true })
    const attempt = (username: string, remoteAddress = '10.1.2.3') =>
      app.inject({
        method: 'POST',
        url: '/login',
        remoteAddress,
        payload: { username, password: 'wrong-password' },
      })

    for (let index = 0; index < config.loginRateLimitMax; index += 1) {
      expect((await attempt(user.email)).statusCode).toBe(401)
    }
    const limited = await attempt(user.email)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' })
    expect(limited.json().message).toMatch(/Too many attempts/)

    // Another address from the same IP, and the same address from another IP, are counted apart.
    expect((await attempt('someone-else@example.test')).statusCode).toBe(401)
    expect((await attempt(user.email, '10.9.9.9')).statusCode).toBe(401)
  })
})

describe('session routes', () => {
  it('GET /auth/check says false and GET /auth/current-user answers 401 when signed out', async () => {
    const { app } = await getApp()
    expect((await app.inject({ method: 'GET', url: '/auth/check' })).json()).toEqual({ authenticated: false })
    const current = await app.inject({ method: 'GET', url: '/auth/current-user' })
    expect(current.statusCode).toBe(401)
    expect(current.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' })
  })

  it('GET /auth/current-user answers the signed-in user', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma, { firstName: 'Grace', lastName: 'Hopper' })
    const cookie = await createSessionCookie(app.prisma, user.id)
    const response = await app.inject({ method: 'GET', url: '/auth/current-user', headers: { cookie } })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      id: user.id,
      firstName: 'Grace',
      lastName: 'Hopper',
      username: user.email,
    })
  })

  it('an expired session counts as signed out and its cookie is cleared', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    const cookie = await createSessionCookie(app.prisma, user.id)
    await app.prisma.session.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    })
    const response = await app.inject({ method: 'GET', url: '/auth/check', headers: { cookie } })
    expect(response.json()).toEqual({ authenticated: false })
    expect(String(response.headers['set-cookie'])).toMatch(/^canopy_session=;/)
  })

  it('POST /logout deletes the session and clears the cookie; it also answers 200 when signed out', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    const cookie = await createSessionCookie(app.prisma, user.id)
    const logout = await app.inject({ method: 'POST', url: '/logout', headers: { cookie } })
    expect(logout.statusCode).toBe(200)
    expect(String(logout.headers['set-cookie'])).toMatch(/^canopy_session=;/)
    expect(await app.prisma.session.count({ where: { userId: user.id } })).toBe(0)

    const afterwards = await app.inject({ method: 'GET', url: '/auth/current-user', headers: { cookie } })
    expect(afterwards.statusCode).toBe(401)
    expect((await app.inject({ method: 'POST', url: '/logout' })).statusCode).toBe(200)
  })
})

describe('password hashes', () => {
  it('a sign-in moves a hash made with older parameters to the current ones', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma, { withPassword: true })
    const oldHash = await hash(TEST_PASSWORD, { memoryCost: 8_192, timeCost: 1 })
    await app.prisma.user.update({ where: { id: user.id }, data: { passwordHash: oldHash } })
    const response = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: user.email, password: TEST_PASSWORD },
    })
    expect(response.statusCode).toBe(200)
    const stored = await app.prisma.user.findUniqueOrThrow({ where: { id: user.id } })
    expect(stored.passwordHash).not.toBe(oldHash)
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  })
})
