import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { BAD_URL_MESSAGE } from '../src/app.js'
import { INVALID_TEXT_MESSAGE } from '../src/plugins/app/invalid-text.js'
import {
  createSessionCookie,
  createTestGroup,
  createTestSection,
  createTestSite,
  createTestUser,
} from './factories.js'
import { fillRoute, isApiRoute, type RouteEntry, useTestApp } from './helper.js'

/**
 * Every route that takes a body (or a paged query) gets malformed input: it must answer 400 naming the
 * field, never 500. The routes come from the app's route table, so new routes are covered automatically.
 */
const getApp = useTestApp()

const WRONG_VALUES: unknown[] = [12345, 'not-a-valid-value', true, { nested: 1 }, ['x'], null]

/** A value the field's schema rejects, whatever type it expects. */
function wrongValueFor(field: z.ZodType): unknown {
  const value = WRONG_VALUES.find((candidate) => !field.safeParse(candidate).success)
  if (value === undefined) throw new Error('the field accepts every test value')
  return value
}

async function adminContext() {
  const { app, routes } = await getApp()
  // Staff too, so that the staff tools' routes get as far as reading the body.
  const admin = await app.prisma.user.update({
    where: { id: (await createTestUser(app.prisma)).id },
    data: { isStaff: true },
  })
  const site = await createTestSite(app.prisma, { members: [{ userId: admin.id, role: 'admin' }] })
  const section = await createTestSection(app.prisma, { siteId: site.id, title: 'Malformed target' })
  const scan = await app.prisma.scan.create({ data: { siteId: site.id, kind: 'site', pageLimit: 10 } })
  const group = await createTestGroup(app.prisma, { siteId: site.id, memberIds: [], role: 'viewer' })
  return {
    app,
    bodyRoutes: routes.filter((route) => isApiRoute(route) && route.body),
    queryRoutes: routes.filter((route) => isApiRoute(route) && route.querystring),
    cookie: await createSessionCookie(app.prisma, admin.id),
    params: {
      slug: site.slug,
      sectionId: section.id,
      groupId: group.id,
      scanId: scan.id,
      issueName: 'image-alt',
      issueId: 'image-alt',
      kind: 'pdf',
      'kind@/inventory/': 'email',
      pageId: 'no-such-page',
      linkId: 'no-such-link',
      resourceId: 'no-such-resource',
      id: 'no-such-item',
      dupeId: 'no-such-group',
      misspellingId: 'no-such-misspelling',
      alertId: 'no-such-alert',
      lang: 'en',
      userId: admin.id,
      sessionId: 'no-such-session',
      tokenId: 'no-such-token',
      provider: 'no-such-provider',
      providerId: 'no-such-provider',
      token: 'no-such-invite-token',
      name: 'empty-state',
      size: '240',
      file: 'empty-state.png',
    },
  }
}

/** Every API route, with what adminContext gives. */
async function adminContextWithRoutes() {
  const context = await adminContext()
  const { routes } = await getApp()
  return { ...context, routes: routes.filter(isApiRoute) }
}

const key = (route: RouteEntry) => `${route.method} ${route.url}`

function expectFieldError(
  route: RouteEntry,
  response: { statusCode: number; json(): unknown },
  field?: string,
) {
  const body = response.json() as {
    statusCode: number
    error: string
    message: string
    errors?: Record<string, string>
  }
  expect({ route: key(route), status: response.statusCode }).toEqual({ route: key(route), status: 400 })
  expect(body.error).toBe('Bad Request')
  const fields = Object.keys(body.errors ?? {})
  expect(fields.length, `${key(route)} names no field`).toBeGreaterThan(0)
  expect(
    fields.some((name) => body.message.startsWith(`${name}: `)),
    body.message,
  ).toBe(true)
  if (field)
    expect(
      fields.some((name) => name === field || name.startsWith(`${field}.`)),
      `${key(route)}: ${fields}`,
    ).toBe(true)
}

describe('malformed bodies', () => {
  it('the route table has the body routes of this issue', async () => {
    const { bodyRoutes } = await adminContext()
    expect(bodyRoutes.map(key)).toEqual(
      expect.arrayContaining([
        'POST /auth/check-sso',
        'POST /login',
        'POST /account/register',
        'POST /account/reset',
        'POST /account/reset/password',
        'POST /api/v1/sites',
        'PUT /api/v1/sites/:slug',
        'POST /api/v1/sites/:slug/sections',
        'PUT /api/v1/sites/:slug/sections/:sectionId',
        'POST /api/v1/sites/:slug/scans',
        'POST /api/v1/scans',
        'POST /api/v1/sites/:slug/groups',
        'PUT /api/v1/sites/:slug/group/:groupId',
        'POST /api/v1/sites/:slug/group/:groupId/users',
        'PUT /api/v1/features/:name',
        'PUT /api/v1/sites/:slug/features/:name',
      ]),
    )
  })

  it('invalid JSON, an empty JSON body and no body at all name the body', async () => {
    const { app, bodyRoutes, cookie, params } = await adminContext()
    for (const route of bodyRoutes) {
      const url = fillRoute(route.url, params)
      const invalid = await app.inject({
        method: route.method,
        url,
        headers: { cookie, 'content-type': 'application/json' },
        payload: '{"title": "unterminated',
      })
      expectFieldError(route, invalid, 'body')
      const empty = await app.inject({
        method: route.method,
        url,
        headers: { cookie, 'content-type': 'application/json' },
      })
      expectFieldError(route, empty, 'body')
      const none = await app.inject({ method: route.method, url, headers: { cookie } })
      expectFieldError(route, none, 'body')
    }
  })

  it('a body that is not an object names the body', async () => {
    const { app, bodyRoutes, cookie, params } = await adminContext()
    for (const route of bodyRoutes) {
      for (const payload of ['[]', '"text"', '42', 'null', 'true']) {
        const response = await app.inject({
          method: route.method,
          url: fillRoute(route.url, params),
          headers: { cookie, 'content-type': 'application/json' },
          payload,
        })
        expectFieldError(route, response, 'body')
      }
    }
  })

  it('an empty object names a missing field', async () => {
    const { app, bodyRoutes, cookie, params } = await adminContext()
    for (const route of bodyRoutes) {
      const response = await app.inject({
        method: route.method,
        url: fillRoute(route.url, params),
        headers: { cookie },
        payload: {},
      })
      expectFieldError(route, response)
    }
  })

  it('a wrong type in any field names that field', async () => {
    const { app, bodyRoutes, cookie, params } = await adminContext()
    for (const route of bodyRoutes) {
      const shape = (route.body as z.ZodObject).shape
      expect(Object.keys(shape).length, key(route)).toBeGreaterThan(0)
      for (const [field, schema] of Object.entries(shape)) {
        const response = await app.inject({
          method: route.method,
          url: fillRoute(route.url, params),
          headers: { cookie },
          payload: { [field]: wrongValueFor(schema as z.ZodType) },
        })
        expectFieldError(route, response, field)
      }
    }
  })

  it('plain text names the body, and an unknown content type is refused with 415, not a 500', async () => {
    const { app, bodyRoutes, cookie, params } = await adminContext()
    for (const route of bodyRoutes) {
      const url = fillRoute(route.url, params)
      const text = await app.inject({
        method: route.method,
        url,
        headers: { cookie, 'content-type': 'text/plain' },
        payload: 'title=x',
      })
      expectFieldError(route, text, 'body')
      const xml = await app.inject({
        method: route.method,
        url,
        headers: { cookie, 'content-type': 'application/xml' },
        payload: '<title>x</title>',
      })
      expect({ route: key(route), status: xml.statusCode }).toEqual({ route: key(route), status: 415 })
      expect(xml.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' })
    }
  })
})

describe('text PostgreSQL cannot store', () => {
  const UNSTORABLE = ['a\u0000b', 'broken \ud800 surrogate']

  it('a NUL or a lone surrogate in any body field is a 400 naming that field, on every body route', async () => {
    const { app, bodyRoutes, cookie, params } = await adminContext()
    for (const route of bodyRoutes) {
      for (const field of Object.keys((route.body as z.ZodObject).shape)) {
        for (const text of UNSTORABLE) {
          const response = await app.inject({
            method: route.method,
            url: fillRoute(route.url, params),
            headers: { cookie, 'content-type': 'application/json' },
            payload: JSON.stringify({ [field]: text }),
          })
          expectFieldError(route, response, field)
          expect(response.json().errors[field]).toBe(INVALID_TEXT_MESSAGE)
        }
      }
    }
  })

  it('an address that is not UTF-8 at all is a 400 naming the url, in the API error shape', async () => {
    const { app, cookie } = await adminContext()
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/sites/%ED%A0%80/pages',
      headers: { cookie },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: `url: ${BAD_URL_MESSAGE}`,
      errors: { url: BAD_URL_MESSAGE },
    })
  })

  it('in any query parameter or path parameter too, on every route', async () => {
    const { app, routes, cookie, params } = await adminContextWithRoutes()
    for (const route of routes) {
      const names = Object.keys((route.querystring as z.ZodObject | undefined)?.shape ?? { search: null })
      for (const name of names) {
        const response = await app.inject({
          method: route.method,
          url: `${fillRoute(route.url, params)}?${name}=a%00b`,
          headers: { cookie },
        })
        expectFieldError(route, response, name)
      }
      const [param] = route.url.match(/:(\w+)/)?.slice(1) ?? []
      if (!param) continue
      const response = await app.inject({
        method: route.method,
        url: fillRoute(route.url, { ...params, [param]: 'x\u0000y' }),
        headers: { cookie },
      })
      expectFieldError(route, response, param)
    }
  })
})

describe('malformed list queries', () => {
  it('name the parameter for a page below 1, a page size too large and an unknown sort key', async () => {
    const { app, queryRoutes, cookie, params } = await adminContext()
    // The lists a screen reads with nothing but paging (the global search needs its term first: search.test.ts).
    const listRoutes = queryRoutes.filter((route) => {
      const query = route.querystring as z.ZodObject
      return 'page' in query.shape && query.safeParse({}).success
    })
    expect(listRoutes.map(key)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/sites',
        'GET /api/v1/sites/:slug/sections',
        'GET /api/v1/sites/:slug/pages',
        'GET /api/v1/sites/:slug/issues',
        'GET /api/v1/sites/:slug/issues/:issueName/pages',
        'GET /api/v1/sites/:slug/documents/:kind',
        'GET /api/v1/sites/:slug/content-quality/broken-links',
        'GET /api/v1/sites/:slug/content-quality/pages-affected-by-a-link/:linkId',
        'GET /api/v1/sites/:slug/content-quality/misspellings',
        'GET /api/v1/sites/:slug/content-quality/pages-affected-by-a-misspelling/:misspellingId',
        'GET /api/v1/sites/:slug/content-quality/malicious-links',
        'GET /api/v1/sites/:slug/dictionary/:lang',
        'GET /api/v1/sites/:slug/groups',
        'GET /api/v1/sites/:slug/group/:groupId/groups',
        'GET /api/v1/sites/:slug/group/:groupId/users',
      ]),
    )
    for (const route of listRoutes) {
      // A list the spec pages from zero (the site's users) takes page=0: its first page.
      const zeroBased = (route.querystring as z.ZodObject).safeParse({ page: '0' }).success
      for (const [query, field] of [
        ...(zeroBased ? [] : ([['page=0', 'page']] as const)),
        ['page=abc', 'page'],
        ['pageSize=1000', 'pageSize'],
        ['sortBy=nonsense', 'sortBy'],
        ['sortDir=up', 'sortDir'],
      ] as const) {
        const response = await app.inject({
          method: route.method,
          url: `${fillRoute(route.url, params)}?${query}`,
          headers: { cookie },
        })
        expectFieldError(route, response, field)
      }
    }
  })
})
