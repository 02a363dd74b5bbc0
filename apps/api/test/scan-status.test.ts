import { setTimeout as sleep } from 'node:timers/promises'
import { SCAN_JOB_NAMES, SCAN_MESSAGES, SCAN_QUEUE_NAMES, type SiteScanStatus } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { queueFirstScansOfNewSites } from '../src/services/first-scan-service.js'
import {
  createSessionCookie,
  createTestCompletedScan,
  createTestOrganisation,
  createTestSite,
  createTestSiteWithAdminAndMember,
  createTestUser,
} from './factories.js'
import { buildTestApp, useTestApp } from './helper.js'

/** The dashboard's scan status, the first scan of a new site, and the messages of a refused scan. */
const getApp = useTestApp()

async function siteWithAdmin() {
  const { app } = await getApp()
  return { app, ...(await createTestSiteWithAdminAndMember(app.prisma)) }
}

describe('GET /api/v1/sites/:slug/scan-status', () => {
  it('says "no scan yet" for a new site, and only an admin may start one', async () => {
    const { app, site, adminCookie, memberCookie } = await siteWithAdmin()
    const url = `/api/v1/sites/${site.slug}/scan-status`
    const admin = await app.inject({ url, headers: { cookie: adminCookie } })
    expect(admin.statusCode).toBe(200)
    expect(admin.json()).toEqual({
      active: null,
      queuePosition: null,
      lastFinished: null,
      canStartScan: true,
    })
    const member = await app.inject({ url, headers: { cookie: memberCookie } })
    expect(member.json<SiteScanStatus>().canStartScan).toBe(false)
  })

  it('gives the queued scan with the scans of any site queued before it, and the last finished scan', async () => {
    const { app, site, adminCookie } = await siteWithAdmin()
    const finished = await createTestCompletedScan(app.prisma, { siteId: site.id, number: 1 })
    const other = await createTestSite(app.prisma)
    const ahead = await app.prisma.scan.create({
      data: { siteId: other.id, kind: 'site', pageLimit: 5, queuedAt: new Date('1999-06-01T00:00:00Z') },
    })
    const queued = await app.prisma.scan.create({
      data: {
        siteId: site.id,
        kind: 'site',
        pageLimit: 5,
        number: 2,
        queuedAt: new Date('1999-06-02T00:00:00Z'),
      },
    })
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/scan-status`,
      headers: { cookie: adminCookie },
    })
    const status = response.json<SiteScanStatus>()
    expect(status).toMatchObject({
      active: { id: queued.id, state: 'queued', kind: 'site', number: 2 },
      queuePosition: 1,
      lastFinished: { id: finished.id, state: 'completed', number: 1 },
      canStartScan: false,
    })
    await app.prisma.scan.update({
      where: { id: queued.id },
      data: { state: 'running', startedAt: new Date() },
    })
    const running = await app.inject({
      url: `/api/v1/sites/${site.slug}/scan-status`,
      headers: { cookie: adminCookie },
    })
    expect(running.json()).toMatchObject({ active: { id: queued.id, state: 'running' }, queuePosition: 0 })
    // Scans queued this long ago would stand before every later test's scan in the shared queue.
    await app.prisma.scan.updateMany({
      where: { id: { in: [ahead.id, queued.id] } },
      data: { state: 'completed', finishedAt: new Date() },
    })
  })
})

describe('GET /api/v1/sites/:slug/scan-status with a page scan', () => {
  it('lets an admin start a full scan while only a page scan is under way', async () => {
    const { app, site, adminCookie } = await siteWithAdmin()
    const page = await app.inject({
      method: 'POST',
      url: `/api/v1/sites/${site.slug}/scans`,
      headers: { cookie: adminCookie },
      payload: { uri: `${site.rootUri}contact`, pageTitle: 'Contact us' },
    })
    expect(page.statusCode).toBe(202)
    const status = await app.inject({
      url: `/api/v1/sites/${site.slug}/scan-status`,
      headers: { cookie: adminCookie },
    })
    expect(status.json()).toMatchObject({
      active: { id: page.json().scanId, kind: 'page', individualUrl: `${site.rootUri}contact` },
      canStartScan: true,
    })
  })
})

describe('the first scan of a site', () => {
  it('is queued when the site is added, and a second full scan is refused with the clear message', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    await createTestOrganisation(app.prisma, { adminUserId: user.id })
    const cookie = await createSessionCookie(app.prisma, user.id)
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/sites',
      headers: { cookie },
      payload: { siteName: 'First scan site', rootUri: 'https://first-scan.example.test/' },
    })
    expect(created.statusCode).toBe(201)
    const siteId = created.json().sys.id as string
    const scans = await app.prisma.scan.findMany({ where: { siteId } })
    expect(scans).toMatchObject([
      { kind: 'site', state: 'queued', trigger: 'manual', requestedById: user.id, pageLimit: 100 },
    ])
    const job = await app.queues.get(SCAN_QUEUE_NAMES.scans).getJob(`scan-site-${scans[0]?.id}`)
    expect(job?.name).toBe(SCAN_JOB_NAMES.scanSite)
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/sites/${created.json().sys.slug}/scan`,
      headers: { cookie },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: SCAN_MESSAGES.siteScanActive,
    })
  })

  it('is queued at start for sites never scanned, once, and not for sites that were', async () => {
    const { app } = await getApp()
    const never = await createTestSite(app.prisma)
    const scanned = await createTestSite(app.prisma)
    await createTestCompletedScan(app.prisma, { siteId: scanned.id, number: 1 })
    const first = await queueFirstScansOfNewSites({ prisma: app.prisma, queues: app.queues })
    expect(first.queued).toBeGreaterThanOrEqual(1)
    expect(await app.prisma.scan.findMany({ where: { siteId: never.id } })).toMatchObject([
      { kind: 'site', state: 'queued', trigger: 'schedule', requestedById: null },
    ])
    expect(await app.prisma.scan.count({ where: { siteId: scanned.id } })).toBe(1)
    const second = await queueFirstScansOfNewSites({ prisma: app.prisma, queues: app.queues })
    expect(second).toEqual({ queued: 0, failedSiteIds: [] })
    expect(await app.prisma.scan.count({ where: { siteId: never.id } })).toBe(1)
  })

  it('is queued by the API as it starts (QUEUE_FIRST_SCANS on)', async () => {
    const { app } = await getApp()
    const site = await createTestSite(app.prisma)
    const starting = await buildTestApp({ queueFirstScans: true })
    try {
      let scans = 0
      for (let attempt = 0; attempt < 50 && scans === 0; attempt += 1) {
        await sleep(100)
        scans = await app.prisma.scan.count({ where: { siteId: site.id } })
      }
      expect(scans).toBe(1)
    } finally {
      await starting.app.close()
    }
  })
})
