import { ROLE_REQUIRED_MESSAGES, type SiteConfig } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { createSessionCookie, createTestSite, createTestUser } from './factories.js'
import { useTestApp } from './helper.js'

const getApp = useTestApp()

async function siteWithRoles() {
  const { app } = await getApp()
  const [admin, editor] = await Promise.all([createTestUser(app.prisma), createTestUser(app.prisma)])
  const site = await createTestSite(app.prisma, {
    members: [
      { userId: admin.id, role: 'admin' },
      { userId: editor.id, role: 'editor' },
    ],
  })
  return {
    app,
    site,
    adminCookie: await createSessionCookie(app.prisma, admin.id),
    editorCookie: await createSessionCookie(app.prisma, editor.id),
  }
}

type Context = Awaited<ReturnType<typeof siteWithRoles>>

function change({ app, site }: Context, cookie: string, payload: object) {
  return app.inject({ method: 'PUT', url: `/api/v1/sites/${site.slug}`, headers: { cookie }, payload })
}

async function config({ app, site }: Context, cookie: string): Promise<SiteConfig> {
  const response = await app.inject({ url: `/api/v1/sites/${site.slug}`, headers: { cookie } })
  expect(response.statusCode).toBe(200)
  return response.json<SiteConfig>()
}

describe("a site's accessibility settings (PUT /api/v1/sites/:slug accessibility)", () => {
  it('answers WCAG 2.2 AA with every engine until an admin changes them; the change is stored and read back', async () => {
    const context = await siteWithRoles()
    expect((await config(context, context.editorCookie)).accessibility).toEqual({
      wcagTarget: { version: '2.2', level: 'AA' },
      engines: ['axe', 'equal-access', 'canopy'],
    })
    const changed = await change(context, context.adminCookie, {
      accessibility: { wcagTarget: { version: '2.1', level: 'AAA' }, engines: ['canopy', 'axe', 'canopy'] },
    })
    expect(changed.statusCode).toBe(200)
    const expected = { wcagTarget: { version: '2.1', level: 'AAA' }, engines: ['canopy', 'axe'] }
    expect(changed.json<SiteConfig>().accessibility).toEqual(expected)
    expect((await config(context, context.editorCookie)).accessibility).toEqual(expected)
    const row = await context.app.prisma.site.findUniqueOrThrow({ where: { id: context.site.id } })
    expect(row).toMatchObject({
      wcagVersion: '2.1',
      wcagLevel: 'AAA',
      accessibilityEngines: ['canopy', 'axe'],
    })
  })

  it('keeps the other settings when only accessibility is sent, and the other way round', async () => {
    const context = await siteWithRoles()
    await change(context, context.adminCookie, {
      accessibility: { wcagTarget: { version: '2.0', level: 'A' }, engines: ['axe'] },
    })
    const renamed = await change(context, context.adminCookie, { siteName: 'Renamed for accessibility' })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json<SiteConfig>()).toMatchObject({
      siteName: 'Renamed for accessibility',
      accessibility: { wcagTarget: { version: '2.0', level: 'A' }, engines: ['axe'] },
    })
  })

  it('answers 400 naming the field for a target or engine it does not know, or without axe', async () => {
    const context = await siteWithRoles()
    const cases: [object, string][] = [
      [{ wcagTarget: { version: '3.0', level: 'AA' }, engines: ['axe'] }, 'accessibility.wcagTarget.version'],
      [{ wcagTarget: { version: '2.2', level: 'AAAA' }, engines: ['axe'] }, 'accessibility.wcagTarget.level'],
      [{ wcagTarget: { version: '2.2', level: 'AA' }, engines: ['axe', 'wave'] }, 'accessibility.engines.1'],
      [{ wcagTarget: { version: '2.2', level: 'AA' }, engines: ['canopy'] }, 'accessibility.engines'],
      [{ engines: ['axe'] }, 'accessibility.wcagTarget'],
    ]
    for (const [accessibility, field] of cases) {
      const response = await change(context, context.adminCookie, { accessibility })
      expect({ field, status: response.statusCode }).toEqual({ field, status: 400 })
      expect(Object.keys(response.json().errors)).toEqual([field])
    }
    const withoutAxe = await change(context, context.adminCookie, {
      accessibility: { wcagTarget: { version: '2.2', level: 'AA' }, engines: [] },
    })
    expect(withoutAxe.json().errors).toEqual({ 'accessibility.engines': 'axe-core always runs.' })
    expect((await config(context, context.adminCookie)).accessibility.wcagTarget).toEqual({
      version: '2.2',
      level: 'AA',
    })
  })

  it('is for site admins only, as the other scan settings', async () => {
    const context = await siteWithRoles()
    const response = await change(context, context.editorCookie, {
      accessibility: { wcagTarget: { version: '2.0', level: 'A' }, engines: ['axe'] },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json().message).toBe(ROLE_REQUIRED_MESSAGES.admin)
  })
})
