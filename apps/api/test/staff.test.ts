import {
  type BackendStatus,
  type EnvInfo,
  MASQUERADE_MESSAGES,
  type User,
  workerHeartbeatKey,
} from '@canopy/contracts'
import type { PrismaClient } from '@canopy/db'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.js'
import { createSessionCookie, createTestSite, createTestUser } from './factories.js'
import { buildTestApp, useTestApp } from './helper.js'

/** Staff tools: masquerade (audited), the user search, the service status and the environment page. */
const getApp = useTestApp()

async function createStaff(prisma: PrismaClient) {
  const user = await createTestUser(prisma, { firstName: 'Sam', lastName: 'Staff' })
  return prisma.user.update({ where: { id: user.id }, data: { isStaff: true } })
}

async function signedInStaff(app: FastifyInstance) {
  const staff = await createStaff(app.prisma)
  return { staff, cookie: await createSessionCookie(app.prisma, staff.id) }
}

function masquerade(app: FastifyInstance, cookie: string, masqueradeId: unknown) {
  return app.inject({ method: 'POST', url: '/masquerade', headers: { cookie }, payload: { masqueradeId } })
}

describe('POST /masquerade', () => {
  it('makes the session act as the target (by id or e-mail) until DELETE /masquerade, both audited', async () => {
    const { app } = await getApp()
    const { staff, cookie } = await signedInStaff(app)
    const target = await createTestUser(app.prisma, { firstName: 'Tara', lastName: 'Target' })
    const site = await createTestSite(app.prisma, { members: [{ userId: target.id, role: 'viewer' }] })

    const started = await masquerade(app, cookie, target.email.toUpperCase())
    expect(started.statusCode).toBe(200)
    expect(started.json<User>()).toMatchObject({
      id: target.id,
      isStaff: false,
      masqueradedBy: { id: staff.id, firstName: 'Sam', lastName: 'Staff', email: staff.email },
    })
    const current = await app.inject({ url: '/auth/current-user', headers: { cookie } })
    expect(current.json<User>()).toMatchObject({ id: target.id, masqueradedBy: { id: staff.id } })
    // The target's sites are the session's now.
    const siteConfig = await app.inject({ url: `/api/v1/sites/${site.slug}`, headers: { cookie } })
    expect(siteConfig.statusCode).toBe(200)
    // Staff tools are closed while acting as a user who is not staff.
    const search = await app.inject({ url: '/api/v1/staff/users', headers: { cookie } })
    expect(search.statusCode).toBe(403)

    const stopped = await app.inject({ method: 'DELETE', url: '/masquerade', headers: { cookie } })
    expect(stopped.statusCode).toBe(200)
    expect(stopped.json<User>()).toMatchObject({ id: staff.id, isStaff: true })
    expect(stopped.json<User>().masqueradedBy).toBeUndefined()
    const self = await app.inject({ url: '/auth/current-user', headers: { cookie } })
    expect(self.json<User>().id).toBe(staff.id)
    const afterStop = await app.inject({ url: `/api/v1/sites/${site.slug}`, headers: { cookie } })
    expect(afterStop.statusCode).toBe(404)

    const events = await app.prisma.auditEvent.findMany({
      where: { actorId: staff.id },
      orderBy: { at: 'asc' },
    })
    expect(events.map((event) => [event.action, event.targetId])).toEqual([
      ['masquerade.start', target.id],
      ['masquerade.stop', target.id],
    ])
    expect(events[0]?.ip).toBeTruthy()
  })

  it('refuses the sensitive actions of the target while masquerading: password, API tokens, deleting a site', async () => {
    const { app } = await getApp()
    const { cookie } = await signedInStaff(app)
    const target = await createTestUser(app.prisma)
    const site = await createTestSite(app.prisma, { members: [{ userId: target.id, role: 'admin' }] })
    expect((await masquerade(app, cookie, target.id)).statusCode).toBe(200)
    const asTarget = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })
    for (const response of [
      await asTarget('POST', '/api/v1/crm/users/currentProfile/password', {
        currentPassword: 'x',
        newPassword: 'y',
      }),
      await asTarget('POST', '/api/v1/crm/users/currentProfile/tokens', { name: 'ci', access: 'read' }),
      await asTarget('DELETE', `/api/v1/sites/${site.slug}`),
    ]) {
      expect(response.statusCode).toBe(403)
    }
    expect(await app.prisma.site.count({ where: { id: site.id } })).toBe(1)
  })

  it('takes a user id too', async () => {
    const { app } = await getApp()
    const { cookie } = await signedInStaff(app)
    const target = await createTestUser(app.prisma)
    const response = await masquerade(app, cookie, target.id)
    expect(response.json<User>().id).toBe(target.id)
  })

  it('answers 401 signed out, 403 to a user who is not staff, and audits nothing', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    const target = await createTestUser(app.prisma)
    const signedOut = await app.inject({
      method: 'POST',
      url: '/masquerade',
      payload: { masqueradeId: target.id },
    })
    expect(signedOut.statusCode).toBe(401)
    const cookie = await createSessionCookie(app.prisma, user.id)
    const response = await masquerade(app, cookie, target.id)
    expect(response.statusCode).toBe(403)
    expect(response.json().message).toBe(MASQUERADE_MESSAGES.staffOnly)
    expect(await app.prisma.auditEvent.count({ where: { actorId: user.id } })).toBe(0)
  })

  it('refuses another member of staff (403), oneself and an empty id (400 naming the field), an unknown one (404)', async () => {
    const { app } = await getApp()
    const { staff, cookie } = await signedInStaff(app)
    const colleague = await createStaff(app.prisma)
    const other = await masquerade(app, cookie, colleague.id)
    expect(other.statusCode).toBe(403)
    expect(other.json().message).toBe(MASQUERADE_MESSAGES.targetIsStaff)
    const self = await masquerade(app, cookie, staff.id)
    expect(self.statusCode).toBe(400)
    expect(self.json().errors).toEqual({ masqueradeId: MASQUERADE_MESSAGES.self })
    const empty = await masquerade(app, cookie, '  ')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toContain('masqueradeId')
    expect(empty.json().message).toContain(MASQUERADE_MESSAGES.required)
    const unknown = await masquerade(app, cookie, 'nobody@example.test')
    expect(unknown.statusCode).toBe(404)
    expect(await app.prisma.auditEvent.count({ where: { actorId: staff.id } })).toBe(0)
    const current = await app.inject({ url: '/auth/current-user', headers: { cookie } })
    expect(current.json<User>().id).toBe(staff.id)
  })

  it('DELETE /masquerade answers 400 when not masquerading and 401 signed out', async () => {
    const { app } = await getApp()
    const { cookie } = await signedInStaff(app)
    const response = await app.inject({ method: 'DELETE', url: '/masquerade', headers: { cookie } })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({ masqueradeId: MASQUERADE_MESSAGES.notMasquerading })
    expect((await app.inject({ method: 'DELETE', url: '/masquerade' })).statusCode).toBe(401)
  })
})

describe('sensitive actions while masquerading', () => {
  it('refuses a route that declares refusedWhileMasquerading (403), and allows it to the real user', async () => {
    const { config } = await getApp()
    const app = buildApp(config)
    try {
      // A route of its own, outside the app's: the guard is global, so every route's declaration counts.
      app.register(async (scope) => {
        scope.addHook('onRequest', app.sessions.loadSession)
        scope.post('/probe/sensitive', { config: { refusedWhileMasquerading: true } }, async () => ({
          ok: true,
        }))
      })
      await app.ready()
      const { cookie } = await signedInStaff(app)
      const target = await createTestUser(app.prisma)
      expect(
        (await app.inject({ method: 'POST', url: '/probe/sensitive', headers: { cookie } })).statusCode,
      ).toBe(200)
      await masquerade(app, cookie, target.id)
      const refused = await app.inject({ method: 'POST', url: '/probe/sensitive', headers: { cookie } })
      expect(refused.statusCode).toBe(403)
      expect(refused.json().message).toBe(MASQUERADE_MESSAGES.refused)
    } finally {
      await app.close()
    }
  })
})

describe('GET /api/v1/staff/users', () => {
  it('finds users by e-mail or name for staff; 401 signed out, 403 otherwise, 400 naming search', async () => {
    const { app } = await getApp()
    const { cookie } = await signedInStaff(app)
    const target = await createTestUser(app.prisma, { firstName: 'Quintessa', lastName: 'Findable' })
    const found = await app.inject({ url: '/api/v1/staff/users?search=quintessa', headers: { cookie } })
    expect(found.statusCode).toBe(200)
    expect(found.json().items).toEqual([
      { id: target.id, email: target.email, firstName: 'Quintessa', lastName: 'Findable', isStaff: false },
    ])
    expect((await app.inject({ url: '/api/v1/staff/users' })).statusCode).toBe(401)
    const user = await createTestUser(app.prisma)
    const userCookie = await createSessionCookie(app.prisma, user.id)
    expect(
      (await app.inject({ url: '/api/v1/staff/users', headers: { cookie: userCookie } })).statusCode,
    ).toBe(403)
    const long = await app.inject({
      url: `/api/v1/staff/users?search=${'x'.repeat(201)}`,
      headers: { cookie },
    })
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toContain('search')
  })
})

describe('GET /api/v1/status/backend-cms', () => {
  it('gives staff each service with its state and figures, the worker heartbeat and Chromium', async () => {
    const { app, config } = await getApp()
    const { cookie } = await signedInStaff(app)
    const key = workerHeartbeatKey(config.queuePrefix, 'test-host', 4242)
    await app.redis.set(
      key,
      JSON.stringify({
        host: 'test-host',
        pid: 4242,
        queues: ['scans'],
        chromiumVersion: 'Chromium 156.0.1',
        at: new Date().toISOString(),
      }),
      'EX',
      30,
    )
    try {
      const response = await app.inject({ url: '/api/v1/status/backend-cms', headers: { cookie } })
      expect(response.statusCode).toBe(200)
      const status = response.json<BackendStatus>()
      const byId = new Map(status.components.map((component) => [component.id, component]))
      expect(byId.get('database')).toMatchObject({ status: 'ok', details: { latencyMs: expect.any(Number) } })
      expect(byId.get('redis')?.details).toHaveProperty('usedMemory')
      expect(byId.get('queue:scans')?.details).toMatchObject({
        waiting: expect.any(Number),
        failed: expect.any(Number),
        workers: expect.any(Number),
      })
      expect(byId.get('workers')?.status).toBe('ok')
      expect(byId.get('chromium')).toMatchObject({
        status: 'ok',
        message: expect.stringContaining('Chromium 156'),
      })
      expect(Date.parse(status.lastChecked)).not.toBeNaN()
    } finally {
      await app.redis.del(key)
    }
  })

  it('gives other signed-in users only the states, and 401 signed out', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    const cookie = await createSessionCookie(app.prisma, user.id)
    const response = await app.inject({ url: '/api/v1/status/backend-cms', headers: { cookie } })
    expect(response.statusCode).toBe(200)
    for (const component of response.json<BackendStatus>().components) {
      expect(component.message).toBeNull()
      expect(component.details).toEqual({})
    }
    expect((await app.inject({ url: '/api/v1/status/backend-cms' })).statusCode).toBe(401)
  })
})

describe('GET /api/v1/env', () => {
  it('describes the build for staff without secrets; 403 otherwise, 401 signed out', async () => {
    const { app, config } = await getApp()
    const { cookie } = await signedInStaff(app)
    const response = await app.inject({ url: '/api/v1/env', headers: { cookie } })
    expect(response.statusCode).toBe(200)
    const env = response.json<EnvInfo>()
    expect(env.apiBaseUrl).toBe(`${config.publicUrl}/api/v1`)
    expect(env.version).toMatch(/\d/)
    expect(response.body).not.toContain(config.databaseUrl)
    if (config.secretsKey) expect(response.body).not.toContain(config.secretsKey)
    const user = await createTestUser(app.prisma)
    const userCookie = await createSessionCookie(app.prisma, user.id)
    expect((await app.inject({ url: '/api/v1/env', headers: { cookie: userCookie } })).statusCode).toBe(403)
    expect((await app.inject({ url: '/api/v1/env' })).statusCode).toBe(401)
  })

  it('answers 404 on a production host', async () => {
    const { app } = await buildTestApp({ envPage: false })
    try {
      const { cookie } = await signedInStaff(app)
      expect((await app.inject({ url: '/api/v1/env', headers: { cookie } })).statusCode).toBe(404)
    } finally {
      await app.close()
    }
  })
})
