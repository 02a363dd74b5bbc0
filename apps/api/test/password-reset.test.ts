import { PASSWORD_RESET_LINK_TTL_MS, PASSWORD_RESET_MESSAGES } from '@canopy/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RESET_LINK_INVALID_MESSAGE } from '../src/services/password-reset-service.js'
import { hashToken } from '../src/services/tokens.js'
import { createSessionCookie, createTestUser, TEST_PASSWORD } from './factories.js'
import { findLinkInMail, startFakeSmtpServer } from './fake-smtp-server.js'
import { buildTestApp, type TestApp } from './helper.js'

const NEW_PASSWORD = 'Fresh-start-2026'
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

function requestReset(email: unknown, app = testApp.app) {
  return app.inject({ method: 'POST', url: '/account/reset', payload: { email } })
}

function submitReset(payload: Record<string, unknown>, cookie?: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/account/reset/password',
    payload,
    ...(cookie ? { headers: { cookie } } : {}),
  })
}

function logIn(username: string, password: string) {
  return testApp.app.inject({ method: 'POST', url: '/login', payload: { username, password } })
}

/** Asks for a reset of `email` and returns the token from the link in the e-mail that arrives. */
async function requestResetToken(email: string): Promise<string> {
  const mailArrives = smtp.nextMail()
  const response = await requestReset(email)
  expect(response.statusCode).toBe(200)
  const link = findLinkInMail((await mailArrives).raw, '/password/reset')
  return link.searchParams.get('token') ?? ''
}

async function createPasswordUser(options: { verified?: boolean } = {}) {
  return createTestUser(testApp.app.prisma, { withPassword: true, ...options })
}

async function expectTokenRefused(token: string) {
  const response = await submitReset({ token, password: NEW_PASSWORD })
  expect(response.statusCode).toBe(400)
  expect(response.json()).toEqual({
    statusCode: 400,
    error: 'Bad Request',
    message: `token: ${RESET_LINK_INVALID_MESSAGE}`,
    errors: { token: RESET_LINK_INVALID_MESSAGE },
  })
}

describe('password reset by e-mail', () => {
  it('mails a one-hour link; the new password signs in, the old one no longer does', async () => {
    const user = await createPasswordUser()
    const mailArrives = smtp.nextMail()
    const requested = await requestReset(`  ${user.email.toUpperCase()} `)
    expect(requested.statusCode).toBe(200)
    expect(requested.json()).toEqual({ ok: true })

    const mail = await mailArrives
    expect(mail.to).toEqual([user.email])
    expect(mail.raw).toMatch(/^Subject: Reset your Canopy password/m)
    const link = findLinkInMail(mail.raw, '/password/reset')
    expect(link.origin).toBe(PUBLIC_URL)
    const token = link.searchParams.get('token') ?? ''
    expect(token).toMatch(/^[\w-]{43}$/)

    // Only the token's sha256 is kept, valid for one hour.
    const stored = await testApp.app.prisma.accountToken.findUniqueOrThrow({
      where: { tokenHash: hashToken(token) },
    })
    expect(stored).toMatchObject({ userId: user.id, kind: 'reset_password', usedAt: null })
    const validFor = stored.expiresAt.getTime() - stored.createdAt.getTime()
    expect(Math.abs(validFor - PASSWORD_RESET_LINK_TTL_MS)).toBeLessThan(5_000)

    const reset = await submitReset({ token, password: NEW_PASSWORD })
    expect(reset.statusCode).toBe(200)
    expect(reset.json()).toEqual({ ok: true })

    expect((await logIn(user.email, NEW_PASSWORD)).statusCode).toBe(200)
    expect((await logIn(user.email, TEST_PASSWORD)).statusCode).toBe(401)
    const hash = (await testApp.app.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash
    expect(hash).toMatch(/^\$argon2id\$/)
  })

  it('refuses a link used once already, and the password stays the one it set', async () => {
    const user = await createPasswordUser()
    const token = await requestResetToken(user.email)
    expect((await submitReset({ token, password: NEW_PASSWORD })).statusCode).toBe(200)

    await expectTokenRefused(token)
    expect((await logIn(user.email, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('refuses an expired link and leaves the password alone', async () => {
    const user = await createPasswordUser()
    const token = await requestResetToken(user.email)
    await testApp.app.prisma.accountToken.update({
      where: { tokenHash: hashToken(token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    })

    await expectTokenRefused(token)
    expect((await logIn(user.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('refuses an unknown token and a verification token', async () => {
    await expectTokenRefused('x'.repeat(43))
    const user = await createPasswordUser({ verified: false })
    const verificationToken = 'v'.repeat(43)
    await testApp.app.prisma.accountToken.create({
      data: {
        userId: user.id,
        kind: 'verify_email',
        tokenHash: hashToken(verificationToken),
        expiresAt: new Date(Date.now() + 60_000),
      },
    })
    await expectTokenRefused(verificationToken)
  })

  it('a newer reset makes the older links of the user useless', async () => {
    const user = await createPasswordUser()
    const older = await requestResetToken(user.email)
    const newer = await requestResetToken(user.email)
    expect(newer).not.toBe(older)

    expect((await submitReset({ token: newer, password: NEW_PASSWORD })).statusCode).toBe(200)
    await expectTokenRefused(older)
  })

  it('checks the password rule on the server and keeps the link usable after a weak password', async () => {
    const user = await createPasswordUser()
    const token = await requestResetToken(user.email)
    // too short, then long enough but common, or a keyboard walk
    for (const password of ['', 'Ab1', 'Short-2026', 'password1234', 'qwertyuiop123', '123456789012']) {
      const response = await submitReset({ token, password })
      expect(response.statusCode).toBe(400)
      expect(response.json().errors).toEqual({ password: PASSWORD_RESET_MESSAGES.weakPassword })
      expect(response.json().message).toBe(`password: ${PASSWORD_RESET_MESSAGES.weakPassword}`)
    }
    expect((await submitReset({ token, password: 'lower-and-digits-1' })).statusCode).toBe(200)
  })

  it("ends the user's other sessions but keeps the one that made the reset", async () => {
    const user = await createPasswordUser()
    const otherDevice = await createSessionCookie(testApp.app.prisma, user.id)
    const thisDevice = await createSessionCookie(testApp.app.prisma, user.id)
    const bystander = await createPasswordUser()
    const bystanderCookie = await createSessionCookie(testApp.app.prisma, bystander.id)
    const token = await requestResetToken(user.email)
    const currentUser = (cookie: string) =>
      testApp.app.inject({ method: 'GET', url: '/auth/current-user', headers: { cookie } })
    // Used just before: the API holds the other device's session in its session cache.
    expect((await currentUser(otherDevice)).statusCode).toBe(200)

    expect((await submitReset({ token, password: NEW_PASSWORD }, thisDevice)).statusCode).toBe(200)

    expect((await currentUser(otherDevice)).statusCode).toBe(401)
    expect((await currentUser(thisDevice)).statusCode).toBe(200)
    expect((await currentUser(bystanderCookie)).statusCode).toBe(200)
  })

  it('verifies an address that was not verified yet, since the link proved it', async () => {
    const user = await createPasswordUser({ verified: false })
    expect((await logIn(user.email, TEST_PASSWORD)).statusCode).toBe(403)
    const token = await requestResetToken(user.email)

    expect((await submitReset({ token, password: NEW_PASSWORD })).statusCode).toBe(200)
    expect((await logIn(user.email, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('keeps the date of an earlier verification', async () => {
    const user = await createPasswordUser()
    const token = await requestResetToken(user.email)
    expect((await submitReset({ token, password: NEW_PASSWORD })).statusCode).toBe(200)
    const after = await testApp.app.prisma.user.findUniqueOrThrow({ where: { id: user.id } })
    expect(after.emailVerifiedAt).toEqual(user.emailVerifiedAt)
  })
})

describe('no account enumeration', () => {
  it('answers an unknown address and a single sign-on account exactly like a password account, and sends nothing', async () => {
    const ssoUser = await createTestUser(testApp.app.prisma, { ssoProvider: 'acme' })
    // An app of its own: closing it waits for the work started after the answers.
    const ownApp = await buildTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL })
    const mailsBefore = smtp.received.length
    try {
      const unknown = await requestReset('nobody-here@example.test', ownApp.app)
      const sso = await requestReset(ssoUser.email, ownApp.app)
      for (const response of [unknown, sso]) {
        expect(response.statusCode).toBe(200)
        expect(response.json()).toEqual({ ok: true })
      }
    } finally {
      await ownApp.app.close()
    }
    expect(smtp.received.length).toBe(mailsBefore)
    expect(await testApp.app.prisma.accountToken.count({ where: { userId: ssoUser.id } })).toBe(0)
  })

  it('closing the app waits for a reset e-mail still being sent', async () => {
    const user = await createPasswordUser()
    const ownApp = await buildTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL })
    const mailsBefore = smtp.received.length
    expect((await requestReset(user.email, ownApp.app)).statusCode).toBe(200)
    await ownApp.app.close()
    expect(smtp.received.slice(mailsBefore).map((mail) => mail.to)).toEqual([[user.email]])
  })

  it('names the email field when it is missing or not an address', async () => {
    for (const [email, message] of [
      ['', PASSWORD_RESET_MESSAGES.emailRequired],
      [undefined, PASSWORD_RESET_MESSAGES.emailRequired],
      ['not-an-address', 'You must enter a valid email address.'],
    ] as const) {
      const response = await requestReset(email)
      expect(response.statusCode).toBe(400)
      expect(response.json().errors).toEqual({ email: message })
    }
  })

  it('limits requests per address and IP like sign-in', async () => {
    const limitedApp = await buildTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL, loginRateLimitMax: 2 })
    // An address of its own: the counters are shared with this file's other requests (one Redis).
    const fromAddress = (email: string) =>
      limitedApp.app.inject({
        method: 'POST',
        url: '/account/reset',
        remoteAddress: '10.50.0.1',
        payload: { email },
      })
    try {
      const email = `limited-${Date.now()}@example.test`
      expect((await fromAddress(email)).statusCode).toBe(200)
      expect((await fromAddress(email.toUpperCase())).statusCode).toBe(200)
      const limited = await fromAddress(email)
      expect(limited.statusCode).toBe(429)
      expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' })
      expect((await fromAddress(`other-${email}`)).statusCode).toBe(200)
    } finally {
      await limitedApp.app.close()
    }
  })
})
