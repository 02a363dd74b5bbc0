import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { FEATURE_FLAG_NAMES, ROLE_REQUIRED_MESSAGES, SITE_PERMISSIONS } from '@canopy/contracts'
import { replaceDuplicateGroups } from '@canopy/db'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { SITE_NOT_FOUND_MESSAGE } from '../src/plugins/app/site-access.js'
import {
  createSessionCookie,
  createTestContact,
  createTestDocument,
  createTestIssueSummary,
  createTestLink,
  createTestMisspelling,
  createTestPageWithArtifacts,
  createTestSection,
  createTestSite,
  createTestUser,
  switchOnSiteFlags,
  testElementScreenshotPath,
} from './factories.js'
import { fillRoute, isApiRoute, type RouteEntry, useTestApp } from './helper.js'

/**
 * Access rules checked against the app's own route table, so that every route added later is covered
 * without touching this file (a new :parameter only needs a value below).
 */
const artifactsDir = mkdtempSync(path.join(tmpdir(), 'canopy-route-access-artifacts-'))
const getApp = useTestApp({ artifactsDir })

const PUBLIC_ROUTES = new Set([
  'POST /auth/check-sso',
  'POST /login',
  // the second step of POST /login for an account with two-step verification (a challenge, no session yet)
  'POST /login/two-factor',
  'POST /logout',
  'GET /auth/check',
  'GET /auth/:provider',
  'GET /auth/sso',
  'POST /account/register',
  'GET /account/verify',
  'POST /account/reset',
  'POST /account/reset/password',
  'GET /healthz/network',
  'GET /illustrations/:name/:size/:file',
  'GET /api/v1/invites/:slug/:token',
  // The payment provider posts its events without a session; each is authenticated by its Stripe-Signature.
  'POST /api/v1/billing/webhook',
])

const key = (route: RouteEntry) => `${route.method} ${route.url}`

/** The route's URL with its :parameters, and a query of the test values its querystring schema names. */
function routeUrl(route: RouteEntry, values: Record<string, string>): string {
  const url = fillRoute(route.url, values)
  const fields = route.querystring ? Object.keys((route.querystring as z.ZodObject).shape) : []
  const query = new URLSearchParams(
    fields.flatMap((field): [string, string][] => (values[field] ? [[field, values[field]]] : [])),
  )
  return query.size > 0 ? `${url}?${query}` : url
}

async function twoSites() {
  const { app, routes } = await getApp()
  const member = await createTestUser(app.prisma)
  const admin = await createTestUser(app.prisma)
  const siteA = await createTestSite(app.prisma, {
    members: [
      { userId: member.id, role: 'viewer' },
      { userId: admin.id, role: 'admin' },
    ],
  })
  // Every flag on for site A, so that a member reads its flagged screens too (the gate: feature-flags.test.ts).
  await switchOnSiteFlags(app.prisma, siteA.id, FEATURE_FLAG_NAMES)
  const siteB = await createTestSite(app.prisma, { siteName: 'Site B untouched' })
  const sectionA = await createTestSection(app.prisma, { siteId: siteA.id, title: 'Section A' })
  const sectionB = await createTestSection(app.prisma, { siteId: siteB.id, title: 'Section B untouched' })
  const groupA = await app.prisma.group.create({ data: { siteId: siteA.id, name: 'Group A' } })
  const groupB = await app.prisma.group.create({ data: { siteId: siteB.id, name: 'Group B untouched' } })
  const scanA = await app.prisma.scan.create({ data: { siteId: siteA.id, kind: 'site', pageLimit: 10 } })
  const scanB = await app.prisma.scan.create({ data: { siteId: siteB.id, kind: 'site', pageLimit: 10 } })
  const pageA = await createTestPageWithArtifacts(app.prisma, artifactsDir, {
    siteId: siteA.id,
    scanId: scanA.id,
  })
  const pageB = await createTestPageWithArtifacts(app.prisma, artifactsDir, {
    siteId: siteB.id,
    scanId: scanB.id,
  })
  // An issue and a document on each site, so that the routes reading one answer 200 to a member.
  for (const [siteId, scanId] of [
    [siteA.id, scanA.id],
    [siteB.id, scanB.id],
  ] as const) {
    await createTestIssueSummary(app.prisma, { siteId, scanId, issueId: 'image-alt' })
  }
  // The routes are called with ?sectionId= too: the section has its own roll-up row.
  await createTestIssueSummary(app.prisma, {
    siteId: siteA.id,
    scopeId: sectionA.id,
    scanId: scanA.id,
    issueId: 'image-alt',
  })
  const documentA = await createTestDocument(app.prisma, {
    siteId: siteA.id,
    url: `${siteA.rootUri}report.pdf`,
    pageIds: [pageA.id],
  })
  const documentB = await createTestDocument(app.prisma, {
    siteId: siteB.id,
    url: `${siteB.rootUri}report.pdf`,
    pageIds: [pageB.id],
  })
  const [misspellingA, misspellingB] = [
    await createTestMisspelling(app.prisma, {
      siteId: siteA.id,
      word: 'recieve',
      pages: [{ pageId: pageA.id, count: 1 }],
    }),
    await createTestMisspelling(app.prisma, {
      siteId: siteB.id,
      word: 'recieve',
      pages: [{ pageId: pageB.id, count: 1 }],
    }),
  ]
  const linkA = await createTestLink(app.prisma, {
    siteId: siteA.id,
    url: `${siteA.rootUri}gone`,
    isBroken: true,
    status: 404,
    pageIds: [pageA.id],
  })
  const linkB = await createTestLink(app.prisma, {
    siteId: siteB.id,
    url: `${siteB.rootUri}gone`,
    isBroken: true,
    status: 404,
    pageIds: [pageB.id],
  })
  const [contactA, contactB] = await Promise.all(
    [
      [siteA.id, pageA.id],
      [siteB.id, pageB.id],
    ].map(([siteId, pageId]) =>
      createTestContact(app.prisma, {
        siteId: siteId as string,
        kind: 'email',
        value: 'info@canopy.org',
        pages: [{ pageId: pageId as string }],
      }),
    ),
  )
  // The inventory's :kind is its own (email), not a document kind.
  const listValues = {
    issueName: 'image-alt',
    issueId: 'image-alt',
    alertId: 'no-such-alert',
    kind: 'pdf',
    'kind@/inventory/': 'email',
    format: 'csv',
    search: 'report',
    lang: 'en',
    token: 'no-such-invite-token',
  }
  const duplicateOf = async (siteId: string, scanId: string, pageId: string) => {
    await replaceDuplicateGroups(app.prisma, { siteId, scanId }, [
      { kind: 'title', value: 'Same title', pageIds: [pageId], similarity: 1 },
    ])
    return (await app.prisma.duplicateGroup.findFirstOrThrow({ where: { siteId } })).id
  }
  const dupeA = await duplicateOf(siteA.id, scanA.id, pageA.id)
  const dupeB = await duplicateOf(siteB.id, scanB.id, pageB.id)
  return {
    app,
    siteRoutes: routes.filter((route) => route.url.startsWith('/api/v1/sites/:slug')),
    apiRoutes: routes.filter(isApiRoute),
    memberCookie: await createSessionCookie(app.prisma, member.id),
    adminCookie: await createSessionCookie(app.prisma, admin.id),
    siteA,
    siteB,
    paramsA: {
      slug: siteA.slug,
      sectionId: sectionA.id,
      scanId: scanA.id,
      pageId: pageA.id,
      guid: pageA.id,
      path: testElementScreenshotPath(pageA),
      documentId: documentA.id,
      misspellingId: misspellingA.id,
      linkId: linkA.id,
      resourceId: linkA.id,
      id: contactA?.id ?? '',
      dupeId: dupeA,
      groupId: groupA.id,
      ...listValues,
      userId: member.id,
      sessionId: 'no-such-session',
      tokenId: 'no-such-token',
      provider: 'no-such-provider',
      providerId: 'no-such-provider',
      name: 'empty-state',
      size: '240',
      file: 'empty-state.png',
    },
    paramsB: {
      slug: siteB.slug,
      sectionId: sectionB.id,
      scanId: scanB.id,
      pageId: pageB.id,
      guid: pageB.id,
      path: testElementScreenshotPath(pageB),
      documentId: documentB.id,
      misspellingId: misspellingB.id,
      linkId: linkB.id,
      resourceId: linkB.id,
      id: contactB?.id ?? '',
      dupeId: dupeB,
      groupId: groupB.id,
      ...listValues,
      userId: member.id,
      sessionId: 'no-such-session',
      tokenId: 'no-such-token',
      provider: 'no-such-provider',
      providerId: 'no-such-provider',
      name: 'empty-state',
      size: '240',
      file: 'empty-state.png',
    },
  }
}

describe('membership', () => {
  it('a member of site A gets 404 on every site-B route, and nothing of site B changes', async () => {
    const { app, siteRoutes, adminCookie, siteB, paramsB } = await twoSites()
    expect(siteRoutes.map(key)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/sites/:slug',
        'PUT /api/v1/sites/:slug',
        'DELETE /api/v1/sites/:slug/sections/:sectionId',
        'GET /api/v1/sites/:slug/scans/:scanId',
        'GET /api/v1/sites/:slug/page',
        'GET /api/v1/sites/:slug/full-page-screenshot',
        'GET /api/v1/sites/:slug/product-snapshot',
        'GET /api/v1/sites/:slug/element-screenshot',
        'GET /api/v1/sites/:slug/pages',
        'GET /api/v1/sites/:slug/pages/export',
        'GET /api/v1/sites/:slug/worst-pages',
        'GET /api/v1/sites/:slug/issues',
        'GET /api/v1/sites/:slug/issues/export',
        'GET /api/v1/sites/:slug/issues/overview',
        'GET /api/v1/sites/:slug/issues/:issueName',
        'GET /api/v1/sites/:slug/issues/:issueName/pages',
        'GET /api/v1/sites/:slug/issues/:issueName/pages/export',
        'GET /api/v1/sites/:slug/documents',
        'GET /api/v1/sites/:slug/documents/export',
        'GET /api/v1/sites/:slug/documents/:kind',
        'GET /api/v1/sites/:slug/documents/:kind/export',
        'GET /api/v1/sites/:slug/document',
        'GET /api/v1/sites/:slug/inventory',
        'GET /api/v1/sites/:slug/inventory/:kind',
        'GET /api/v1/sites/:slug/inventory/:kind/export',
        'GET /api/v1/sites/:slug/inventory/:kind/:id',
        'GET /api/v1/sites/:slug/inventory/:kind/:id/export',
        'GET /api/v1/sites/:slug/content-quality/misspellings/page/:pageId',
        'GET /api/v1/sites/:slug/content-quality/misspellings',
        'GET /api/v1/sites/:slug/content-quality/pages-affected-by-a-misspelling/:misspellingId',
        'GET /api/v1/sites/:slug/content-quality/malicious-links',
        'GET /api/v1/sites/:slug/dictionaries',
        'GET /api/v1/sites/:slug/dictionary/:lang',
        'POST /api/v1/sites/:slug/dictionary/:lang/words',
        'DELETE /api/v1/sites/:slug/dictionary/:lang/words',
        'GET /api/v1/sites/:slug/integrations/web-risk/settings',
        'POST /api/v1/sites/:slug/integrations/web-risk/settings',
        'GET /api/v1/sites/:slug/content-quality/readability',
        'GET /api/v1/sites/:slug/content-quality/broken-links',
        'GET /api/v1/sites/:slug/content-quality/broken-links/export',
        'GET /api/v1/sites/:slug/content-quality/pages-affected-by-a-link/:linkId',
        'GET /api/v1/sites/:slug/content-quality/pages-affected-by-a-link/:linkId/export',
        'GET /api/v1/sites/:slug/content-quality/resources/:resourceId',
        'GET /api/v1/sites/:slug/scan-status',
        'PUT /api/v1/sites/:slug/features/:name',
      ]),
    )
    for (const route of siteRoutes) {
      const response = await app.inject({
        method: route.method,
        url: routeUrl(route, paramsB),
        headers: { cookie: adminCookie },
        ...(route.body ? { payload: { siteName: 'Taken over', title: 'Taken over' } } : {}),
      })
      expect({ route: key(route), status: response.statusCode }).toEqual({ route: key(route), status: 404 })
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: SITE_NOT_FOUND_MESSAGE,
      })
    }
    const after = await app.prisma.site.findUniqueOrThrow({
      where: { id: siteB.id },
      include: { sections: true },
    })
    expect(after.siteName).toBe('Site B untouched')
    expect(after.sections.map((section) => section.title)).toEqual(['Section B untouched'])
  })

  it('a site that does not exist answers exactly like a site the user may not see', async () => {
    const { app, adminCookie } = await twoSites()
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/sites/no-such-site',
      headers: { cookie: adminCookie },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json().message).toBe(SITE_NOT_FOUND_MESSAGE)
  })

  it('every route except the public ones answers 401 when signed out, before looking at the site or the body', async () => {
    const { app, apiRoutes, paramsB } = await twoSites()
    const protectedRoutes = apiRoutes.filter((route) => !PUBLIC_ROUTES.has(key(route)))
    expect(protectedRoutes.map(key)).toEqual(
      expect.arrayContaining(['GET /auth/current-user', 'GET /api/v1/sites', 'GET /api/v1/alerts']),
    )
    for (const route of protectedRoutes) {
      const response = await app.inject({
        method: route.method,
        url: routeUrl(route, paramsB),
        ...(route.body ? { payload: '{not json', headers: { 'content-type': 'application/json' } } : {}),
      })
      expect({ route: key(route), status: response.statusCode }).toEqual({ route: key(route), status: 401 })
      expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' })
    }
  })

  it('the public routes are the ones the spec marks public', async () => {
    const { apiRoutes } = await twoSites()
    const existing = new Set(apiRoutes.map(key))
    for (const route of PUBLIC_ROUTES) expect(existing.has(route), route).toBe(true)
  })
})

/** The role a site route needs: the one of its declared permission, else a viewer's (reading results). */
const neededRole = (route: RouteEntry) => SITE_PERMISSIONS[route.permission ?? 'viewResults']

describe('site routes above a viewer', () => {
  it('answer 403 to a viewer with the role they need, and the site is not changed', async () => {
    const { app, siteRoutes, memberCookie, paramsA, siteA } = await twoSites()
    const aboveViewer = siteRoutes.filter((route) => neededRole(route) !== 'viewer')
    expect(aboveViewer.map(key)).toEqual(
      expect.arrayContaining([
        'PUT /api/v1/sites/:slug',
        'POST /api/v1/sites/:slug/sections',
        'POST /api/v1/sites/:slug/scan',
        'POST /api/v1/sites/:slug/scans',
        'POST /api/v1/sites/:slug/sections/:sectionId/scan',
        'POST /api/v1/sites/:slug/integrations/web-risk/settings',
        'POST /api/v1/sites/:slug/issues/:issueId/assignment',
        'PATCH /api/v1/sites/:slug/issues/:issueId/assignment',
        'DELETE /api/v1/sites/:slug/issues/:issueId/assignment',
        'PUT /api/v1/sites/:slug/pages/:pageId/issues/:issueId/review',
        'DELETE /api/v1/sites/:slug/pages/:pageId/issues/:issueId/review',
      ]),
    )
    for (const route of aboveViewer) {
      const response = await app.inject({
        method: route.method,
        url: routeUrl(route, paramsA),
        headers: { cookie: memberCookie },
        ...(route.body ? { payload: { siteName: 'Renamed by member', title: 'By member' } } : {}),
      })
      expect({ route: key(route), status: response.statusCode }).toEqual({ route: key(route), status: 403 })
      expect(response.json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: ROLE_REQUIRED_MESSAGES[neededRole(route) as 'editor' | 'admin'],
      })
    }
    expect((await app.prisma.site.findUniqueOrThrow({ where: { id: siteA.id } })).siteName).toBe(
      siteA.siteName,
    )
  })

  it('the site routes that only read results are open to every member', async () => {
    const { app, siteRoutes, memberCookie, paramsA } = await twoSites()
    const memberRoutes = siteRoutes.filter(
      (route) => route.method === 'GET' && neededRole(route) === 'viewer',
    )
    expect(memberRoutes.length).toBeGreaterThanOrEqual(3)
    for (const route of memberRoutes) {
      const response = await app.inject({
        method: route.method,
        url: routeUrl(route, paramsA),
        headers: { cookie: memberCookie },
      })
      expect({ route: key(route), status: response.statusCode }).toEqual({ route: key(route), status: 200 })
    }
  })
})

describe('permission declarations', () => {
  it('a site route that changes something without a declared permission cannot be registered', async () => {
    const { app } = await getApp()
    const probe = Fastify()
    probe.decorate('siteAccess', app.siteAccess)
    await probe.register(async (scope) => {
      app.siteAccess.enforcePermissions(scope)
      scope.get('/read', async () => 'ok')
      scope.post('/declared', { config: { permission: 'manageSettings' } }, async () => 'ok')
    })
    await expect(probe.ready()).resolves.toBeDefined()

    const careless = Fastify()
    careless.register(async (scope) => {
      app.siteAccess.enforcePermissions(scope)
      scope.delete('/undeclared', async () => 'ok')
    })
    await expect(careless.ready()).rejects.toThrow(/DELETE \/undeclared .*declare config.permission/)
    await probe.close()
  })
})
