import { SCAN_MESSAGES, type SiteConfig, type SiteScanStatus, scanLimitPeriodStart } from '@canopy/contracts'
import type { PrismaClient } from '@canopy/db'
import { describe, expect, it } from 'vitest'
import { createTestSection, createTestSiteWithAdminAndMember } from './factories.js'
import { useTestApp } from './helper.js'

/** The site's monthly scan limit through the API: its usage on the site config, and scans refused at it. */
const getApp = useTestApp()

async function siteWithLimit(scanLimit: number) {
  const { app } = await getApp()
  const setup = await createTestSiteWithAdminAndMember(app.prisma, { rootUri: 'https://www.example.test/' })
  await app.prisma.site.update({ where: { id: setup.site.id }, data: { scanLimit } })
  return { app, ...setup }
}

/** A finished scan of the site that scanned `pages` pages, queued at `queuedAt` (now by default). */
async function recordScan(
  prisma: PrismaClient,
  siteId: string,
  pages: number,
  extra: { queuedAt?: Date; stopReason?: 'page_limit' | 'scan_limit' } = {},
) {
  return prisma.scan.create({
    data: {
      siteId,
      kind: 'site',
      state: 'completed',
      pageLimit: 100,
      pagesQueued: pages,
      pagesScanned: pages,
      finishedAt: new Date(),
      ...extra,
    },
  })
}

describe('scan usage on the site config', () => {
  it('counts the pages scanned by the scans queued this calendar month against the limit', async () => {
    const { app, site, memberCookie } = await siteWithLimit(10)
    await recordScan(app.prisma, site.id, 6)
    await recordScan(app.prisma, site.id, 2)
    const lastMonth = new Date(scanLimitPeriodStart().getTime() - 60_000)
    await recordScan(app.prisma, site.id, 50, { queuedAt: lastMonth })

    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}`,
      headers: { cookie: memberCookie },
    })

    expect(response.statusCode).toBe(200)
    const config = response.json() as SiteConfig
    expect(config.scanUsage).toEqual({ pagesScannedThisMonth: 8, scanLimit: 10, percent: 80 })
    expect(config.reachedScanLimit).toBe(false)
  })

  it('is reached at the limit, and has no percentage with a limit of 0', async () => {
    const { app, site, adminCookie } = await siteWithLimit(8)
    await recordScan(app.prisma, site.id, 9)
    const read = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/sites/${site.slug}`,
          headers: { cookie: adminCookie },
        })
      ).json() as SiteConfig

    const reached = await read()
    expect(reached.scanUsage).toEqual({ pagesScannedThisMonth: 9, scanLimit: 8, percent: 112 })
    expect(reached.reachedScanLimit).toBe(true)

    await app.prisma.site.update({ where: { id: site.id }, data: { scanLimit: 0 } })
    const unlimited = await read()
    expect(unlimited.scanUsage).toEqual({ pagesScannedThisMonth: 9, scanLimit: 0, percent: null })
    expect(unlimited.reachedScanLimit).toBe(false)
  })
})

describe('scans asked for at the scan limit', () => {
  it('answers 409 with the limit message for every on-demand scan of the site, and queues none', async () => {
    const { app, site, adminCookie } = await siteWithLimit(5)
    await recordScan(app.prisma, site.id, 5)
    const section = await createTestSection(app.prisma, { siteId: site.id, title: 'News' })
    const requests = [
      { url: `/api/v1/sites/${site.slug}/scan` },
      { url: `/api/v1/sites/${site.slug}/sections/${section.id}/scan` },
      { url: `/api/v1/sites/${site.slug}/scans`, payload: { uri: 'https://www.example.test/about' } },
      {
        url: '/api/v1/scans',
        payload: { uri: 'https://www.example.test/about', useSocket: true, config: site.slug },
      },
    ]

    for (const request of requests) {
      const response = await app.inject({ method: 'POST', headers: { cookie: adminCookie }, ...request })
      expect(response.statusCode, request.url).toBe(409)
      expect(response.json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: SCAN_MESSAGES.scanLimitReached,
      })
    }
    expect(await app.prisma.scan.count({ where: { siteId: site.id } })).toBe(1)
  })

  it('starts a scan below the limit', async () => {
    const { app, site, adminCookie } = await siteWithLimit(5)
    await recordScan(app.prisma, site.id, 4)
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/sites/${site.slug}/scan`,
      headers: { cookie: adminCookie },
    })
    expect(response.statusCode).toBe(202)
  })
})

describe('stop reason in the scan status', () => {
  it('tells the dashboard the last scan stopped at the scan limit', async () => {
    const { app, site, memberCookie } = await siteWithLimit(5)
    const scan = await recordScan(app.prisma, site.id, 5, { stopReason: 'scan_limit' })

    const status = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/scan-status`,
      headers: { cookie: memberCookie },
    })
    expect((status.json() as SiteScanStatus).lastFinished).toMatchObject({
      id: scan.id,
      stopReason: 'scan_limit',
    })
    const single = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/scans/${scan.id}`,
      headers: { cookie: memberCookie },
    })
    expect(single.json()).toMatchObject({ id: scan.id, stopReason: 'scan_limit' })
  })
})
