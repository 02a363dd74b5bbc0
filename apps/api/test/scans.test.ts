import {
  type ActiveScan,
  FRESH_QUEUED_SCAN_MS,
  ROLE_REQUIRED_MESSAGES,
  SCAN_JOB_NAMES,
  SCAN_QUEUE_NAMES,
  type ScanStatus,
} from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import {
  INVALID_SCAN_SCHEDULE_MESSAGE,
  siteScanSchedulerId,
  syncSiteScanSchedules,
} from '../src/services/scan-schedule-service.js'
import {
  SCAN_LOST_MESSAGE,
  SECTION_SCAN_ACTIVE_MESSAGE,
  SITE_SCAN_ACTIVE_MESSAGE,
} from '../src/services/scan-service.js'
import {
  createSessionCookie,
  createTestOrganisation,
  createTestSection,
  createTestSite,
  createTestSiteWithAdminAndMember,
  createTestUser,
} from './factories.js'
import { buildTestApp, useTestApp } from './helper.js'

/** Site, section and page scans through the API: the Scan rows, the BullMQ jobs, and what is read back. */
const getApp = useTestApp()

async function siteWithAdmin(rootUri?: string) {
  const { app } = await getApp()
  return { app, ...(await createTestSiteWithAdminAndMember(app.prisma, { rootUri })) }
}

describe('full-site scan', () => {
  it('creates a queued site scan with the site page limit and enqueues scan-site {scanId}', async () => {
    const { app, admin, site, adminCookie } = await siteWithAdmin()
    await app.prisma.site.update({ where: { id: site.id }, data: { maximumPageLimitPerScan: 42 } })

    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/sites/${site.slug}/scan`,
      headers: { cookie: adminCookie },
    })
    expect(response.statusCode).toBe(202)
    const { scanId } = response.json() as { scanId: string }

    const scan = await app.prisma.scan.findUniqueOrThrow({ where: { id: scanId } })
    expect(scan).toMatchObject({
      siteId: site.id,
      kind: 'site',
      state: 'queued',
      trigger: 'manual',
      pageLimit: 42,
      requestedById: admin.id,
    })
    const job = await app.queues.get(SCAN_QUEUE_NAMES.scans).getJob(`scan-site-${scanId}`)
    expect(job?.name).toBe(SCAN_JOB_NAMES.scanSite)
    expect(job?.data).toEqual({ scanId })
    expect(job?.opts.attempts).toBe(3)
    expect(await job?.getState()).toBe('waiting')
  })

  it('answers 409 while a full scan of the site is queued or running, and starts again once it finished', async () => {
    const { app, site, adminCookie } = await siteWithAdmin()
    const start = () =>
      app.inject({ method: 'POST', url: `/api/v1/sites/${site.slug}/scan`, headers: { cookie: adminCookie } })

    const first = await start()
    expect(first.statusCode).toBe(202)
    const again = await start()
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ statusCode: 409, error: 'Conflict', message: SITE_SCAN_ACTIVE_MESSAGE })

    await app.prisma.scan.update({ where: { id: first.json().scanId }, data: { state: 'running' } })
    expect((await start()).statusCode).toBe(409)
    await app.prisma.scan.update({ where: { id: first.json().scanId }, data: { state: 'completed' } })
    expect((await start()).statusCode).toBe(202)
    expect(await app.prisma.scan.count({ where: { siteId: site.id, kind: 'site' } })).toBe(2)
  })

  it('a queued scan whose job was lost does not block the site: it is failed with the reason, a new one starts', async () => {
    const { app, site, adminCookie } = await siteWithAdmin()
    const lost = await app.prisma.scan.create({
      data: {
        siteId: site.id,
        kind: 'site',
        state: 'queued',
        pageLimit: 10,
        number: 1,
        queuedAt: new Date(Date.now() - FRESH_QUEUED_SCAN_MS - 1000),
      },
    })
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/sites/${site.slug}/scan`,
      headers: { cookie: adminCookie },
    })
    expect(response.statusCode).toBe(202)
    const { scanId } = response.json() as { scanId: string }
    expect(scanId).not.toBe(lost.id)
    expect(await app.prisma.scan.findUniqueOrThrow({ where: { id: lost.id } })).toMatchObject({
      state: 'failed',
      error: SCAN_LOST_MESSAGE,
    })
    // The new one has its job: asking again is the usual 409.
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/sites/${site.slug}/scan`,
      headers: { cookie: adminCookie },
    })
    expect(again.statusCode).toBe(409)
  })

  it('starts one scan when two requests arrive at once', async () => {
    const { app, site, adminCookie } = await siteWithAdmin()
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        app.inject({
          method: 'POST',
          url: `/api/v1/sites/${site.slug}/scan`,
          headers: { cookie: adminCookie },
        }),
      ),
    )
    expect(responses.map((response) => response.statusCode).sort()).toEqual([202, 409, 409])
    expect(await app.prisma.scan.count({ where: { siteId: site.id } })).toBe(1)
  })

  it('is for editors and admins: a viewer gets 403 and nothing is queued, an editor starts one', async () => {
    const { app, site, member, memberCookie } = await siteWithAdmin()
    const start = () =>
      app.inject({
        method: 'POST',
        url: `/api/v1/sites/${site.slug}/scan`,
        headers: { cookie: memberCookie },
      })
    const refused = await start()
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(ROLE_REQUIRED_MESSAGES.editor)
    expect(await app.prisma.scan.count({ where: { siteId: site.id } })).toBe(0)

    await app.prisma.siteMembership.update({
      where: { siteId_userId: { siteId: site.id, userId: member.id } },
      data: { role: 'editor' },
    })
    app.siteAccess.forgetSite(site.id)
    expect((await start()).statusCode).toBe(202)
  })
})

describe('scan status', () => {
  it('gives the state and counts of a scan of the site, and 404 for a scan of another site', async () => {
    const { app, site, memberCookie } = await siteWithAdmin()
    const other = await createTestSite(app.prisma)
    const startedAt = new Date('2026-11-20T10:00:00.000Z')
    const scan = await app.prisma.scan.create({
      data: {
        siteId: site.id,
        kind: 'site',
        state: 'running',
        pageLimit: 100,
        pagesDiscovered: 12,
        pagesQueued: 10,
        pagesScanned: 6,
        pagesFailed: 1,
        queuedAt: new Date('2026-11-20T09:59:00.000Z'),
        startedAt,
      },
    })
    const otherScan = await app.prisma.scan.create({ data: { siteId: other.id, kind: 'site', pageLimit: 5 } })

    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/scans/${scan.id}`,
      headers: { cookie: memberCookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      id: scan.id,
      number: null,
      kind: 'site',
      trigger: 'manual',
      state: 'running',
      sectionId: null,
      individualUrl: null,
      progress: 70,
      pagesDiscovered: 12,
      pagesQueued: 10,
      pagesScanned: 6,
      pagesFailed: 1,
      queuedAt: '2026-11-20T09:59:00.000Z',
      startedAt: '2026-11-20T10:00:00.000Z',
      finishedAt: null,
      error: null,
      stopReason: null,
    } satisfies ScanStatus)

    const foreign = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/scans/${otherScan.id}`,
      headers: { cookie: memberCookie },
    })
    expect(foreign.statusCode).toBe(404)
  })
})

describe('section scan', () => {
  it('creates a section scan, enqueues scan-site, and answers 409 while it or a full scan runs', async () => {
    const { app, site, adminCookie } = await siteWithAdmin()
    const section = await createTestSection(app.prisma, { siteId: site.id, title: 'News' })
    const start = () =>
      app.inject({
        method: 'POST',
        url: `/api/v1/sites/${site.slug}/sections/${section.id}/scan`,
        headers: { cookie: adminCookie },
      })

    const response = await start()
    expect(response.statusCode).toBe(202)
    const { scanId } = response.json() as { scanId: string }
    expect(await app.prisma.scan.findUniqueOrThrow({ where: { id: scanId } })).toMatchObject({
      kind: 'section',
      sectionId: section.id,
      state: 'queued',
    })
    const job = await app.queues.get(SCAN_QUEUE_NAMES.scans).getJob(`scan-site-${scanId}`)
    expect(job?.data).toEqual({ scanId })

    const again = await start()
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(SECTION_SCAN_ACTIVE_MESSAGE)

    await app.prisma.scan.update({ where: { id: scanId }, data: { state: 'completed' } })
    await app.prisma.scan.create({ data: { siteId: site.id, kind: 'site', pageLimit: 10, state: 'running' } })
    const duringFullScan = await start()
    expect(duringFullScan.statusCode).toBe(409)
    expect(duringFullScan.json().message).toBe(SITE_SCAN_ACTIVE_MESSAGE)
  })

  it('answers 404 for a section of another site', async () => {
    const { app, site, adminCookie } = await siteWithAdmin()
    const other = await createTestSite(app.prisma)
    const section = await createTestSection(app.prisma, { siteId: other.id })
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/sites/${site.slug}/sections/${section.id}/scan`,
      headers: { cookie: adminCookie },
    })
    expect(response.statusCode).toBe(404)
    expect(await app.prisma.scan.count({ where: { sectionId: section.id } })).toBe(0)
  })
})

describe('page scan (POST /api/v1/sites/:configAlias/scans)', () => {
  it('adds a page inside the site root: a page scan of that URL, enqueued for the worker to admit', async () => {
    const { app, site, adminCookie } = await siteWithAdmin('https://www.example.test/blog/')
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/sites/${site.slug}/scans`,
      headers: { cookie: adminCookie },
      payload: { uri: 'https://www.example.test/blog/2026/hello#comments' },
    })
    expect(response.statusCode).toBe(202)
    const { scanId } = response.json() as { scanId: string }
    expect(await app.prisma.scan.findUniqueOrThrow({ where: { id: scanId } })).toMatchObject({
      kind: 'page',
      state: 'queued',
      pageLimit: 1,
      individualUrl: 'https://www.example.test/blog/2026/hello',
    })
    const job = await app.queues.get(SCAN_QUEUE_NAMES.scans).getJob(`scan-site-${scanId}`)
    expect(job?.name).toBe(SCAN_JOB_NAMES.scanSite)
    expect(job?.data).toEqual({ scanId })

    // The same page again while it is queued: the same scan, not a second one.
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/sites/${site.slug}/scans`,
      headers: { cookie: adminCookie },
      payload: { uri: 'https://www.example.test/blog/2026/hello' },
    })
    expect(again.json()).toEqual({ scanId })
    expect(await app.prisma.scan.count({ where: { siteId: site.id } })).toBe(1)
  })

  it('keeps the title the requester gave, and the active scans name the page by it', async () => {
    const { app, site, adminCookie } = await siteWithAdmin('https://www.example.test/')
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/sites/${site.slug}/scans`,
      headers: { cookie: adminCookie },
      payload: { uri: 'https://www.example.test/never-scanned', pageTitle: '  Opening hours  ' },
    })
    expect(response.statusCode).toBe(202)
    const { scanId } = response.json() as { scanId: string }
    expect(await app.prisma.scan.findUniqueOrThrow({ where: { id: scanId } })).toMatchObject({
      individualUrl: 'https://www.example.test/never-scanned',
      individualPageTitle: 'Opening hours',
    })
    const active = await app.inject({ method: 'GET', url: '/api/v1/scans', headers: { cookie: adminCookie } })
    expect(active.json()).toEqual([
      expect.objectContaining({
        id: scanId,
        individualScan: true,
        individualUrl: 'https://www.example.test/never-scanned',
        individualPageTitle: 'Opening hours',
      }),
    ])
  })

  it('refuses a URL outside the site root with 400 on uri', async () => {
    const { app, site, adminCookie } = await siteWithAdmin('https://www.example.test/blog')
    for (const uri of [
      'https://elsewhere.example.test/blog/post',
      'http://www.example.test/blog/post',
      'https://www.example.test/blogger',
      'https://www.example.test:8443/blog/post',
      'https://www.example.test/',
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/sites/${site.slug}/scans`,
        headers: { cookie: adminCookie },
        payload: { uri },
      })
      expect({ uri, status: response.statusCode }).toEqual({ uri, status: 400 })
      expect(Object.keys(response.json().errors)).toEqual(['uri'])
    }
    const empty = await app.inject({
      method: 'POST',
      url: `/api/v1/sites/${site.slug}/scans`,
      headers: { cookie: adminCookie },
      payload: { uri: '' },
    })
    expect(empty.json().errors).toEqual({ uri: 'Page URL is required' })
    expect(await app.prisma.scan.count({ where: { siteId: site.id } })).toBe(0)
  })
})

describe('active scans (GET /api/v1/scans)', () => {
  it("lists the queued and running scans of the user's sites with progress to two decimals", async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    const mine = await createTestSite(app.prisma, {
      siteName: 'Mine',
      rootUri: 'https://mine.example.test/',
      members: [{ userId: user.id, role: 'viewer' }],
    })
    const notMine = await createTestSite(app.prisma)
    const running = await app.prisma.scan.create({
      data: {
        siteId: mine.id,
        kind: 'site',
        state: 'running',
        pageLimit: 100,
        pagesDiscovered: 5,
        pagesQueued: 3,
        pagesScanned: 1,
        pagesFailed: 0,
        queuedAt: new Date(Date.now() - 60_000),
      },
    })
    await app.prisma.page.create({
      data: { siteId: mine.id, url: 'https://mine.example.test/about', title: 'About us' },
    })
    const page = await app.prisma.scan.create({
      data: {
        siteId: mine.id,
        kind: 'page',
        state: 'queued',
        pageLimit: 1,
        individualUrl: 'https://mine.example.test/about',
      },
    })
    await app.prisma.scan.create({
      data: { siteId: mine.id, kind: 'site', state: 'completed', pageLimit: 1 },
    })
    await app.prisma.scan.create({
      data: { siteId: notMine.id, kind: 'site', state: 'running', pageLimit: 1 },
    })

    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/scans',
      headers: { cookie: await createSessionCookie(app.prisma, user.id) },
    })
    expect(response.statusCode).toBe(200)
    const originalConfig = { sys: { id: mine.id, slug: mine.slug }, siteName: 'Mine' }
    expect(response.json()).toEqual([
      {
        id: page.id,
        originalConfig,
        rootUri: 'https://mine.example.test/',
        qaFinished: 0,
        qaEnqueued: 0,
        progress: 0,
        pageCount: 0,
        individualScan: true,
        isMultiple: false,
        isRootKey: false,
        individualUrl: 'https://mine.example.test/about',
        individualPageTitle: 'About us',
        kind: 'page',
        state: 'queued',
        // every queued scan of the run shares the queue: only its presence is certain here
        queuePosition: expect.any(Number),
        queuedAt: page.queuedAt.toISOString(),
        startedAt: null,
      },
      {
        id: running.id,
        originalConfig,
        rootUri: 'https://mine.example.test/',
        qaFinished: 1,
        qaEnqueued: 3,
        progress: 33.33,
        pageCount: 5,
        individualScan: false,
        isMultiple: true,
        isRootKey: true,
        individualUrl: null,
        individualPageTitle: null,
        kind: 'site',
        state: 'running',
        queuePosition: null,
        queuedAt: running.queuedAt.toISOString(),
        startedAt: null,
      },
    ] satisfies ActiveScan[])
  })

  it('lists the single-page scans the user asked for, with or without a site, by their URL', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    const other = await createTestUser(app.prisma)
    const site = await createTestSite(app.prisma, {
      siteName: 'Linked',
      rootUri: 'https://linked.example.test/',
      members: [
        { userId: user.id, role: 'viewer' },
        { userId: other.id, role: 'viewer' },
      ],
    })
    await app.prisma.page.create({
      data: { siteId: site.id, url: 'https://linked.example.test/known', title: 'A known page' },
    })
    const outside = await app.prisma.scan.create({
      data: {
        kind: 'single_page',
        state: 'queued',
        pageLimit: 1,
        requestedById: user.id,
        individualUrl: 'https://elsewhere.example.test/news/item?id=4',
        queuedAt: new Date(Date.now() - 10_000),
      },
    })
    const linked = await app.prisma.scan.create({
      data: {
        siteId: site.id,
        kind: 'single_page',
        state: 'running',
        pageLimit: 1,
        requestedById: user.id,
        individualUrl: 'https://linked.example.test/known',
        queuedAt: new Date(Date.now() - 20_000),
      },
    })
    // not listed: finished, or asked for by someone else (even on a site the user sees)
    await app.prisma.scan.create({
      data: {
        kind: 'single_page',
        state: 'completed',
        pageLimit: 1,
        requestedById: user.id,
        individualUrl: 'https://elsewhere.example.test/done',
      },
    })
    await app.prisma.scan.create({
      data: {
        siteId: site.id,
        kind: 'single_page',
        state: 'running',
        pageLimit: 1,
        requestedById: other.id,
        individualUrl: 'https://linked.example.test/theirs',
      },
    })

    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/scans',
      headers: { cookie: await createSessionCookie(app.prisma, user.id) },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([
      {
        id: outside.id,
        originalConfig: null,
        rootUri: 'https://elsewhere.example.test/',
        qaFinished: 0,
        qaEnqueued: 1,
        progress: 0,
        pageCount: 1,
        individualScan: true,
        isMultiple: false,
        isRootKey: false,
        individualUrl: 'https://elsewhere.example.test/news/item?id=4',
        individualPageTitle: null,
        kind: 'single-page',
        state: 'queued',
        queuePosition: expect.any(Number),
        queuedAt: outside.queuedAt.toISOString(),
        startedAt: null,
      },
      {
        id: linked.id,
        originalConfig: { sys: { id: site.id, slug: site.slug }, siteName: 'Linked' },
        rootUri: 'https://linked.example.test/',
        qaFinished: 0,
        qaEnqueued: 1,
        progress: 0,
        pageCount: 1,
        individualScan: true,
        isMultiple: false,
        isRootKey: false,
        individualUrl: 'https://linked.example.test/known',
        individualPageTitle: 'A known page',
        kind: 'single-page',
        state: 'running',
        queuePosition: null,
        queuedAt: linked.queuedAt.toISOString(),
        startedAt: null,
      },
    ] satisfies ActiveScan[])
  })

  it('counts failed pages as finished and rounds to two decimals', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    const site = await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'admin' }] })
    await app.prisma.scan.create({
      data: {
        siteId: site.id,
        kind: 'site',
        state: 'running',
        pageLimit: 10,
        pagesQueued: 7,
        pagesScanned: 3,
        pagesFailed: 2,
      },
    })
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/scans',
      headers: { cookie: await createSessionCookie(app.prisma, user.id) },
    })
    expect(response.json()).toMatchObject([{ qaFinished: 5, qaEnqueued: 7, progress: 71.43 }])
  })
})

describe('scheduled scans', () => {
  async function schedulersOf(siteId: string) {
    const { app } = await getApp()
    const schedulers = await app.queues.get(SCAN_QUEUE_NAMES.scans).getJobSchedulers(0, -1)
    return schedulers.filter((scheduler) => scheduler.key === siteScanSchedulerId(siteId))
  }

  it('creating a site upserts its weekly scheduler (scheduled-site-scan {siteId}); changing the schedule updates it', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    await createTestOrganisation(app.prisma, { adminUserId: user.id })
    const cookie = await createSessionCookie(app.prisma, user.id)

    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/sites',
      headers: { cookie },
      payload: { siteName: 'Scheduled site', rootUri: 'https://scheduled.example.test/' },
    })
    expect(created.statusCode).toBe(201)
    const site = created.json() as { sys: { id: string; slug: string }; scanSchedule: string }
    expect(site.scanSchedule).toBe('0 3 * * 1')
    const [scheduler, ...others] = await schedulersOf(site.sys.id)
    expect(others).toEqual([])
    expect(scheduler).toMatchObject({
      name: SCAN_JOB_NAMES.scheduledSiteScan,
      pattern: '0 3 * * 1',
      tz: 'UTC',
      template: { data: { siteId: site.sys.id } },
    })

    const changed = await app.inject({
      method: 'PUT',
      url: `/api/v1/sites/${site.sys.slug}`,
      headers: { cookie },
      payload: { scanSchedule: '30 1 * * *' },
    })
    expect(changed.statusCode).toBe(200)
    const after = await schedulersOf(site.sys.id)
    expect(after).toHaveLength(1)
    expect(after[0]?.pattern).toBe('30 1 * * *')
  })

  it('refuses a schedule that is not a cron pattern with 400 on scanSchedule, and keeps the old one', async () => {
    const { app, site, adminCookie } = await siteWithAdmin()
    for (const scanSchedule of ['every monday', '0 3 * * 1 2026', '99 3 * * 1']) {
      const response = await app.inject({
        method: 'PUT',
        url: `/api/v1/sites/${site.slug}`,
        headers: { cookie: adminCookie },
        payload: { scanSchedule },
      })
      expect({ scanSchedule, status: response.statusCode }).toEqual({ scanSchedule, status: 400 })
      expect(response.json().errors).toEqual({ scanSchedule: INVALID_SCAN_SCHEDULE_MESSAGE })
    }
    expect((await app.prisma.site.findUniqueOrThrow({ where: { id: site.id } })).scanSchedule).toBe(
      '0 3 * * 1',
    )
  })

  it('syncing at start upserts one scheduler per site, however often it runs, and drops those of deleted sites', async () => {
    const { app } = await getApp()
    const kept = await createTestSite(app.prisma)
    const gone = await createTestSite(app.prisma)
    await app.prisma.site.update({ where: { id: kept.id }, data: { scanSchedule: '15 4 * * 2' } })

    await syncSiteScanSchedules(app.prisma, app.queues)
    await app.prisma.site.delete({ where: { id: gone.id } })
    const result = await syncSiteScanSchedules(app.prisma, app.queues)

    expect(result.removed).toBe(1)
    expect(await schedulersOf(gone.id)).toEqual([])
    const schedulers = await app.queues.get(SCAN_QUEUE_NAMES.scans).getJobSchedulers(0, -1)
    const siteCount = await app.prisma.site.count()
    expect(schedulers).toHaveLength(siteCount)
    expect(new Set(schedulers.map((scheduler) => scheduler.key)).size).toBe(siteCount)
    expect((await schedulersOf(kept.id))[0]).toMatchObject({ pattern: '15 4 * * 2' })
  })

  it('a starting API gives sites that have no scheduler yet theirs', async () => {
    const { app } = await getApp()
    const site = await createTestSite(app.prisma)
    expect(await schedulersOf(site.id)).toEqual([])
    const started = await buildTestApp()
    try {
      await expect
        .poll(async () => (await schedulersOf(site.id)).length, { timeout: 10_000, interval: 100 })
        .toBe(1)
    } finally {
      await started.app.close()
    }
  })
})
