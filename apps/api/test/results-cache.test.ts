import { SCAN_QUEUE_NAMES, type ScanJobProgress } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import {
  createSessionCookie,
  createTestOrganisation,
  createTestPage,
  createTestSiteWithAdminAndMember,
  createTestUser,
} from './factories.js'
import { useTestApp } from './helper.js'

/**
 * The results endpoints' answers are kept a few seconds per site and role; what makes them fresh again is
 * a scan's progress (the worker's queue events) or a change made through the API.
 */
const getApp = useTestApp()

async function siteWithOnePage() {
  const { app } = await getApp()
  const people = await createTestSiteWithAdminAndMember(app.prisma, { rootUri: 'https://kept.example.test/' })
  await createTestPage(app.prisma, {
    siteId: people.site.id,
    url: 'https://kept.example.test/',
    title: 'Home',
  })
  const pagesUrl = `/api/v1/sites/${people.site.slug}/pages?type=accessibility`
  const totalOf = async (cookie: string) => {
    const response = await app.inject({ method: 'GET', url: pagesUrl, headers: { cookie } })
    expect(response.statusCode).toBe(200)
    return (response.json() as { totalCount: number }).totalCount
  }
  return { app, ...people, pagesUrl, totalOf }
}

/** What the worker reports through job.updateProgress while it scans the site. */
function progressOf(siteId: string, scanId: string): ScanJobProgress {
  return {
    scanId,
    stage: 'done',
    percent: 100,
    scan: {
      siteId,
      requestedById: null,
      kind: 'site',
      state: 'completed',
      pagesQueued: 2,
      pagesScanned: 2,
      pagesFailed: 0,
    },
  }
}

describe('kept answers of the results endpoints', () => {
  it('a page the worker adds shows once the scan reports progress, not before', async () => {
    const { app, site, memberCookie, totalOf } = await siteWithOnePage()
    expect(await totalOf(memberCookie)).toBe(1)
    await createTestPage(app.prisma, {
      siteId: site.id,
      url: 'https://kept.example.test/about',
      title: 'About',
    })
    // Kept: the same answer, the database not read again.
    expect(await totalOf(memberCookie)).toBe(1)

    await app.scanEvents.listening()
    const queue = app.queues.get(SCAN_QUEUE_NAMES.scans)
    const job = await queue.add('results-cache-progress', {}, { jobId: `results-cache-${site.id}` })
    try {
      await job.updateProgress(progressOf(site.id, 'scan-of-the-test'))
      await expect.poll(() => totalOf(memberCookie), { timeout: 5_000 }).toBe(2)
    } finally {
      await job.remove()
    }
  })

  it('still checks access first: a member of another site gets 404 for a kept answer', async () => {
    const { app, pagesUrl, memberCookie, adminCookie, totalOf } = await siteWithOnePage()
    expect(await totalOf(memberCookie)).toBe(1)
    expect(await totalOf(adminCookie)).toBe(1)
    const stranger = await createTestUser(app.prisma)
    const strangerCookie = await createSessionCookie(app.prisma, stranger.id)
    const response = await app.inject({ method: 'GET', url: pagesUrl, headers: { cookie: strangerCookie } })
    expect(response.statusCode).toBe(404)
    const signedOut = await app.inject({ method: 'GET', url: pagesUrl })
    expect(signedOut.statusCode).toBe(401)
  })

  it('a change through the API shows at once: a new schedule in scan-details after PUT /sites/:slug', async () => {
    const { app, site, adminCookie } = await siteWithOnePage()
    const details = async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/sites/${site.slug}/scan-details`,
        headers: { cookie: adminCookie },
      })
      expect(response.statusCode).toBe(200)
      return response.json() as { nextSheduledScan: string | null }
    }
    const before = await details()
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/v1/sites/${site.slug}`,
      headers: { cookie: adminCookie },
      payload: { scanSchedule: '0 3 * * 1' },
    })
    expect(changed.statusCode).toBe(200)
    const after = await details()
    expect(after.nextSheduledScan).not.toBe(before.nextSheduledScan)
    expect(new Date(after.nextSheduledScan ?? '').getUTCDay()).toBe(1)
  })

  it('a site added through POST /sites is in its creator’s sites list at once', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    await createTestOrganisation(app.prisma, { adminUserId: user.id })
    const cookie = await createSessionCookie(app.prisma, user.id)
    const total = async () =>
      (await app.inject({ method: 'GET', url: '/api/v1/sites', headers: { cookie } })).json().totalCount
    expect(await total()).toBe(0)
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/sites',
      headers: { cookie },
      payload: { siteName: 'Kept lists', rootUri: 'https://kept-lists.example.test/' },
    })
    expect(created.statusCode).toBe(201)
    expect(await total()).toBe(1)
  })
})
