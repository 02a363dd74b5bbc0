import {
  MASQUERADE_MESSAGES,
  ROLE_REQUIRED_MESSAGES,
  SITE_PERMISSIONS,
  SITE_ROLES,
  type SiteRole,
} from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { SITE_NOT_FOUND_MESSAGE } from '../src/plugins/app/site-access.js'
import { requireStaff } from '../src/routes/staff/index.js'
import { createSessionCookie, createTestSite, createTestUser } from './factories.js'
import { type RouteEntry, useTestApp } from './helper.js'

/**
 * Every site route (under /api/v1/sites/:slug, and the invites admin routes at /api/v1/invites/:slug) against
 * every role, read from the app's own route table so that a route added later is covered without touching
 * this file: 403 exactly when the route's permission needs more than the role, never 401 or 403 otherwise,
 * and 404 for someone who is only a member of another site.
 */
const getApp = useTestApp({ queueFirstScans: false })

const RANK: Record<SiteRole, number> = { viewer: 0, editor: 1, admin: 2 }
const key = (route: RouteEntry) => `${route.method} ${route.url}`

/** The routes whose :slug is checked by the site access hooks (the invite link's routes are not). */
function isSiteRoute(route: RouteEntry): boolean {
  if (route.url.startsWith('/api/v1/sites/:slug')) return true
  return route.url === '/api/v1/invites/:slug'
}

const neededRole = (route: RouteEntry): SiteRole => SITE_PERMISSIONS[route.permission ?? 'viewResults']
/** A staff tool on a site (a site's feature flag): 403 to every role, for no role is staff. */
const isStaffOnly = (route: RouteEntry) => route.onRequest.includes(requireStaff)

/** Dummy values for every parameter but the site; deleting the site itself runs last. */
function fill(route: RouteEntry, slug: string): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => (name === 'slug' ? slug : `dummy-${name}`))
}
const deletesSite = (route: RouteEntry) => route.method === 'DELETE' && route.url === '/api/v1/sites/:slug'

async function siteWithMember(role: SiteRole) {
  const { app } = await getApp()
  const user = await createTestUser(app.prisma)
  const site = await createTestSite(app.prisma, { members: [{ userId: user.id, role }] })
  return { site, cookie: await createSessionCookie(app.prisma, user.id) }
}

async function call(route: RouteEntry, slug: string, cookie: string) {
  const { app } = await getApp()
  return app.inject({
    method: route.method,
    url: fill(route, slug),
    headers: { cookie },
    ...(route.body ? { payload: {} } : {}),
  })
}

async function siteRoutes() {
  const { routes } = await getApp()
  const found = routes.filter(isSiteRoute)
  return [...found.filter((route) => !deletesSite(route)), ...found.filter(deletesSite)]
}

describe('the role-by-endpoint matrix', () => {
  it('covers the site routes, the groups routes and the invites routes', async () => {
    expect((await siteRoutes()).map(key)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/sites/:slug',
        'POST /api/v1/sites/:slug/scan',
        'GET /api/v1/invites/:slug',
        'POST /api/v1/invites/:slug',
        'DELETE /api/v1/invites/:slug',
        'GET /api/v1/sites/:slug/groups',
        'POST /api/v1/sites/:slug/groups',
        'GET /api/v1/sites/:slug/group/:groupId',
        'PUT /api/v1/sites/:slug/group/:groupId',
        'DELETE /api/v1/sites/:slug/group/:groupId',
        'GET /api/v1/sites/:slug/group/:groupId/groups',
        'GET /api/v1/sites/:slug/group/:groupId/users',
        'POST /api/v1/sites/:slug/group/:groupId/users',
        'DELETE /api/v1/sites/:slug/group/:groupId/users/:userId',
        'PUT /api/v1/sites/:slug/features/:name',
      ]),
    )
  })

  it('the staff-only site routes are the feature flag switch', async () => {
    expect((await siteRoutes()).filter(isStaffOnly).map(key)).toEqual([
      'PUT /api/v1/sites/:slug/features/:name',
    ])
  })

  it('every site route that changes something declares its permission', async () => {
    const undeclared = (await siteRoutes()).filter((route) => route.method !== 'GET' && !route.permission)
    expect(undeclared.map(key)).toEqual([])
  })

  it.each(SITE_ROLES)(
    'a %s gets 403 exactly where the permission is above the role',
    async (role) => {
      const { site, cookie } = await siteWithMember(role)
      for (const route of await siteRoutes()) {
        const response = await call(route, site.slug, cookie)
        const needed = neededRole(route)
        const seen = { route: key(route), status: response.statusCode }
        if (isStaffOnly(route)) {
          expect(seen).toEqual({ route: key(route), status: 403 })
          expect(response.json().message).toBe(MASQUERADE_MESSAGES.staffOnly)
        } else if (RANK[needed] > RANK[role]) {
          expect(seen).toEqual({ route: key(route), status: 403 })
          expect(response.json().message).toBe(ROLE_REQUIRED_MESSAGES[needed as 'editor' | 'admin'])
        } else {
          expect([401, 403], `${key(route)} answered ${response.statusCode}: ${response.body}`).not.toContain(
            response.statusCode,
          )
          expect(response.statusCode, `${key(route)}: ${response.body}`).toBeLessThan(500)
        }
      }
    },
    120_000,
  )

  it('a member of another site only gets 404 on every site route', async () => {
    const { site } = await siteWithMember('admin')
    const stranger = await siteWithMember('admin')
    for (const route of await siteRoutes()) {
      const response = await call(route, site.slug, stranger.cookie)
      expect({ route: key(route), status: response.statusCode }).toEqual({ route: key(route), status: 404 })
      expect(response.json().message).toBe(SITE_NOT_FOUND_MESSAGE)
    }
  }, 120_000)
})
