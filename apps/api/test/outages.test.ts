import { describe, expect, it } from 'vitest'
import { SERVICE_UNAVAILABLE_MESSAGE } from '../src/error-body.js'
import { ATTEMPTS_UNAVAILABLE_MESSAGE } from '../src/plugins/app/attempt-limits.js'
import { buildTestApp } from './helper.js'

/**
 * With PostgreSQL or Redis unreachable, the API answers 503 with Retry-After, never 500; a hang would run
 * into the test's timeout (how fast the answer comes is measured outside the tests).
 */
const NOBODY_LISTENS = '127.0.0.1:1'

describe('outages', () => {
  it('PostgreSQL unreachable: a signed-in request and a sign-in answer 503 with Retry-After', async () => {
    const { app } = await buildTestApp({ databaseUrl: `postgresql://postgres@${NOBODY_LISTENS}/canopy` })
    try {
      const list = await app.inject({
        method: 'GET',
        url: '/api/v1/sites',
        headers: { cookie: 'canopy_session=some-token' },
      })
      expect(list.statusCode).toBe(503)
      expect(list.headers['retry-after']).toBe('5')
      expect(list.json().message).toBe(SERVICE_UNAVAILABLE_MESSAGE)
      const login = await app.inject({
        method: 'POST',
        url: '/login',
        payload: { username: 'someone@example.test', password: 'a-long-password-1' },
      })
      expect(login.statusCode).toBe(503)
    } finally {
      await app.close()
    }
  })

  it('Redis unreachable: sign-in answers 503 with Retry-After instead of hanging', async () => {
    const { app } = await buildTestApp({ redisUrl: `redis://${NOBODY_LISTENS}` })
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/login',
        payload: { username: 'someone@example.test', password: 'a-long-password-1' },
      })
      expect(login.statusCode).toBe(503)
      expect(login.json().message).toBe(ATTEMPTS_UNAVAILABLE_MESSAGE)
      expect(login.headers['retry-after']).toBe('5')
    } finally {
      await app.close()
    }
  })
})
