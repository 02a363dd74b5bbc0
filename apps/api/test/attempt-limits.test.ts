import { describe, expect, it } from 'vitest'
import { createTestUser, TEST_PASSWORD } from './factories.js'
import { useTestApp } from './helper.js'

/**
 * Sign-in, registration, reset and verification limits with LOGIN_RATE_LIMIT_MAX = 2: 2 a minute per
 * address and account, 6 a quarter-hour per account from anywhere, 6 a minute per address for every account.
 */
const getApp = useTestApp({ loginRateLimitMax: 2 })

function login(app: Awaited<ReturnType<typeof getApp>>['app'], username: string, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/login',
    remoteAddress,
    payload: { username, password: 'wrong-password' },
  })
}

describe('attempt limits', () => {
  it('one account guessed from many addresses is stopped, with Retry-After', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma, { withPassword: true })
    const statuses: number[] = []
    for (let index = 0; index < 7; index += 1) {
      statuses.push((await login(app, user.email, `10.20.0.${index}`)).statusCode)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429])
    const limited = await login(app, user.email, '10.20.1.1')
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.json().message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/)
  })

  it('successful sign-ins are not counted: a user who signs in often is never locked out', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma, { withPassword: true })
    for (let index = 0; index < 8; index += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/login',
        remoteAddress: '10.60.0.1',
        payload: { username: user.email, password: TEST_PASSWORD },
      })
      expect(response.statusCode).toBe(200)
    }
  })

  it('one address spraying many accounts is stopped', async () => {
    const { app } = await getApp()
    const statuses: number[] = []
    for (let index = 0; index < 7; index += 1) {
      statuses.push((await login(app, `spray-${index}@example.test`, '10.30.0.1')).statusCode)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429])
    // Another address is counted apart.
    expect((await login(app, 'spray-9@example.test', '10.30.0.2')).statusCode).toBe(401)
  })

  it('registration and verification are limited per address too', async () => {
    const { app } = await getApp()
    const register = (index: number) =>
      app.inject({
        method: 'POST',
        url: '/account/register',
        remoteAddress: '10.40.0.1',
        payload: {
          firstname: 'Limit',
          lastname: 'Tester',
          email: `limited-${index}-${Date.now()}@example.test`,
          credentials: { password: 'A-long-enough-passphrase' },
        },
      })
    const registered: number[] = []
    for (let index = 0; index < 7; index += 1) registered.push((await register(index)).statusCode)
    expect(registered).toEqual([201, 201, 201, 201, 201, 201, 429])

    const verify = (index: number) =>
      app.inject({
        method: 'GET',
        url: `/account/verify?user=nobody-${index}&token=guess-${index}&skipRedirect=true`,
        remoteAddress: '10.40.0.2',
      })
    const verified: number[] = []
    for (let index = 0; index < 7; index += 1) verified.push((await verify(index)).statusCode)
    expect(verified).toEqual([400, 400, 400, 400, 400, 400, 429])
  })
})
