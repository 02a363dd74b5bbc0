import { QUEUE_NAMES } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { SERVICE_UNAVAILABLE_MESSAGE } from '../src/error-body.js'
import { createSessionCookie, createTestUser } from './factories.js'
import { buildTestApp, useTestApp } from './helper.js'

const getApp = useTestApp()

describe('GET /healthz/network', () => {
  it('answers {error: null} when PostgreSQL and Redis answer', async () => {
    const { app } = await getApp()
    const response = await app.inject({ method: 'GET', url: '/healthz/network' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ error: null })
  })

  it('answers 503 naming PostgreSQL when the database is down, and 503 without details elsewhere', async () => {
    const { app: healthyApp } = await getApp()
    const user = await createTestUser(healthyApp.prisma)
    const cookie = await createSessionCookie(healthyApp.prisma, user.id)
    const broken = await buildTestApp({ databaseUrl: 'postgresql://postgres@127.0.0.1:1/canopy' })
    try {
      const response = await broken.app.inject({ method: 'GET', url: '/healthz/network' })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({
        statusCode: 503,
        error: 'PostgreSQL is not answering.',
        message: 'PostgreSQL is not answering.',
      })

      // Any other request says the service is unavailable for now, never how or where.
      const failing = await broken.app.inject({ method: 'GET', url: '/api/v1/sites', headers: { cookie } })
      expect(failing.statusCode).toBe(503)
      expect(failing.headers['retry-after']).toBe('5')
      expect(failing.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: SERVICE_UNAVAILABLE_MESSAGE,
      })
      expect(failing.body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|prisma/i)
    } finally {
      await broken.app.close()
    }
  })

  it('answers 503 naming Redis when Redis is down', async () => {
    const broken = await buildTestApp({ redisUrl: 'redis://127.0.0.1:1' })
    try {
      const response = await broken.app.inject({ method: 'GET', url: '/healthz/network' })
      expect(response.statusCode).toBe(503)
      expect(response.json().error).toBe('Redis is not answering.')
    } finally {
      await broken.app.close()
    }
  })
})

describe('queue handles', () => {
  it('enqueue under CANOPY_QUEUE_PREFIX, where the worker looks for jobs', async () => {
    const { app, config } = await getApp()
    const queue = app.queues.get(QUEUE_NAMES.maintenance)
    expect(app.queues.get(QUEUE_NAMES.maintenance)).toBe(queue)
    const job = await queue.add('probe', {}, { delay: 60_000 })
    try {
      const keys = await app.redis.keys(`${config.queuePrefix}:${QUEUE_NAMES.maintenance}:*`)
      expect(keys).toContain(`${config.queuePrefix}:${QUEUE_NAMES.maintenance}:${job.id}`)
    } finally {
      await queue.obliterate({ force: true })
    }
  })
})

describe('not found and the OpenAPI document', () => {
  it('answers JSON 404 for unknown API paths', async () => {
    const { app } = await getApp()
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/nothing-here',
      headers: { accept: 'text/html' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /api/v1/nothing-here not found',
    })
  })

  it('serves the OpenAPI document and its UI at /api/docs', async () => {
    const { app } = await getApp()
    const document = await app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(document.statusCode).toBe(200)
    const openapi = document.json()
    expect(openapi.openapi).toMatch(/^3\./)
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining([
        '/login',
        '/account/register',
        '/api/v1/sites',
        '/api/v1/sites/{slug}/sections/{sectionId}',
      ]),
    )
    expect(
      openapi.paths['/account/register'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['firstname', 'lastname', 'email', 'credentials']))
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' })
    expect(ui.statusCode).toBe(200)
    expect(ui.headers['content-type']).toContain('text/html')
  })
})
