import { mkdtempSync } from 'node:fs'
import { access, mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  enqueueJob,
  INVALID_TIME_ZONE_MESSAGE,
  JOBS,
  SCAN_HOUR_MESSAGE,
  SCAN_LIMIT_MESSAGE,
  SITEMAP_SCOPE_MESSAGE,
  USER_AGENT_MESSAGE,
} from '@canopy/contracts'
import { type PrismaClient, scanArtifactsDir } from '@canopy/db'
import { describe, expect, it } from 'vitest'
import { siteScanSchedulerId, upsertSiteScanSchedule } from '../src/services/scan-schedule-service.js'
import {
  createSessionCookie,
  createTestCompletedScan,
  createTestOrganisation,
  createTestPageWithArtifacts,
  createTestSection,
  createTestSiteWithAdminAndMember,
  createTestUser,
} from './factories.js'
import { useTestApp } from './helper.js'

const artifactsDir = mkdtempSync(path.join(tmpdir(), 'canopy-site-admin-artifacts-'))
const getApp = useTestApp({ artifactsDir })

/** A site with an admin and a viewer, and a user of another site (who must not learn this one exists). */
async function siteWithOutsider() {
  const { app } = await getApp()
  const setup = await createTestSiteWithAdminAndMember(app.prisma, { featureFlags: ['settings/sitemaps'] })
  const other = await createTestSiteWithAdminAndMember(app.prisma)
  return { app, ...setup, outsiderCookie: other.adminCookie }
}

type Inject = Awaited<ReturnType<typeof getApp>>['app']['inject']

function send(
  inject: Inject,
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
) {
  return inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })
}

describe('PUT /api/v1/sites/:slug', () => {
  it('changes the settings an admin edits and schedules the weekly scan in the site time zone', async () => {
    const { app, site, adminCookie } = await siteWithOutsider()
    const response = await send(app.inject.bind(app), 'PUT', `/api/v1/sites/${site.slug}`, adminCookie, {
      siteName: 'Renamed',
      formFactor: 'mobile',
      timeZone: 'Europe/London',
      scanDay: 5,
      scanHour: 22,
      maximumPageLimitPerScan: 250,
      userAgent: 'AcmeBot/2.0',
      respectRobots: false,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      siteName: 'Renamed',
      formFactor: 'mobile',
      timeZone: 'Europe/London',
      scanDay: 5,
      scanHour: 22,
      scanSchedule: '0 22 * * 5',
      maximumPageLimitPerScan: 250,
      userAgent: 'AcmeBot/2.0',
      respectRobots: false,
    })
    const scheduler = await app.queues
      .get(JOBS.scheduledSiteScan.queue)
      .getJobScheduler(siteScanSchedulerId(site.id))
    expect(scheduler).toMatchObject({ pattern: '0 22 * * 5', tz: 'Europe/London' })

    const hourOnly = await send(app.inject.bind(app), 'PUT', `/api/v1/sites/${site.slug}`, adminCookie, {
      scanHour: 6,
      userAgent: '',
    })
    expect(hourOnly.json()).toMatchObject({
      scanDay: 5,
      scanHour: 6,
      scanSchedule: '0 6 * * 5',
      userAgent: null,
    })
  })

  it('answers 400 naming the field, and changes nothing', async () => {
    const { app, site, adminCookie } = await siteWithOutsider()
    const cases: [object, string, string][] = [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', INVALID_TIME_ZONE_MESSAGE],
      [{ scanHour: 24 }, 'scanHour', SCAN_HOUR_MESSAGE],
      [{ userAgent: 'Bot\r\nX-Evil: 1' }, 'userAgent', USER_AGENT_MESSAGE],
      [{ respectRobots: 'no' }, 'respectRobots', expect.any(String) as unknown as string],
    ]
    for (const [payload, field, message] of cases) {
      const response = await send(
        app.inject.bind(app),
        'PUT',
        `/api/v1/sites/${site.slug}`,
        adminCookie,
        payload,
      )
      expect({ field, status: response.statusCode }).toEqual({ field, status: 400 })
      expect(response.json().errors).toEqual({ [field]: message })
    }
    const stored = await app.prisma.site.findUniqueOrThrow({ where: { id: site.id } })
    expect(stored).toMatchObject({ timeZone: 'UTC', scanHour: 3, userAgent: null, respectRobots: true })
  })

  it('is refused to a viewer (403) and unknown to another site’s member (404)', async () => {
    const { app, site, memberCookie, outsiderCookie } = await siteWithOutsider()
    const url = `/api/v1/sites/${site.slug}`
    expect((await send(app.inject.bind(app), 'PUT', url, memberCookie, { siteName: 'x' })).statusCode).toBe(
      403,
    )
    expect((await send(app.inject.bind(app), 'PUT', url, outsiderCookie, { siteName: 'x' })).statusCode).toBe(
      404,
    )
  })
})

describe('PUT /api/v1/sites/:slug/scan-limit', () => {
  it('stores the scan limit for an admin; 400 on a bad number; 403 viewer; 404 outsider', async () => {
    const { app, site, adminCookie, memberCookie, outsiderCookie } = await siteWithOutsider()
    const url = `/api/v1/sites/${site.slug}/scan-limit`
    const inject = app.inject.bind(app)
    const ok = await send(inject, 'PUT', url, adminCookie, { scanLimit: 500 })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ scanLimit: 500, maximumPageLimitPerScan: 100 })
    expect((await send(inject, 'GET', `/api/v1/sites/${site.slug}`, adminCookie)).json().scanLimit).toBe(500)
    const bad = await send(inject, 'PUT', url, adminCookie, { scanLimit: 0 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toEqual({ scanLimit: SCAN_LIMIT_MESSAGE })
    expect((await send(inject, 'PUT', url, memberCookie, { scanLimit: 5 })).statusCode).toBe(403)
    expect((await send(inject, 'PUT', url, outsiderCookie, { scanLimit: 5 })).statusCode).toBe(404)
  })
})

describe('GET/PUT /api/v1/sites/:slug/sitemap', () => {
  it('keeps the submitted sitemaps of the site’s own address, without duplicates', async () => {
    const { app, site, adminCookie } = await siteWithOutsider()
    const inject = app.inject.bind(app)
    const url = `/api/v1/sites/${site.slug}/sitemap`
    expect((await send(inject, 'GET', url, adminCookie)).json()).toEqual({ sitemapUrls: [] })
    const sitemapUrls = [`${site.rootUri}sitemap-a.xml`, `${site.rootUri}news/sitemap.xml`]
    const put = await send(inject, 'PUT', url, adminCookie, { sitemapUrls: [...sitemapUrls, sitemapUrls[0]] })
    expect(put.statusCode).toBe(200)
    expect(put.json()).toEqual({ sitemapUrls })
    expect((await send(inject, 'GET', url, adminCookie)).json()).toEqual({ sitemapUrls })
  })

  it('answers 400 naming the sitemap that is elsewhere or not a web address; 403 viewer; 404 outsider', async () => {
    const { app, site, adminCookie, memberCookie, outsiderCookie } = await siteWithOutsider()
    const inject = app.inject.bind(app)
    const url = `/api/v1/sites/${site.slug}/sitemap`
    const elsewhere = await send(inject, 'PUT', url, adminCookie, {
      sitemapUrls: [`${site.rootUri}sitemap.xml`, 'http://169.254.169.254/latest/meta-data'],
    })
    expect(elsewhere.statusCode).toBe(400)
    expect(elsewhere.json().errors).toEqual({ 'sitemapUrls.1': SITEMAP_SCOPE_MESSAGE })
    const notUrl = await send(inject, 'PUT', url, adminCookie, { sitemapUrls: ['file:///etc/passwd'] })
    expect(notUrl.statusCode).toBe(400)
    expect(Object.keys(notUrl.json().errors)).toEqual(['sitemapUrls.0'])
    expect((await send(inject, 'GET', url, memberCookie)).statusCode).toBe(403)
    expect((await send(inject, 'PUT', url, memberCookie, { sitemapUrls: [] })).statusCode).toBe(403)
    expect((await send(inject, 'GET', url, outsiderCookie)).statusCode).toBe(404)
  })
})

/** Rows per table that name the site (siteId) or one of its scans (scanId), for every such table. */
async function countRowsOfSite(prisma: PrismaClient, siteId: string, scanIds: string[]) {
  const tables = await prisma.$queryRaw<{ table_name: string; column_name: string }[]>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_name IN ('siteId', 'scanId') ORDER BY table_name, column_name`
  const counts: Record<string, number> = {}
  for (const { table_name: table, column_name: column } of tables) {
    const ids = column === 'siteId' ? [siteId] : scanIds
    if (ids.length === 0) continue
    const [row] = await prisma.$queryRawUnsafe<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM "${table}" WHERE "${column}" = ANY($1::text[])`,
      ids,
    )
    counts[`${table}.${column}`] = row?.count ?? 0
  }
  return counts
}

/** A site as a scan leaves it: a section, a scan with a page and its files, a waiting page job, an uptime job. */
async function scannedSite(app: Awaited<ReturnType<typeof getApp>>['app']) {
  const setup = await createTestSiteWithAdminAndMember(app.prisma)
  await createTestSection(app.prisma, { siteId: setup.site.id })
  const scan = await createTestCompletedScan(app.prisma, { siteId: setup.site.id, number: 1 })
  await createTestPageWithArtifacts(app.prisma, artifactsDir, { siteId: setup.site.id, scanId: scan.id })
  await enqueueJob(app.queues, JOBS.scanPage, {
    scanId: scan.id,
    url: `${setup.site.rootUri}a`,
    depth: 1,
    urlHash: 'a',
  })
  await enqueueJob(app.queues, JOBS.uptimeCheck, { siteId: setup.site.id, slot: 1 })
  await upsertSiteScanSchedule(app.queues, { id: setup.site.id, scanSchedule: '0 3 * * 1' })
  return { ...setup, scan }
}

async function jobIdsOf(app: Awaited<ReturnType<typeof getApp>>['app']) {
  const pages = await app.queues.get(JOBS.scanPage.queue).getJobs(['waiting', 'delayed', 'prioritized'])
  const uptime = await app.queues.get(JOBS.uptimeCheck.queue).getJobs(['waiting', 'delayed', 'prioritized'])
  return [...pages, ...uptime].map((job) => job.id)
}

async function exists(file: string) {
  return access(file).then(
    () => true,
    () => false,
  )
}

describe('DELETE /api/v1/sites/:slug', () => {
  it('removes the site’s rows, artefacts, schedule and jobs, and nothing of another site', async () => {
    const { app } = await getApp()
    const gone = await scannedSite(app)
    const kept = await scannedSite(app)
    const keptRowsBefore = await countRowsOfSite(app.prisma, kept.site.id, [kept.scan.id])
    const goneRowsBefore = await countRowsOfSite(app.prisma, gone.site.id, [gone.scan.id])
    expect(Object.values(goneRowsBefore).some((count) => count > 0)).toBe(true)

    const response = await send(
      app.inject.bind(app),
      'DELETE',
      `/api/v1/sites/${gone.site.slug}`,
      gone.adminCookie,
    )
    expect(response.statusCode).toBe(204)

    const goneRows = await countRowsOfSite(app.prisma, gone.site.id, [gone.scan.id])
    expect(Object.entries(goneRows).filter(([, count]) => count > 0)).toEqual([])
    expect(await countRowsOfSite(app.prisma, kept.site.id, [kept.scan.id])).toEqual(keptRowsBefore)
    expect(await app.prisma.site.count({ where: { id: gone.site.id } })).toBe(0)
    expect(await exists(scanArtifactsDir(artifactsDir, gone.scan.id))).toBe(false)
    expect(await exists(scanArtifactsDir(artifactsDir, kept.scan.id))).toBe(true)
    const jobs = await jobIdsOf(app)
    expect(jobs).toContain(`${kept.scan.id}-a`)
    expect(jobs).toContain(`uptime-${kept.site.id}-1`)
    expect(jobs).not.toContain(`${gone.scan.id}-a`)
    expect(jobs).not.toContain(`uptime-${gone.site.id}-1`)
    const schedulers = app.queues.get(JOBS.scheduledSiteScan.queue)
    expect(await schedulers.getJobScheduler(siteScanSchedulerId(gone.site.id))).toBeFalsy()
    expect(await schedulers.getJobScheduler(siteScanSchedulerId(kept.site.id))).toBeTruthy()
    // The deleted site is unknown at once, even to its former admin.
    expect(
      (await send(app.inject.bind(app), 'GET', `/api/v1/sites/${gone.site.slug}`, gone.adminCookie))
        .statusCode,
    ).toBe(404)
  })

  it('is refused to a viewer (403) and unknown to another site’s member (404); the site stays', async () => {
    const { app, site, memberCookie, outsiderCookie } = await siteWithOutsider()
    const url = `/api/v1/sites/${site.slug}`
    expect((await send(app.inject.bind(app), 'DELETE', url, memberCookie)).statusCode).toBe(403)
    expect((await send(app.inject.bind(app), 'DELETE', url, outsiderCookie)).statusCode).toBe(404)
    expect(await app.prisma.site.count({ where: { id: site.id } })).toBe(1)
  })

  it('removes artefacts stored under the deleted site’s scans only', async () => {
    const { app } = await getApp()
    const { site, adminCookie } = await createTestSiteWithAdminAndMember(app.prisma)
    const scan = await createTestCompletedScan(app.prisma, { siteId: site.id, number: 1 })
    const stray = path.join(scanArtifactsDir(artifactsDir, scan.id), 'extra', 'file.bin')
    await mkdir(path.dirname(stray), { recursive: true })
    await writeFile(stray, 'x')
    await send(app.inject.bind(app), 'DELETE', `/api/v1/sites/${site.slug}`, adminCookie)
    expect(await exists(stray)).toBe(false)
    expect(await exists(path.join(artifactsDir, 'scans'))).toBe(true)
  })
})

describe('POST /api/v1/sites with a first section and a schedule', () => {
  it('creates the site, its first section and its weekly schedule in its time zone', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    await createTestOrganisation(app.prisma, { adminUserId: user.id })
    const cookie = await createSessionCookie(app.prisma, user.id)
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/sites',
      headers: { cookie },
      payload: {
        siteName: 'With section',
        rootUri: 'https://with-section.example.test/',
        scanDay: 3,
        scanHour: 14,
        timeZone: 'America/New_York',
        firstSection: { title: 'Blog', conditions: [{ value: '/blog' }] },
      },
    })
    expect(response.statusCode).toBe(201)
    const site = response.json()
    expect(site).toMatchObject({
      scanDay: 3,
      scanHour: 14,
      scanSchedule: '0 14 * * 3',
      timeZone: 'America/New_York',
    })
    const sections = await app.prisma.section.findMany({
      where: { siteId: site.sys.id },
      include: { conditions: true },
    })
    expect(sections.map((section) => [section.title, section.conditions.map((c) => c.value)])).toEqual([
      ['Blog', ['/blog']],
    ])
    const scheduler = await app.queues
      .get(JOBS.scheduledSiteScan.queue)
      .getJobScheduler(siteScanSchedulerId(site.sys.id))
    expect(scheduler).toMatchObject({ pattern: '0 14 * * 3', tz: 'America/New_York' })
  })

  it('answers 400 naming the field for a bad schedule or section, and creates nothing', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    await createTestOrganisation(app.prisma, { adminUserId: user.id })
    const cookie = await createSessionCookie(app.prisma, user.id)
    const base = { siteName: 'Refused', rootUri: 'https://refused.example.test/' }
    const badZone = await app.inject({
      method: 'POST',
      url: '/api/v1/sites',
      headers: { cookie },
      payload: { ...base, timeZone: 'Nowhere' },
    })
    expect(badZone.statusCode).toBe(400)
    expect(badZone.json().errors).toEqual({ timeZone: INVALID_TIME_ZONE_MESSAGE })
    const badRule = await app.inject({
      method: 'POST',
      url: '/api/v1/sites',
      headers: { cookie },
      payload: { ...base, firstSection: { title: 'Blog', conditions: [{ value: '' }] } },
    })
    expect(badRule.statusCode).toBe(400)
    expect(Object.keys(badRule.json().errors)).toEqual(['firstSection.conditions.0.value'])
    expect(await app.prisma.site.count({ where: { rootUri: base.rootUri } })).toBe(0)
  })
})
