import { TWO_FACTOR_MESSAGES } from '@canopy/contracts'
import { beforeEach, describe, expect, it } from 'vitest'
import { generateTotpCode, TOTP_PERIOD_SECONDS } from '../src/lib/totp.js'
import { createSessionCookie, createTestUser, TEST_PASSWORD } from './factories.js'
import { cookieFrom, useTestApp } from './helper.js'

/** LOGIN_RATE_LIMIT_MAX = 3: three failed sign-ins a minute per address and account. */
const getApp = useTestApp({ loginRateLimitMax: 3 })
type App = Awaited<ReturnType<typeof getApp>>['app']

const PROFILE = '/api/v1/crm/users/currentProfile/two-factor'
const PERIOD_MS = TOTP_PERIOD_SECONDS * 1000
let addressCount = 0

/** Each test signs in from its own address, so the attempt limits of one do not touch another. */
function nextAddress() {
  addressCount += 1
  return `10.77.0.${addressCount}`
}

/**
 * The code of `offset` time steps from now. Tests start at least 5 s before a step ends, so that the
 * step of a code made here is still one the API accepts when it checks it.
 */
function codeAt(secret: string, offset = 0) {
  return generateTotpCode(secret, Date.now() + offset * PERIOD_MS)
}

beforeEach(async () => {
  const left = PERIOD_MS - (Date.now() % PERIOD_MS)
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50))
})

/** A password user with two-step verification turned on through the API; its secret and recovery codes. */
async function userWithTotp(app: App) {
  const user = await createTestUser(app.prisma, { withPassword: true })
  const cookie = await createSessionCookie(app.prisma, user.id)
  const setup = await app.inject({ method: 'POST', url: `${PROFILE}/setup`, headers: { cookie } })
  const { secret } = setup.json() as { secret: string }
  // The code of the step before now: the steps of now and after stay free for the test.
  const confirm = await app.inject({
    method: 'POST',
    url: `${PROFILE}/confirm`,
    headers: { cookie },
    payload: { code: codeAt(secret, -1) },
  })
  expect(confirm.statusCode).toBe(200)
  return { user, cookie, secret, recoveryCodes: confirm.json().recoveryCodes as string[] }
}

async function startLogin(app: App, email: string, remoteAddress: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/login',
    remoteAddress,
    payload: { username: email, password: TEST_PASSWORD },
  })
  expect(response.statusCode).toBe(200)
  expect(response.headers['set-cookie']).toBeUndefined()
  return response.json() as { twoFactorRequired: true; challenge: string; expiresAt: string }
}

function secondStep(app: App, remoteAddress: string, payload: Record<string, string>) {
  return app.inject({ method: 'POST', url: '/login/two-factor', remoteAddress, payload })
}

describe('turning two-step verification on and off on the profile', () => {
  it('sets up with a secret and QR address, confirms with a code, and answers ten recovery codes once', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma, { withPassword: true, email: 'enrol@example.test' })
    const cookie = await createSessionCookie(app.prisma, user.id)
    const status = await app.inject({ url: PROFILE, headers: { cookie } })
    expect(status.json()).toEqual({ available: true, enabled: false, enabledAt: null, recoveryCodesLeft: 0 })

    const setup = await app.inject({ method: 'POST', url: `${PROFILE}/setup`, headers: { cookie } })
    expect(setup.statusCode).toBe(200)
    const { secret, otpauthUrl } = setup.json()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(otpauthUrl).toContain(`secret=${secret}`)
    expect(otpauthUrl).toContain('enrol%40example.test')
    // Stored sealed, and not on until a code confirms it.
    const stored = await app.prisma.user.findUniqueOrThrow({ where: { id: user.id } })
    expect(stored.totpSecret).toMatch(/^v1:/)
    expect(stored.totpSecret).not.toContain(secret)
    expect(stored.totpEnabledAt).toBeNull()

    const wrong = await app.inject({
      method: 'POST',
      url: `${PROFILE}/confirm`,
      headers: { cookie },
      payload: { code: codeAt(secret, -3) },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors).toEqual({ code: TWO_FACTOR_MESSAGES.codeWrong })

    const confirm = await app.inject({
      method: 'POST',
      url: `${PROFILE}/confirm`,
      headers: { cookie },
      payload: { code: codeAt(secret) },
    })
    expect(confirm.statusCode).toBe(200)
    const { recoveryCodes, status: after } = confirm.json()
    expect(recoveryCodes).toHaveLength(10)
    expect(after).toMatchObject({ enabled: true, recoveryCodesLeft: 10 })
    const rows = await app.prisma.recoveryCode.findMany({ where: { userId: user.id } })
    expect(rows).toHaveLength(10)
    for (const row of rows) expect(recoveryCodes).not.toContain(row.codeHash)

    const again = await app.inject({ method: 'POST', url: `${PROFILE}/setup`, headers: { cookie } })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.alreadyOn)
  })

  it('is not for single sign-on accounts, API tokens, or a confirmation without a setup', async () => {
    const { app } = await getApp()
    const sso = await createTestUser(app.prisma, { ssoProvider: 'acme-sso' })
    const ssoCookie = await createSessionCookie(app.prisma, sso.id)
    expect((await app.inject({ url: PROFILE, headers: { cookie: ssoCookie } })).json().available).toBe(false)
    const refused = await app.inject({
      method: 'POST',
      url: `${PROFILE}/setup`,
      headers: { cookie: ssoCookie },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(TWO_FACTOR_MESSAGES.ssoAccount)

    const user = await createTestUser(app.prisma, { withPassword: true })
    const cookie = await createSessionCookie(app.prisma, user.id)
    const early = await app.inject({
      method: 'POST',
      url: `${PROFILE}/confirm`,
      headers: { cookie },
      payload: { code: '123456' },
    })
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toBe(TWO_FACTOR_MESSAGES.notStarted)
    const malformed = await app.inject({
      method: 'POST',
      url: `${PROFILE}/confirm`,
      headers: { cookie },
      payload: { code: '12ab' },
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().errors).toEqual({ code: TWO_FACTOR_MESSAGES.codeRequired })
    const token = await app.inject({
      method: 'POST',
      url: `${PROFILE}/setup`,
      headers: { authorization: 'Bearer cnp_not-a-session' },
    })
    expect(token.statusCode).toBe(401)
  })

  it('turns off with the password (a wrong one is refused), after which a password alone signs in', async () => {
    const { app } = await getApp()
    const { user, cookie } = await userWithTotp(app)
    const wrong = await app.inject({
      method: 'POST',
      url: `${PROFILE}/disable`,
      headers: { cookie },
      payload: { password: 'not-the-password' },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors).toEqual({ password: TWO_FACTOR_MESSAGES.passwordWrong })
    const none = await app.inject({
      method: 'POST',
      url: `${PROFILE}/disable`,
      headers: { cookie },
      payload: {},
    })
    expect(none.statusCode).toBe(400)
    expect(none.json().errors).toEqual({ password: TWO_FACTOR_MESSAGES.proofRequired })

    const off = await app.inject({
      method: 'POST',
      url: `${PROFILE}/disable`,
      headers: { cookie },
      payload: { password: TEST_PASSWORD },
    })
    expect(off.statusCode).toBe(200)
    expect(off.json()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 })
    expect(await app.prisma.recoveryCode.count({ where: { userId: user.id } })).toBe(0)
    const login = await app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: nextAddress(),
      payload: { username: user.email, password: TEST_PASSWORD },
    })
    expect(login.json()).toMatchObject({ id: user.id })
    expect(login.headers['set-cookie']).toBeDefined()
  })

  it('turns off with a current code, which is then spent', async () => {
    const { app } = await getApp()
    const { cookie, secret } = await userWithTotp(app)
    // The confirming code's step is spent: the same code cannot turn it off.
    const replayed = await app.inject({
      method: 'POST',
      url: `${PROFILE}/disable`,
      headers: { cookie },
      payload: { code: codeAt(secret, -1) },
    })
    expect(replayed.statusCode).toBe(400)
    expect(replayed.json().errors).toEqual({ code: TWO_FACTOR_MESSAGES.codeUsed })
    const off = await app.inject({
      method: 'POST',
      url: `${PROFILE}/disable`,
      headers: { cookie },
      payload: { code: codeAt(secret) },
    })
    expect(off.statusCode).toBe(200)
    expect(off.json().enabled).toBe(false)
  })

  it('makes new recovery codes with a current code: the old ones stop working', async () => {
    const { app } = await getApp()
    const { user, cookie, secret, recoveryCodes } = await userWithTotp(app)
    const fresh = await app.inject({
      method: 'POST',
      url: `${PROFILE}/recovery-codes`,
      headers: { cookie },
      payload: { code: codeAt(secret) },
    })
    expect(fresh.statusCode).toBe(200)
    const newCodes = fresh.json().recoveryCodes as string[]
    expect(newCodes).toHaveLength(10)
    expect(newCodes.some((code) => recoveryCodes.includes(code))).toBe(false)

    const address = nextAddress()
    const { challenge } = await startLogin(app, user.email, address)
    const old = await secondStep(app, address, {
      username: user.email,
      challenge,
      recoveryCode: recoveryCodes[0] ?? '',
    })
    expect(old.statusCode).toBe(401)
    const ok = await secondStep(app, address, {
      username: user.email,
      challenge,
      recoveryCode: newCodes[0] ?? '',
    })
    expect(ok.statusCode).toBe(200)
  })
})

describe('signing in with two-step verification', () => {
  it('the password answers a challenge, not a session; a current code then signs in, once', async () => {
    const { app } = await getApp()
    const { user, secret } = await userWithTotp(app)
    const address = nextAddress()
    const { twoFactorRequired, challenge, expiresAt } = await startLogin(app, user.email, address)
    expect(twoFactorRequired).toBe(true)
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(4 * 60_000)
    expect(await app.prisma.session.count({ where: { userId: user.id } })).toBe(1)

    const answer = await secondStep(app, address, { username: user.email, challenge, code: codeAt(secret) })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ id: user.id, email: user.email })
    const cookie = cookieFrom(answer.headers['set-cookie'])
    const current = await app.inject({ url: '/auth/current-user', headers: { cookie } })
    expect(current.json().id).toBe(user.id)

    // The challenge is spent, and the code's step too.
    const reused = await secondStep(app, address, {
      username: user.email,
      challenge,
      code: codeAt(secret, 1),
    })
    expect(reused.statusCode).toBe(401)
    expect(reused.json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired)
    const next = await startLogin(app, user.email, address)
    const replayed = await secondStep(app, address, {
      username: user.email,
      challenge: next.challenge,
      code: codeAt(secret),
    })
    expect(replayed.statusCode).toBe(401)
    expect(replayed.json().message).toBe(TWO_FACTOR_MESSAGES.codeUsed)
  })

  it('a recovery code signs in once; it is then used up', async () => {
    const { app } = await getApp()
    const { user, cookie, recoveryCodes } = await userWithTotp(app)
    const address = nextAddress()
    const code = recoveryCodes[3] ?? ''
    const first = await startLogin(app, user.email, address)
    const typed = code.toUpperCase().replace('-', ' ')
    const ok = await secondStep(app, address, {
      username: user.email,
      challenge: first.challenge,
      recoveryCode: typed,
    })
    expect(ok.statusCode).toBe(200)
    expect((await app.inject({ url: PROFILE, headers: { cookie } })).json().recoveryCodesLeft).toBe(9)

    const second = await startLogin(app, user.email, address)
    const again = await secondStep(app, address, {
      username: user.email,
      challenge: second.challenge,
      recoveryCode: code,
    })
    expect(again.statusCode).toBe(401)
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.recoveryCodeWrong)
  })

  it('wrong codes count against the sign-in attempt limits', async () => {
    const { app } = await getApp()
    const { user, secret } = await userWithTotp(app)
    const address = nextAddress()
    const { challenge } = await startLogin(app, user.email, address)
    const statuses: number[] = []
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const wrong = await secondStep(app, address, {
        username: user.email,
        challenge,
        code: codeAt(secret, -5),
      })
      statuses.push(wrong.statusCode)
    }
    expect(statuses).toEqual([401, 401, 401, 429])
    // Even the right code waits now.
    const right = await secondStep(app, address, { username: user.email, challenge, code: codeAt(secret) })
    expect(right.statusCode).toBe(429)
  })

  it('refuses an expired challenge, one of another address, and a malformed second step', async () => {
    const { app } = await getApp()
    const { user, secret } = await userWithTotp(app)
    const other = await userWithTotp(app)
    const address = nextAddress()
    const { challenge } = await startLogin(app, user.email, address)

    const foreign = await secondStep(app, address, {
      username: other.user.email,
      challenge,
      code: codeAt(other.secret),
    })
    expect(foreign.statusCode).toBe(401)
    expect(foreign.json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired)

    const malformed = await secondStep(app, address, { username: user.email, challenge, code: 'abc' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().errors).toEqual({ code: TWO_FACTOR_MESSAGES.codeRequired })
    const neither = await secondStep(app, address, { username: user.email, challenge })
    expect(neither.statusCode).toBe(400)

    await app.prisma.accountToken.updateMany({
      where: { userId: user.id, kind: 'two_factor_login' },
      data: { expiresAt: new Date(Date.now() - 1000) },
    })
    const expired = await secondStep(app, nextAddress(), {
      username: user.email,
      challenge,
      code: codeAt(secret),
    })
    expect(expired.statusCode).toBe(401)
    expect(expired.json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired)
    expect(expired.headers['set-cookie']).toBeUndefined()
  })
})
