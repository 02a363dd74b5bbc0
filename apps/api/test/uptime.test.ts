import type { UptimeResponse } from '@canopy/contracts'
import type { PrismaClient } from '@canopy/db'
import { describe, expect, it } from 'vitest'
import { SITE_NOT_FOUND_MESSAGE } from '../src/plugins/app/site-access.js'
import { uptimeWindow } from '../src/services/uptime-service.js'
import {
  createSessionCookie,
  createTestSite,
  createTestSiteWithAdminAndMember,
  createTestUser,
} from './factories.js'
import { useTestApp } from './helper.js'

/** The uptime screen's flag, on for the sites whose uptime is read. */
const UPTIME_ON = { featureFlags: ['performance/uptime' as const] }

const getApp = useTestApp()
const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** Checks of the site `hoursAgo` whole hours before the current hour's start, 5 minutes into that hour. */
async function seedChecks(
  prisma: PrismaClient,
  siteId: string,
  checks: { hoursAgo: number; minute?: number; up: boolean; ms: number | null; status?: number | null }[],
) {
  const hourStart = Math.floor(Date.now() / HOUR) * HOUR
  const at = (hoursAgo: number, minute = 5) => new Date(hourStart - hoursAgo * HOUR + minute * MINUTE)
  await prisma.uptimeCheck.createMany({
    data: checks.map((check) => ({
      siteId,
      checkedAt: at(check.hoursAgo, check.minute),
      up: check.up,
      statusCode: check.status === undefined ? (check.up ? 200 : 503) : check.status,
      responseTimeMs: check.ms,
      error: check.up ? null : check.status === null ? 'Connection refused' : 'HTTP 503',
    })),
  })
  return at
}

async function getUptime(slug: string, cookie: string, query = '') {
  const { app } = await getApp()
  return app.inject({
    method: 'GET',
    url: `/api/v1/sites/${slug}/performance/uptime${query}`,
    headers: { cookie },
  })
}

describe('GET /api/v1/sites/:slug/performance/uptime', () => {
  it('answers availability, buckets, incidents and the latest check over the last 24 hours', async () => {
    const { app } = await getApp()
    const { site, memberCookie } = await createTestSiteWithAdminAndMember(app.prisma, UPTIME_ON)
    const at = await seedChecks(app.prisma, site.id, [
      { hoursAgo: 30, up: true, ms: 999 },
      { hoursAgo: 3, up: true, ms: 100 },
      { hoursAgo: 3, minute: 35, up: true, ms: 300 },
      { hoursAgo: 2, up: false, ms: 50 },
      { hoursAgo: 2, minute: 35, up: false, ms: null, status: null },
      { hoursAgo: 1, up: true, ms: 120 },
      { hoursAgo: 0, up: true, ms: 80 },
    ])
    await app.prisma.uptimeIncident.createMany({
      data: [
        { siteId: site.id, startedAt: at(2), endedAt: at(1), cause: 'HTTP 503' },
        { siteId: site.id, startedAt: at(40), endedAt: at(39), cause: 'HTTP 500' },
      ],
    })

    const response = await getUptime(site.slug, memberCookie)
    expect(response.statusCode).toBe(200)
    const body = response.json<UptimeResponse>()
    expect(body).toMatchObject({ period: '24h', bucketMinutes: 60, checks: 6, downChecks: 2 })
    expect(body.availabilityPercent).toBe(66.67)
    expect(body.latestCheck).toMatchObject({ up: true, statusCode: 200, responseTimeMs: 80 })
    expect(body.buckets).toHaveLength(24)
    expect(body.buckets.at(-1)).toMatchObject({
      checks: 1,
      averageResponseTimeMs: 80,
      availabilityPercent: 100,
    })
    expect(body.buckets.at(-3)).toMatchObject({
      checks: 2,
      downChecks: 2,
      availabilityPercent: 0,
      averageResponseTimeMs: 50,
      maxResponseTimeMs: 50,
    })
    expect(body.buckets.at(-4)).toMatchObject({
      checks: 2,
      averageResponseTimeMs: 200,
      maxResponseTimeMs: 300,
    })
    expect(body.buckets[0]).toMatchObject({
      checks: 0,
      availabilityPercent: null,
      averageResponseTimeMs: null,
    })
    expect(body.incidents).toEqual([
      {
        id: expect.any(String),
        startedAt: at(2).toISOString(),
        endedAt: at(1).toISOString(),
        durationSeconds: 3600,
        cause: 'HTTP 503',
      },
    ])
  })

  it('reaches back 7 and 30 days, and counts an ongoing incident until now', async () => {
    const { app } = await getApp()
    const { site, adminCookie } = await createTestSiteWithAdminAndMember(app.prisma, UPTIME_ON)
    const at = await seedChecks(app.prisma, site.id, [
      { hoursAgo: 100, up: true, ms: 100 },
      { hoursAgo: 400, up: false, ms: null, status: null },
    ])
    await app.prisma.uptimeIncident.create({
      data: { siteId: site.id, startedAt: at(400), cause: 'Connection refused' },
    })

    const week = (await getUptime(site.slug, adminCookie, '?period=7d')).json<UptimeResponse>()
    expect(week).toMatchObject({ period: '7d', bucketMinutes: 360, checks: 1, availabilityPercent: 100 })
    expect(week.buckets).toHaveLength(28)
    const month = (await getUptime(site.slug, adminCookie, '?period=30d')).json<UptimeResponse>()
    expect(month).toMatchObject({ period: '30d', bucketMinutes: 1440, checks: 2, availabilityPercent: 50 })
    expect(month.buckets).toHaveLength(30)
    expect(month.incidents).toHaveLength(1)
    expect(month.incidents[0]).toMatchObject({ endedAt: null, cause: 'Connection refused' })
    expect(month.incidents[0]?.durationSeconds).toBeGreaterThanOrEqual(400 * 3600 - 600)
    // An incident still open is shown in every period, however long ago it began.
    expect(week.incidents).toHaveLength(1)
  })

  it('answers no availability and no latest check before the first check', async () => {
    const { app } = await getApp()
    const { site, memberCookie } = await createTestSiteWithAdminAndMember(app.prisma, UPTIME_ON)
    const body = (await getUptime(site.slug, memberCookie)).json<UptimeResponse>()
    expect(body).toMatchObject({
      checks: 0,
      downChecks: 0,
      availabilityPercent: null,
      latestCheck: null,
      incidents: [],
    })
    expect(body.buckets.every((bucket) => bucket.checks === 0)).toBe(true)
  })

  it('names the period in a 400 for a period it does not offer', async () => {
    const { app } = await getApp()
    const { site, memberCookie } = await createTestSiteWithAdminAndMember(app.prisma, UPTIME_ON)
    for (const query of ['?period=1y', '?period=', '?period=24h&period=7d']) {
      const response = await getUptime(site.slug, memberCookie, query)
      expect(response.statusCode, query).toBe(400)
      expect(Object.keys(response.json().errors ?? {}), query).toContain('period')
    }
  })

  it('is not found for a user who is not a member, and needs a signed-in user', async () => {
    const { app } = await getApp()
    const site = await createTestSite(app.prisma)
    const outsider = await createTestUser(app.prisma)
    const response = await getUptime(site.slug, await createSessionCookie(app.prisma, outsider.id))
    expect(response.statusCode).toBe(404)
    expect(response.json().message).toBe(SITE_NOT_FOUND_MESSAGE)
    expect(
      (await getUptime('no-such-site', await createSessionCookie(app.prisma, outsider.id))).statusCode,
    ).toBe(404)
    expect((await getUptime(site.slug, '')).statusCode).toBe(401)
  })
})

describe('uptimeWindow', () => {
  it('ends at the end of the bucket under way and starts on a bucket boundary', () => {
    const now = new Date('2026-11-25T08:47:12.000Z')
    expect(uptimeWindow('24h', now)).toMatchObject({
      from: new Date('2026-11-24T09:00:00.000Z'),
      to: new Date('2026-11-25T09:00:00.000Z'),
    })
    expect(uptimeWindow('30d', now)).toMatchObject({
      from: new Date('2026-10-27T00:00:00.000Z'),
      to: new Date('2026-11-26T00:00:00.000Z'),
    })
  })
})
