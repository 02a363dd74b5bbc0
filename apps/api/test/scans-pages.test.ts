import { mkdtempSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { AuditPageData, PageDetail } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { PAGE_NOT_FOUND_MESSAGE, SNAPSHOT_NOT_FOUND_MESSAGE } from '../src/services/scan-artifacts-service.js'
import {
  createSessionCookie,
  createTestPageWithArtifacts,
  createTestSite,
  createTestUser,
  TINY_PNG,
  testElementScreenshotPath,
} from './factories.js'
import { useTestApp } from './helper.js'

/** What a scan stored about a page, read back: audit data per category, the screenshot and the snapshot. */
const artifactsDir = mkdtempSync(path.join(tmpdir(), 'canopy-page-artifacts-'))
const getApp = useTestApp({ artifactsDir })

async function scannedPage(html?: string) {
  const { app } = await getApp()
  const user = await createTestUser(app.prisma)
  const site = await createTestSite(app.prisma, {
    rootUri: 'https://pages.example.test/',
    members: [{ userId: user.id, role: 'viewer' }],
  })
  const scan = await app.prisma.scan.create({
    data: { siteId: site.id, kind: 'site', state: 'completed', pageLimit: 10 },
  })
  const page = await createTestPageWithArtifacts(app.prisma, artifactsDir, {
    siteId: site.id,
    scanId: scan.id,
    url: 'https://pages.example.test/contact',
    html,
  })
  return { app, site, scan, page, cookie: await createSessionCookie(app.prisma, user.id) }
}

describe('GET /api/v1/sites/:slug/page', () => {
  it('gives the latest outcome of every audit per category as Audit page data, without hidden and metrics groups', async () => {
    const { app, site, scan, page, cookie } = await scannedPage()
    await app.prisma.page.update({
      where: { id: page.id },
      data: {
        title: 'Contact us',
        httpStatus: 200,
        language: 'en',
        accessibilityScore: 83,
        seoScore: 92,
        performanceScore: null,
        contentQualityScore: 70,
        readabilityFlesch: 64.2,
        readabilityLevel: 'average_reading_level',
        brokenLinkCount: 2,
        misspellingCount: 3,
      },
    })
    const details = { type: 'table', headings: [], items: [{ node: { type: 'node', selector: 'img' } }] }
    const issue = (
      category: 'accessibility' | 'seo' | 'performance' | 'content_quality',
      issueId: string,
      outcome: 'failed' | 'manual' | 'passed' | 'not_applicable',
      auditGroup: string | null = null,
    ) => ({
      siteId: site.id,
      pageId: page.id,
      pageUrl: page.url,
      scanId: scan.id,
      category,
      issueId,
      title: `${issueId} title`,
      description: `${issueId} description`,
      issueLevel: category === 'accessibility' ? ('AA' as const) : ('Error' as const),
      outcome,
      wcagCriteria: category === 'accessibility' ? ['1.4.3'] : [],
      auditGroup,
      score: outcome === 'passed' ? 1 : 0,
      nodeCount: outcome === 'failed' ? 1 : 0,
      details: outcome === 'failed' ? details : undefined,
    })
    await app.prisma.pageIssue.createMany({
      data: [
        issue('accessibility', 'color-contrast', 'failed'),
        issue('accessibility', 'image-alt', 'passed'),
        issue('accessibility', 'focus-order-semantics', 'manual'),
        issue('accessibility', 'video-caption', 'not_applicable'),
        issue('seo', 'meta-description', 'failed'),
        issue('performance', 'first-contentful-paint', 'passed', 'metrics'),
        issue('performance', 'screenshot-thumbnails', 'passed', 'hidden'),
        issue('performance', 'render-blocking-resources', 'failed', 'load-opportunities'),
        issue('content_quality', 'broken-links', 'failed'),
      ],
    })
    const refused = {
      url: 'http://169.254.169.254/latest/meta-data/',
      reason: '169.254.169.254 is linkLocal',
    }
    await app.prisma.pageResult.create({
      data: { scanId: scan.id, pageId: page.id, status: 'succeeded', blockedRequests: [refused] },
    })

    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/page?pageId=${page.id}`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    const body = response.json() as PageDetail
    expect(body).toMatchObject({
      sys: { id: page.id },
      pageTitle: 'Contact us',
      entryTitle: 'https://pages.example.test/contact',
      httpStatus: 200,
      readability: { flesch: 64.2, level: 'average-reading-level' },
      brokenLinkCount: 2,
      misspellings: 3,
      hasScreenshot: true,
      hasSnapshot: true,
      metadata: { blockedRequests: [refused] },
    })
    const ids = (data: AuditPageData) => ({
      score: data.score,
      failed: data.issuesFailed.map((item) => item.issueId),
      manual: data.issuesManual.map((item) => item.issueId),
      passed: data.issuesPassed.map((item) => item.issueId),
      notApplicable: data.issuesNotApplicable.map((item) => item.issueId),
    })
    expect(ids(body.accessibility)).toEqual({
      score: 83,
      failed: ['color-contrast'],
      manual: ['focus-order-semantics'],
      passed: ['image-alt'],
      notApplicable: ['video-caption'],
    })
    expect(ids(body.seo)).toEqual({
      score: 92,
      failed: ['meta-description'],
      manual: [],
      passed: [],
      notApplicable: [],
    })
    expect(ids(body.performance)).toEqual({
      score: null,
      failed: ['render-blocking-resources'],
      manual: [],
      passed: [],
      notApplicable: [],
    })
    expect(ids(body.contentQuality).failed).toEqual(['broken-links'])
    expect(body.accessibility.issuesFailed[0]).toEqual({
      issueId: 'color-contrast',
      title: 'color-contrast title',
      description: 'color-contrast description',
      issueDescription: 'color-contrast description',
      issueDetails: expect.any(String),
      details,
      issueLevel: 'AA',
      group: null,
      score: 0,
      wcag: ['1.4.3'],
      nodeCount: 1,
      // rows written without a lifecycle, template or assignment
      lifecycle: { failingSince: null, lastFailed: null, fixedIn: null, isNew: false },
      templates: [],
      assignment: null,
      linkedJiraIssue: null,
      // stored before engines and conformance were recorded, and decided by its engine (no review, no guidance)
      engines: [],
      actRules: [],
      conformance: null,
      review: null,
      guidance: null,
    })
    // The spec's issueDetails is the same details as a JSON string (key order is the database's).
    expect(JSON.parse(body.accessibility.issuesFailed[0]?.issueDetails ?? 'null')).toEqual(details)
  })

  it('answers 404 for a page of another site and 400 without a pageId', async () => {
    const { app, site, cookie } = await scannedPage()
    const other = await scannedPage()
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/page?pageId=${other.page.id}`,
      headers: { cookie },
    })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().message).toBe(PAGE_NOT_FOUND_MESSAGE)
    const missing = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/page`,
      headers: { cookie },
    })
    expect(missing.statusCode).toBe(400)
    expect(Object.keys(missing.json().errors)).toEqual(['pageId'])
  })
})

describe('GET /api/v1/sites/:slug/full-page-screenshot', () => {
  it('serves the PNG of the page, and 404 for another site’s page', async () => {
    const { app, site, page, cookie } = await scannedPage()
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/full-page-screenshot?pageId=${page.id}`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/png')
    expect(response.rawPayload.equals(TINY_PNG)).toBe(true)

    const other = await scannedPage()
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/full-page-screenshot?pageId=${other.page.id}`,
      headers: { cookie },
    })
    expect(foreign.statusCode).toBe(404)
  })

  it('never serves a file outside the artifacts folder, whatever path the row holds', async () => {
    const { app, site, page, cookie } = await scannedPage()
    await app.prisma.page.update({
      where: { id: page.id },
      data: { screenshotPath: '../../../../etc/passwd', snapshotPath: '/etc/passwd', lastScanId: null },
    })
    for (const url of [
      `/api/v1/sites/${site.slug}/full-page-screenshot?pageId=${page.id}`,
      `/api/v1/sites/${site.slug}/product-snapshot?guid=${page.id}`,
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie } })
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 })
    }
  })
})

describe('GET /api/v1/sites/:slug/element-screenshot', () => {
  const elementUrl = (slug: string, pageId: string, stored: string) =>
    `/api/v1/sites/${slug}/element-screenshot?pageId=${pageId}&path=${encodeURIComponent(stored)}`

  it("serves the PNG a failing node's screenshotPath names, and 404 for another site's page or file", async () => {
    const { app, site, page, cookie } = await scannedPage()
    const response = await app.inject({
      method: 'GET',
      url: elementUrl(site.slug, page.id, testElementScreenshotPath(page)),
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/png')
    expect(response.rawPayload.equals(TINY_PNG)).toBe(true)

    const other = await scannedPage()
    for (const url of [
      elementUrl(site.slug, other.page.id, testElementScreenshotPath(other.page)),
      // our page, but the other site's file
      elementUrl(site.slug, page.id, testElementScreenshotPath(other.page)),
      // the other site's slug: the site access check answers first
      elementUrl(other.site.slug, other.page.id, testElementScreenshotPath(other.page)),
    ]) {
      const foreign = await app.inject({ method: 'GET', url, headers: { cookie } })
      expect({ url, status: foreign.statusCode }).toEqual({ url, status: 404 })
    }
    const missing = await app.inject({
      method: 'GET',
      url: elementUrl(site.slug, page.id, testElementScreenshotPath(page).replace('element-0', 'element-7')),
      headers: { cookie },
    })
    expect(missing.statusCode).toBe(404)
  })

  it('refuses with 400 on path anything but an element screenshot path, and never serves a file outside the folder', async () => {
    const { app, site, page, scan, cookie } = await scannedPage()
    const folder = path.posix.dirname(testElementScreenshotPath(page))
    for (const attempt of [
      `${folder}/../../../../etc/passwd`,
      `scans/${scan.id}/../${page.id}/element-0.png`,
      '../element-0.png',
      '/etc/passwd',
      path.join(artifactsDir, testElementScreenshotPath(page)),
      `${folder}/full-page.png`,
      `${folder}/snapshot.html`,
      '',
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: elementUrl(site.slug, page.id, attempt),
        headers: { cookie },
      })
      expect({ attempt, status: response.statusCode }).toEqual({ attempt, status: 400 })
      expect(Object.keys(response.json().errors)).toEqual(['path'])
    }
  })
})

describe('GET /api/v1/sites/:slug/product-snapshot', () => {
  it('serves the page snapshot by URL or by page id, sandboxed', async () => {
    const html = '<!doctype html><html><body><h1>Contact</h1><script>steal()</script></body></html>'
    const { app, site, page, cookie } = await scannedPage(html)
    for (const query of [`url=${encodeURIComponent(page.url)}`, `guid=${page.id}`]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/sites/${site.slug}/product-snapshot?${query}`,
        headers: { cookie },
      })
      expect({ query, status: response.statusCode }).toEqual({ query, status: 200 })
      expect(response.body).toBe(html)
      expect(response.headers['content-security-policy']).toMatch(/^sandbox *;.*script-src 'none'/)
    }
    const neither = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/product-snapshot`,
      headers: { cookie },
    })
    expect(neither.statusCode).toBe(400)
    const unknown = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/product-snapshot?url=${encodeURIComponent('https://pages.example.test/nope')}`,
      headers: { cookie },
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(PAGE_NOT_FOUND_MESSAGE)
  })

  it('answers 404 with its own message when the page has no stored snapshot', async () => {
    const { app, site, page, scan, cookie } = await scannedPage()
    await rm(path.join(artifactsDir, 'scans', scan.id), { recursive: true, force: true })
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/product-snapshot?guid=${page.id}`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json().message).toBe(SNAPSHOT_NOT_FOUND_MESSAGE)
    const detail = await app.inject({
      method: 'GET',
      url: `/api/v1/sites/${site.slug}/page?pageId=${page.id}`,
      headers: { cookie },
    })
    expect(detail.json()).toMatchObject({ hasScreenshot: false, hasSnapshot: false })
  })
})
