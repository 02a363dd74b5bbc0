import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSessionCookie, createTestUser } from '../../apps/api/test/factories.js'
import { buildTestApp, type TestApp } from '../../apps/api/test/helper.js'
import { loadWorkerConfig } from '../../apps/worker/src/config.js'
import { CHECK_MESSAGES } from '../../apps/worker/src/jobs/check-site-url.handler.js'
import { createLogger } from '../../apps/worker/src/logger.js'
import { type RunningWorkers, startWorkers } from '../../apps/worker/src/start-workers.js'
import { scanTestEnv } from '../../apps/worker/test/support/scan-fixtures.js'
import { type FixtureSite, startFixtureSite } from '../fixtures/site/server.js'

/**
 * POST /api/v1/sites/check-url asks the worker, whose network guard decides: the fixture site on 127.0.0.1 is
 * allow-listed (as an intranet would be), 127.0.0.2 and the cloud metadata address are not, and are refused
 * with a 400 on `url` before anything is fetched from them.
 */
let testApp: TestApp
let running: RunningWorkers
let fixture: FixtureSite
let cookie: string

beforeAll(async () => {
  const config = loadWorkerConfig(scanTestEnv())
  fixture = await startFixtureSite({})
  running = await startWorkers({ config, logger: createLogger({ logLevel: 'silent' }) })
  testApp = await buildTestApp()
  const user = await createTestUser(testApp.app.prisma)
  cookie = await createSessionCookie(testApp.app.prisma, user.id)
}, 60_000)

afterAll(async () => {
  await testApp?.app.close()
  await running?.close()
  await fixture?.close()
})

const check = (url: unknown) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/v1/sites/check-url',
    headers: { cookie },
    payload: { url },
  })

describe('POST /api/v1/sites/check-url', () => {
  it('answers for an allow-listed site: reachable, its status, where it landed, robots.txt allowing the root', async () => {
    const response = await check(fixture.url)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      reachable: true,
      statusCode: 200,
      finalUrl: fixture.url,
      robotsAllowed: true,
      message: CHECK_MESSAGES.ok,
    })
  })

  it('says when robots.txt disallows the address', async () => {
    const response = await check(new URL('/private/staff-only', fixture.url).toString())
    expect(response.json()).toMatchObject({
      reachable: true,
      robotsAllowed: false,
      message: CHECK_MESSAGES.robotsDisallow,
    })
  })

  it('refuses internal addresses with a 400 on url, and a non-web address as the schema does', async () => {
    for (const url of ['http://127.0.0.2/', 'http://169.254.169.254/latest/meta-data/']) {
      const response = await check(url)
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 })
      expect(Object.keys(response.json().errors)).toEqual(['url'])
    }
    expect((await check('file:///etc/passwd')).statusCode).toBe(400)
  })
})
