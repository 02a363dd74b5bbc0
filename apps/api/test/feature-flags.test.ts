import {
  FEATURE_FLAG_MESSAGES,
  FEATURE_FLAG_NAMES,
  type FeatureFlag,
  type FeatureFlagList,
  MASQUERADE_MESSAGES,
} from '@canopy/contracts'
import type { PrismaClient } from '@canopy/db'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { SITE_NOT_FOUND_MESSAGE } from '../src/plugins/app/site-access.js'
import { createSessionCookie, createTestSite, createTestUser } from './factories.js'
import { useTestApp } from './helper.js'

/**
 * Feature flags: GET /api/v1/features?site= for everyone signed in, the staff switches of a global value and
 * of a site's override (audited), and the 404 of a flagged screen's endpoints while its flag is off.
 * Global values are shared by every test file of a run, so these tests only switch a flag that nothing else
 * reads globally (user-account-expiry) and put it back.
 */
const getApp = useTestApp()

async function signedIn(prisma: PrismaClient, { isStaff = false } = {}) {
  const created = await createTestUser(prisma)
  const user = isStaff ? await prisma.user.update({ where: { id: created.id }, data: { isStaff } }) : created
  return { user, cookie: await createSessionCookie(prisma, user.id) }
}

async function scene() {
  const { app } = await getApp()
  const staff = await signedIn(app.prisma, { isStaff: true })
  const admin = await signedIn(app.prisma)
  const viewer = await signedIn(app.prisma)
  const site = await createTestSite(app.prisma, {
    members: [
      { userId: staff.user.id, role: 'viewer' },
      { userId: admin.user.id, role: 'admin' },
      { userId: viewer.user.id, role: 'viewer' },
    ],
  })
  const other = await createTestSite(app.prisma)
  return { app, staff, admin, viewer, site, other }
}

function listFlags(app: FastifyInstance, cookie: string, site?: string) {
  return app.inject({ url: `/api/v1/features${site ? `?site=${site}` : ''}`, headers: { cookie } })
}

function flagOf(list: FeatureFlagList, name: string): FeatureFlag | undefined {
  return list.items.find((flag) => flag.name === name)
}

const putGlobal = (app: FastifyInstance, cookie: string, name: string, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: `/api/v1/features/${encodeURIComponent(name)}`,
    headers: { cookie },
    payload: payload as object,
  })

const putSite = (app: FastifyInstance, cookie: string, slug: string, name: string, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: `/api/v1/sites/${slug}/features/${encodeURIComponent(name)}`,
    headers: { cookie },
    payload: payload as object,
  })

describe('GET /api/v1/features', () => {
  it('lists every flag, off by default, with the global value, no override and the effective value', async () => {
    const { app, viewer, site } = await scene()
    const response = await listFlags(app, viewer.cookie, site.slug)
    expect(response.statusCode).toBe(200)
    const list = response.json<FeatureFlagList>()
    expect(list.site).toBe(site.slug)
    expect(list.localOverrides).toBe(true)
    expect(list.items.map((flag) => flag.name)).toEqual(FEATURE_FLAG_NAMES)
    expect(flagOf(list, 'performance/uptime')).toMatchObject({ global: false, override: null, active: false })
    expect(flagOf(list, 'performance/uptime')?.description).toMatch(/Uptime/)
  })

  it('a site override wins over the global value; staff see every flag on', async () => {
    const { app, staff, viewer, site } = await scene()
    expect(
      (await putSite(app, staff.cookie, site.slug, 'performance/uptime', { active: true })).statusCode,
    ).toBe(200)
    const asViewer = (await listFlags(app, viewer.cookie, site.slug)).json<FeatureFlagList>()
    expect(flagOf(asViewer, 'performance/uptime')).toMatchObject({
      global: false,
      override: true,
      active: true,
    })
    const asStaff = (await listFlags(app, staff.cookie, site.slug)).json<FeatureFlagList>()
    expect(asStaff.items.every((flag) => flag.active)).toBe(true)
    expect(flagOf(asStaff, 'seo/orphaned-pages')).toMatchObject({
      global: false,
      override: null,
      active: true,
    })
    // Without a site, only the global values count.
    const global = (await listFlags(app, viewer.cookie)).json<FeatureFlagList>()
    expect(global.site).toBeNull()
    expect(flagOf(global, 'performance/uptime')).toMatchObject({ override: null, active: false })
  })

  it('answers 404 for a site the caller may not see, like every site endpoint, and 400 naming site', async () => {
    const { app, viewer, other } = await scene()
    const hidden = await listFlags(app, viewer.cookie, other.slug)
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json().message).toBe(SITE_NOT_FOUND_MESSAGE)
    const missing = await listFlags(app, viewer.cookie, 'no-such-site')
    expect(missing.statusCode).toBe(404)
    const empty = await app.inject({ url: '/api/v1/features?site=', headers: { cookie: viewer.cookie } })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors).toEqual({ site: FEATURE_FLAG_MESSAGES.site })
    const signedOut = await app.inject({ url: '/api/v1/features' })
    expect(signedOut.statusCode).toBe(401)
  })
})

describe('PUT /api/v1/features/:name (global)', () => {
  it('staff switch a flag everywhere, audited; a site override still wins', async () => {
    const { app, staff, viewer, site } = await scene()
    const name = 'user-account-expiry'
    await putSite(app, staff.cookie, site.slug, name, { active: false })
    const on = await putGlobal(app, staff.cookie, name, { active: true })
    expect(on.statusCode).toBe(200)
    expect(on.json()).toMatchObject({ name, global: true, override: null, active: true })
    try {
      const everywhere = (await listFlags(app, viewer.cookie)).json<FeatureFlagList>()
      expect(flagOf(everywhere, name)).toMatchObject({ global: true, active: true })
      const onSite = (await listFlags(app, viewer.cookie, site.slug)).json<FeatureFlagList>()
      expect(flagOf(onSite, name)).toMatchObject({ global: true, override: false, active: false })
      const audit = await app.prisma.auditEvent.findMany({
        where: { actorId: staff.user.id, action: 'feature-flag.global' },
      })
      expect(audit.map((event) => event.detail)).toEqual([{ name, active: true }])
    } finally {
      expect((await putGlobal(app, staff.cookie, name, { active: false })).statusCode).toBe(200)
    }
  })

  it('is refused to anyone but staff, and to staff masquerading', async () => {
    const { app, admin, staff, viewer } = await scene()
    const refused = await putGlobal(app, admin.cookie, 'performance/uptime', { active: true })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(MASQUERADE_MESSAGES.staffOnly)
    await app.inject({
      method: 'POST',
      url: '/masquerade',
      headers: { cookie: staff.cookie },
      payload: { masqueradeId: viewer.user.id },
    })
    expect((await putGlobal(app, staff.cookie, 'performance/uptime', { active: true })).statusCode).toBe(403)
    const flag = await app.prisma.featureFlag.findUnique({ where: { name: 'performance/uptime' } })
    expect(flag?.active ?? false).toBe(false)
  })

  it('answers 404 for an unknown flag and 400 naming active for a malformed body', async () => {
    const { app, staff } = await scene()
    const unknown = await putGlobal(app, staff.cookie, 'no-such-flag', { active: true })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(FEATURE_FLAG_MESSAGES.unknown)
    for (const payload of [{}, { active: 'yes' }, { active: null }]) {
      const response = await putGlobal(app, staff.cookie, 'performance/uptime', payload)
      expect(response.statusCode).toBe(400)
      expect(response.json().errors).toEqual({ active: FEATURE_FLAG_MESSAGES.active })
    }
  })
})

describe('PUT /api/v1/sites/:slug/features/:name', () => {
  it('staff set and clear a site override, each change audited with the site as the target', async () => {
    const { app, staff, site } = await scene()
    const on = await putSite(app, staff.cookie, site.slug, 'seo/orphaned-pages', { active: true })
    expect(on.json()).toMatchObject({ name: 'seo/orphaned-pages', override: true, active: true })
    const cleared = await putSite(app, staff.cookie, site.slug, 'seo/orphaned-pages', { active: null })
    expect(cleared.statusCode).toBe(200)
    expect(cleared.json()).toMatchObject({ override: null, global: false })
    expect(await app.prisma.siteFeatureFlag.count({ where: { siteId: site.id } })).toBe(0)
    const audit = await app.prisma.auditEvent.findMany({
      where: { actorId: staff.user.id, action: 'feature-flag.site' },
      orderBy: { at: 'asc' },
    })
    expect(audit.map((event) => [event.targetId, event.detail])).toEqual([
      [site.id, { name: 'seo/orphaned-pages', active: true }],
      [site.id, { name: 'seo/orphaned-pages', active: null }],
    ])
  })

  it('is 403 for a site admin who is not staff, 404 on a site the caller may not see', async () => {
    const { app, admin, staff, site, other } = await scene()
    const refused = await putSite(app, admin.cookie, site.slug, 'performance/uptime', { active: true })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(MASQUERADE_MESSAGES.staffOnly)
    const hidden = await putSite(app, staff.cookie, other.slug, 'performance/uptime', { active: true })
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json().message).toBe(SITE_NOT_FOUND_MESSAGE)
    expect(await app.prisma.siteFeatureFlag.count({ where: { siteId: { in: [site.id, other.id] } } })).toBe(0)
  })

  it('answers 404 for an unknown flag and 400 naming active for a malformed body', async () => {
    const { app, staff, site } = await scene()
    const unknown = await putSite(app, staff.cookie, site.slug, 'made-up', { active: true })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(FEATURE_FLAG_MESSAGES.unknown)
    for (const payload of [{}, { active: 'off' }, { active: 1 }]) {
      const response = await putSite(app, staff.cookie, site.slug, 'performance/uptime', payload)
      expect(response.statusCode).toBe(400)
      expect(response.json().errors).toEqual({ active: FEATURE_FLAG_MESSAGES.siteActive })
    }
  })
})

describe('the flag gate of flagged screens', () => {
  const GATED = [
    { flag: 'performance/uptime', path: 'performance/uptime' },
    { flag: 'seo/orphaned-pages', path: 'seo/orphaned-pages' },
    { flag: 'seo/orphaned-pages', path: 'seo/orphaned-pages/export?format=csv' },
    { flag: 'inventory/media', path: 'inventory/media' },
    { flag: 'inventory/media', path: 'inventory/media/export?format=json' },
    { flag: 'settings/sitemaps', path: 'sitemap' },
  ] as const

  it('answers 404 while the flag is off for the site, 200 once on, and always 200 to staff', async () => {
    const { app, staff, admin, site } = await scene()
    await app.prisma.siteMembership.update({
      where: { siteId_userId: { siteId: site.id, userId: staff.user.id } },
      data: { role: 'admin' },
    })
    for (const { flag, path } of GATED) {
      const url = `/api/v1/sites/${site.slug}/${path}`
      const off = await app.inject({ url, headers: { cookie: admin.cookie } })
      expect({ path, status: off.statusCode }).toEqual({ path, status: 404 })
      expect(off.json().message).toBe(FEATURE_FLAG_MESSAGES.off)
      expect((await app.inject({ url, headers: { cookie: staff.cookie } })).statusCode).toBe(200)
      await putSite(app, staff.cookie, site.slug, flag, { active: true })
      const on = await app.inject({ url, headers: { cookie: admin.cookie } })
      expect({ path, status: on.statusCode }).toEqual({ path, status: 200 })
      await putSite(app, staff.cookie, site.slug, flag, { active: null })
      const again = await app.inject({ url, headers: { cookie: admin.cookie } })
      expect({ path, status: again.statusCode }).toEqual({ path, status: 404 })
    }
  })

  it('leaves the other inventory lists open, and writes to the sitemap are gated too', async () => {
    const { app, admin, site } = await scene()
    const email = await app.inject({
      url: `/api/v1/sites/${site.slug}/inventory/email`,
      headers: { cookie: admin.cookie },
    })
    expect(email.statusCode).toBe(200)
    const write = await app.inject({
      method: 'PUT',
      url: `/api/v1/sites/${site.slug}/sitemap`,
      headers: { cookie: admin.cookie },
      payload: { sitemapUrls: [] },
    })
    expect(write.statusCode).toBe(404)
  })

  it('a staff member masquerading as a user sees what the user sees', async () => {
    const { app, staff, viewer, site } = await scene()
    await app.inject({
      method: 'POST',
      url: '/masquerade',
      headers: { cookie: staff.cookie },
      payload: { masqueradeId: viewer.user.id },
    })
    const uptime = await app.inject({
      url: `/api/v1/sites/${site.slug}/performance/uptime`,
      headers: { cookie: staff.cookie },
    })
    expect(uptime.statusCode).toBe(404)
    const list = (await listFlags(app, staff.cookie, site.slug)).json<FeatureFlagList>()
    expect(flagOf(list, 'performance/uptime')?.active).toBe(false)
  })
})
