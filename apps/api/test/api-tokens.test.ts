import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSessionCookie, createTestSite, createTestUser } from './factories.js'
import { useTestApp } from './helper.js'

const getApp = useTestApp()
const TOKENS = '/api/v1/crm/users/currentProfile/tokens'

async function userWithTwoSites() {
  const { app } = await getApp()
  const user = await createTestUser(app.prisma)
  const cookie = await createSessionCookie(app.prisma, user.id)
  const siteA = await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'admin' }] })
  const siteB = await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'admin' }] })
  const create = async (payload: object) => {
    const answer = await app.inject({ method: 'POST', url: TOKENS, headers: { cookie }, payload })
    return answer
  }
  return { app, user, cookie, siteA, siteB, create }
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

describe('personal API tokens', () => {
  it('are shown once, stored hashed, listed with last use, and revoked at once', async () => {
    const { app, user, cookie, create } = await userWithTwoSites()
    const created = await create({ name: 'CI', access: 'write' })
    expect(created.statusCode).toBe(201)
    const { token, id } = created.json()
    expect(token).toMatch(/^cnp_/)
    const row = await app.prisma.apiToken.findUniqueOrThrow({ where: { id } })
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(token)

    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/crm/users/currentProfile',
      headers: bearer(token),
    })
    expect(me.json()).toMatchObject({ id: user.id })
    const list = await app.inject({ method: 'GET', url: TOKENS, headers: { cookie } })
    const listed = list.json().tokens[0]
    expect(listed).toMatchObject({ id, name: 'CI', access: 'write', sites: null })
    expect(listed.lastUsedAt).not.toBeNull()
    expect(JSON.stringify(list.json())).not.toContain(token)

    expect(
      (await app.inject({ method: 'DELETE', url: `${TOKENS}/${id}`, headers: { cookie } })).statusCode,
    ).toBe(200)
    const after = await app.inject({ method: 'GET', url: '/api/v1/sites', headers: bearer(token) })
    expect(after.statusCode).toBe(401)
    expect(
      (await app.inject({ method: 'DELETE', url: `${TOKENS}/${id}`, headers: { cookie } })).statusCode,
    ).toBe(404)
  })

  it('a read token reads but gets 403 on a write, and is a viewer on its sites', async () => {
    const { app, siteA, create } = await userWithTwoSites()
    const { token } = (await create({ name: 'read', access: 'read' })).json()
    const site = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${siteA.slug}`,
      headers: bearer(token),
    })
    expect(site.statusCode).toBe(200)
    expect(site.json()).toMatchObject({ role: 'viewer' })
    const scan = await app.inject({
      method: 'POST',
      url: `/api/v1/sites/${siteA.slug}/scan`,
      headers: bearer(token),
    })
    expect(scan.statusCode).toBe(403)
  })

  it('a token for chosen sites sees only those (404 for the others), and lists only those', async () => {
    const { app, cookie, siteA, siteB, create } = await userWithTwoSites()
    const { token, sites } = (await create({ name: 'one site', access: 'write', sites: [siteA.slug] })).json()
    expect(sites).toEqual([{ slug: siteA.slug, siteName: siteA.siteName }])
    const get = (slug: string) =>
      app.inject({ method: 'GET', url: `/api/v1/sites/${slug}`, headers: bearer(token) })
    expect((await get(siteA.slug)).statusCode).toBe(200)
    expect((await get(siteB.slug)).statusCode).toBe(404)
    const slugsListed = async (headers: Record<string, string>) => {
      const answer = await app.inject({ method: 'GET', url: '/api/v1/sites?pageSize=100', headers })
      return answer.json().items.map((site: { sys: { slug: string } }) => site.sys.slug)
    }
    // The session's answer first, so that a kept answer for the user could not leak to the token.
    expect(await slugsListed({ cookie })).toEqual(expect.arrayContaining([siteA.slug, siteB.slug]))
    expect(await slugsListed(bearer(token))).toEqual([siteA.slug])
  })

  it('an expired token, a malformed header and a wrong token are 401', async () => {
    const { app, user } = await userWithTwoSites()
    const expired = 'cnp_expired-token-for-the-test'
    await app.prisma.apiToken.create({
      data: {
        userId: user.id,
        name: 'old',
        access: 'write',
        tokenHash: createHash('sha256').update(expired).digest('hex'),
        expiresAt: new Date(Date.now() - 1000),
      },
    })
    for (const authorization of [`Bearer ${expired}`, 'Bearer nope', 'Bearer']) {
      const answer = await app.inject({ method: 'GET', url: '/api/v1/sites', headers: { authorization } })
      expect(answer.statusCode, authorization).toBe(401)
    }
  })

  it('need no same-origin proof with a Bearer header, but cannot manage tokens, sessions or the password', async () => {
    const { app, create } = await userWithTwoSites()
    const { token } = (await create({ name: 'write', access: 'write' })).json()
    const foreign = { ...bearer(token), origin: 'https://elsewhere.example' }
    const profile = await app.inject({
      method: 'POST',
      url: '/api/v1/crm/users/currentProfile',
      headers: foreign,
      payload: { userRole: 'Developer' },
    })
    expect(profile.statusCode).toBe(200)
    for (const [method, url] of [
      ['GET', TOKENS],
      ['POST', TOKENS],
      ['GET', '/api/v1/crm/users/currentProfile/sessions'],
      ['POST', '/api/v1/crm/users/currentProfile/password'],
    ] as const) {
      const answer = await app.inject({
        method,
        url,
        headers: bearer(token),
        payload: method === 'POST' ? {} : undefined,
      })
      expect(answer.statusCode, `${method} ${url}`).toBe(403)
    }
  })

  it('refuses a bad name, access, site or expiry, naming the field', async () => {
    const { app, create } = await userWithTwoSites()
    const other = await createTestSite(app.prisma)
    const cases: [object, string][] = [
      [{ name: '', access: 'read' }, 'name'],
      [{ name: 'x', access: 'admin' }, 'access'],
      [{ name: 'x', access: 'read', sites: [other.slug] }, 'sites'],
      [{ name: 'x', access: 'read', sites: [] }, 'sites'],
      [{ name: 'x', access: 'read', expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
      [{ name: 'x', access: 'read', expiresAt: 'tomorrow' }, 'expiresAt'],
    ]
    for (const [payload, field] of cases) {
      const answer = await create(payload)
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400)
      expect(Object.keys(answer.json().errors ?? {}).join(), JSON.stringify(payload)).toContain(field)
    }
  })

  it("cannot revoke another user's token", async () => {
    const { app, create } = await userWithTwoSites()
    const { id } = (await create({ name: 'mine', access: 'read' })).json()
    const stranger = await createTestUser(app.prisma)
    const cookie = await createSessionCookie(app.prisma, stranger.id)
    expect(
      (await app.inject({ method: 'DELETE', url: `${TOKENS}/${id}`, headers: { cookie } })).statusCode,
    ).toBe(404)
    expect(await app.prisma.apiToken.count({ where: { id } })).toBe(1)
  })

  it('the OpenAPI document lists the bearer scheme', async () => {
    const { app } = await getApp()
    const document = app.swagger() as { components: { securitySchemes: Record<string, unknown> } }
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' })
  })
})
