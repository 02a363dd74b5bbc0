import type { IssueDetail, IssueListItem, IssuePageItem, IssuesOverview, PagedList } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { SITE_NOT_FOUND_MESSAGE } from '../src/plugins/app/site-access.js'
import { ISSUE_NOT_FOUND_MESSAGE } from '../src/services/issues-service.js'
import {
  createSessionCookie,
  createTestCompletedScan,
  createTestIssueSummary,
  createTestIssueTemplate,
  createTestPage,
  createTestPageIssue,
  createTestSection,
  createTestSite,
  createTestUser,
} from './factories.js'
import { useTestApp } from './helper.js'

/** The issue list, the overview, one issue and its pages, read from the roll-ups and PageIssue. */
const getApp = useTestApp()

const SIGNATURE = 'a1b2c3d4e5f60718'

type Prisma = Awaited<ReturnType<typeof getApp>>['app']['prisma']
type Ref = { id: string }

/** Home, about and news pages, all seen last by `scan`. */
async function seedIssuePages(prisma: Prisma, site: Ref, scan: Ref) {
  const page = (path: string, title: string) =>
    createTestPage(prisma, {
      siteId: site.id,
      url: `https://issues.example.test${path}`,
      title,
      lastScanId: scan.id,
    })
  return {
    home: await page('/', 'Home'),
    about: await page('/about', 'About'),
    news: await page('/news', 'News'),
  }
}

/**
 * image-alt: failing on home since scan 1 (shared logo), new on about in scan 2, fixed on news in scan 2;
 * color-contrast needs a manual check on home.
 */
async function seedPageIssues(
  prisma: Prisma,
  {
    site,
    scan,
    previous,
    pages,
  }: { site: Ref; scan: Ref; previous: Ref; pages: Record<'home' | 'about' | 'news', Ref> },
) {
  const { home, about, news } = pages
  await createTestPageIssue(prisma, {
    siteId: site.id,
    pageId: home.id,
    scanId: scan.id,
    issueId: 'image-alt',
    issueLevel: 'A',
    nodeCount: 3,
    failingSinceScanId: previous.id,
    elementSignatures: [SIGNATURE],
  })
  await createTestPageIssue(prisma, {
    siteId: site.id,
    pageId: about.id,
    scanId: scan.id,
    issueId: 'image-alt',
    issueLevel: 'A',
    nodeCount: 1,
    elementSignatures: [SIGNATURE],
  })
  await createTestPageIssue(prisma, {
    siteId: site.id,
    pageId: news.id,
    scanId: scan.id,
    issueId: 'image-alt',
    issueLevel: 'A',
    outcome: 'passed',
    fixedInScanId: scan.id,
  })
  await createTestPageIssue(prisma, {
    siteId: site.id,
    pageId: home.id,
    scanId: scan.id,
    issueId: 'color-contrast',
    issueLevel: 'AA',
    outcome: 'manual',
  })
}

/** The roll-up rows the worker would have written at scan 2's end, the template problem and an assignment. */
async function seedRollups(
  prisma: Prisma,
  { site, scan, user, home }: { site: Ref; scan: Ref; user: Ref; home: Ref },
) {
  await createTestIssueSummary(prisma, {
    siteId: site.id,
    scanId: scan.id,
    issueId: 'image-alt',
    title: 'Images must have alternative text',
    issueLevel: 'A',
    pagesFailed: 2,
    nodesFailed: 4,
    pagesNew: 1,
    pagesFixed: 1,
  })
  await createTestIssueSummary(prisma, {
    siteId: site.id,
    scanId: scan.id,
    issueId: 'color-contrast',
    title: '=cmd|calc contrast',
    issueLevel: 'AA',
    pagesFailed: 0,
    pagesManual: 1,
  })
  await createTestIssueSummary(prisma, {
    siteId: site.id,
    scanId: scan.id,
    issueId: 'bypass',
    issueLevel: 'A',
    pagesFailed: 0,
    pagesFixed: 3,
  })
  await createTestIssueSummary(prisma, {
    siteId: site.id,
    scanId: scan.id,
    issueId: 'meta-description',
    category: 'seo',
    issueLevel: 'Error',
    pagesFailed: 5,
  })
  await createTestIssueTemplate(prisma, {
    siteId: site.id,
    scanId: scan.id,
    issueId: 'image-alt',
    signature: SIGNATURE,
    pageCount: 2,
    clearsPages: 1,
  })
  await prisma.issueAssignment.create({
    data: {
      siteId: site.id,
      pageId: home.id,
      category: 'accessibility',
      issueId: 'image-alt',
      assignedToRole: 'design',
      assignedById: user.id,
      comment: 'Logo needs alt text',
    },
  })
}

async function siteWithIssues() {
  const { app } = await getApp()
  const user = await createTestUser(app.prisma, { firstName: 'Ada', lastName: 'Admin' })
  const site = await createTestSite(app.prisma, {
    rootUri: 'https://issues.example.test/',
    members: [{ userId: user.id, role: 'admin' }],
  })
  const previous = await createTestCompletedScan(app.prisma, {
    siteId: site.id,
    number: 1,
    finishedAt: new Date('2026-01-05T10:00:00Z'),
  })
  const scan = await createTestCompletedScan(app.prisma, {
    siteId: site.id,
    number: 2,
    finishedAt: new Date('2026-01-12T10:00:00Z'),
  })
  const pages = await seedIssuePages(app.prisma, site, scan)
  await seedPageIssues(app.prisma, { site, scan, previous, pages })
  await seedRollups(app.prisma, { site, scan, user, home: pages.home })
  return {
    app,
    site,
    scan,
    previous,
    pages,
    cookie: await createSessionCookie(app.prisma, user.id),
  }
}

describe('GET /api/v1/sites/:slug/issues', () => {
  it('lists the issues failing now, most pages first, with lifecycle counts and template problems', async () => {
    const { app, site, cookie } = await siteWithIssues()
    const response = await app.inject({ url: `/api/v1/sites/${site.slug}/issues`, headers: { cookie } })
    expect(response.statusCode).toBe(200)
    const body = response.json<PagedList<IssueListItem>>()
    expect(body.totalCount).toBe(2)
    expect(body.items.map((item) => item.id)).toEqual(['image-alt', 'color-contrast'])
    expect(body.items[0]).toEqual({
      id: 'image-alt',
      category: 'accessibility',
      title: 'Images must have alternative text',
      description: 'image-alt description',
      issueLevel: 'A',
      wcag: ['1.4.3'],
      results: { totalCount: 2 },
      pagesManual: 0,
      nodesFailed: 4,
      pagesNew: 1,
      pagesFixed: 1,
      firstSeen: '2026-01-05T10:00:00.000Z',
      templateCount: 1,
      conformance: null,
      engines: [],
      pagesReviewed: 0,
    })
  })

  it('filters by status, level, search and category', async () => {
    const { app, site, cookie } = await siteWithIssues()
    const ids = async (query: string) => {
      const response = await app.inject({
        url: `/api/v1/sites/${site.slug}/issues?${query}`,
        headers: { cookie },
      })
      expect(response.statusCode).toBe(200)
      return response.json<PagedList<IssueListItem>>().items.map((item) => item.id)
    }
    expect(await ids('status=fixed&sortBy=pagesFixed&sortDir=desc')).toEqual(['bypass', 'image-alt'])
    expect(await ids('status=new')).toEqual(['image-alt'])
    expect(await ids('status=manual')).toEqual(['color-contrast'])
    expect(await ids('status=failed')).toEqual(['image-alt'])
    expect(await ids('level=AA')).toEqual(['color-contrast'])
    expect(await ids('search=alternative')).toEqual(['image-alt'])
    expect(await ids('category=seo')).toEqual(['meta-description'])
    expect(await ids('category=content-quality')).toEqual([])
  })
})

describe('GET /api/v1/sites/:slug/issues: bad input, empty site, sections', () => {
  it('answers 400 naming the field for malformed values, and an empty list before any scan', async () => {
    const { app, site, cookie } = await siteWithIssues()
    for (const [query, field] of [
      ['category=usability', 'category'],
      ['status=open', 'status'],
      ['level=B', 'level'],
      ['sortBy=pageTitle', 'sortBy'],
    ] as const) {
      const response = await app.inject({
        url: `/api/v1/sites/${site.slug}/issues?${query}`,
        headers: { cookie },
      })
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 })
      expect(Object.keys(response.json().errors ?? {})).toContain(field)
    }
    const user = await createTestUser(app.prisma)
    const empty = await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'viewer' }] })
    const emptyCookie = await createSessionCookie(app.prisma, user.id)
    const response = await app.inject({
      url: `/api/v1/sites/${empty.slug}/issues`,
      headers: { cookie: emptyCookie },
    })
    expect(response.json()).toMatchObject({ items: [], totalCount: 0 })
    const foreign = await app.inject({
      url: `/api/v1/sites/${site.slug}/issues`,
      headers: { cookie: emptyCookie },
    })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().message).toBe(SITE_NOT_FOUND_MESSAGE)
  })

  it('reads a section from its own roll-up rows', async () => {
    const { app, site, scan, cookie } = await siteWithIssues()
    const section = await createTestSection(app.prisma, { siteId: site.id })
    await createTestIssueSummary(app.prisma, {
      siteId: site.id,
      scopeId: section.id,
      scanId: scan.id,
      issueId: 'link-name',
      pagesFailed: 1,
    })
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/issues?sectionId=${section.id}`,
      headers: { cookie },
    })
    expect(response.json().items.map((item: IssueListItem) => item.id)).toEqual(['link-name'])
  })
})

describe('GET /api/v1/sites/:slug/issues/export', () => {
  it('streams the filtered issues as CSV with the formula guard, and as JSON', async () => {
    const { app, site, cookie } = await siteWithIssues()
    const csv = await app.inject({
      url: `/api/v1/sites/${site.slug}/issues/export?format=csv&status=current`,
      headers: { cookie },
    })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="${site.slug}-issues-accessibility-current.csv"`,
    )
    const lines = csv.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'id,category,title,issueLevel,wcag,totalCount,pagesManual,nodesFailed,pagesNew,pagesFixed,firstSeen,templateCount,conformance,engines,pagesReviewed',
    )
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['image-alt', 'color-contrast'])
    expect(lines[2]).toContain(",'=cmd|calc contrast,")
    const json = await app.inject({
      url: `/api/v1/sites/${site.slug}/issues/export?format=json&status=fixed`,
      headers: { cookie },
    })
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8')
    expect((JSON.parse(json.body) as IssueListItem[]).map((item) => item.id)).toEqual(['image-alt', 'bypass'])
  })
})

describe('GET /api/v1/sites/:slug/issues/overview', () => {
  it('counts by level, new and fixed since the previous scan, and lists the largest template problems', async () => {
    const { app, site, scan, cookie } = await siteWithIssues()
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/issues/overview?category=accessibility`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    const overview = response.json<IssuesOverview>()
    expect(overview).toMatchObject({
      scan: { id: scan.id, number: 2, finishedAt: '2026-01-12T10:00:00.000Z' },
      issuesFailed: 1,
      issuesManual: 1,
      occurrencesFailed: 2,
      issuesNew: 1,
      occurrencesNew: 1,
      issuesFixed: 2,
      occurrencesFixed: 4,
    })
    expect(overview.byLevel).toEqual([
      { level: 'A', issues: 1, occurrences: 2 },
      { level: 'AA', issues: 1, occurrences: 1 },
      { level: 'AAA', issues: 0, occurrences: 0 },
      { level: 'Error', issues: 0, occurrences: 0 },
      { level: 'Manual', issues: 0, occurrences: 0 },
    ])
    expect(overview.templates).toEqual([
      {
        issueId: 'image-alt',
        category: 'accessibility',
        title: 'Images must have alternative text',
        issueLevel: 'A',
        signature: SIGNATURE,
        selector: 'header > nav img',
        snippet: '<img src="logo.png">',
        pageCount: 2,
        clearsPages: 1,
      },
    ])
    const everyCategory = await app.inject({
      url: `/api/v1/sites/${site.slug}/issues/overview`,
      headers: { cookie },
    })
    expect(everyCategory.json()).toMatchObject({ issuesFailed: 2, occurrencesFailed: 7 })
  })

  it('answers zero counts and no scan for a site that was never scanned', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    const site = await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'viewer' }] })
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/issues/overview`,
      headers: { cookie: await createSessionCookie(app.prisma, user.id) },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ scan: null, issuesFailed: 0, occurrencesFixed: 0, templates: [] })
    expect(response.json().byLevel).toHaveLength(5)
  })
})

describe('GET /api/v1/sites/:slug/issues/:issueName', () => {
  it('gives the issue with its scan and template problems; an unknown issue is a 404', async () => {
    const { app, site, scan, cookie } = await siteWithIssues()
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/issues/image-alt`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    const issue = response.json<IssueDetail>()
    expect(issue).toMatchObject({
      id: 'image-alt',
      results: { totalCount: 2 },
      templateCount: 1,
      scan: { id: scan.id, number: 2 },
      templates: [
        { signature: SIGNATURE, pageCount: 2, clearsPages: 1, title: 'Images must have alternative text' },
      ],
    })
    const unknown = await app.inject({
      url: `/api/v1/sites/${site.slug}/issues/no-such-rule`,
      headers: { cookie },
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(ISSUE_NOT_FOUND_MESSAGE)
    const malformed = await app.inject({
      url: `/api/v1/sites/${site.slug}/issues/${encodeURIComponent('bad name!')}`,
      headers: { cookie },
    })
    expect(malformed.statusCode).toBe(400)
    expect(Object.keys(malformed.json().errors)).toContain('issueName')
  })
})

describe('GET /api/v1/sites/:slug/issues/:issueName/pages', () => {
  it('lists the pages failing the issue with lifecycle, assignment, and filters by status and template', async () => {
    const { app, site, scan, previous, pages, cookie } = await siteWithIssues()
    const url = `/api/v1/sites/${site.slug}/issues/image-alt/pages`
    const response = await app.inject({ url, headers: { cookie } })
    expect(response.statusCode).toBe(200)
    const body = response.json<PagedList<IssuePageItem>>()
    expect(body.items.map((item) => item.sys.id)).toEqual([pages.home.id, pages.about.id])
    expect(body.items[0]).toMatchObject({
      pageTitle: 'Home',
      entryTitle: pages.home.url,
      issueId: 'image-alt',
      issueLevel: 'A',
      status: 'failed',
      nodeCount: 3,
      lifecycle: { failingSince: { id: previous.id, number: 1 }, fixedIn: null, isNew: false },
      assignment: { assignedToId: 'design', assignedToName: 'Design', assignedByName: 'Ada Admin' },
      linkedJiraIssue: null,
    })
    expect(body.items[1]?.lifecycle).toMatchObject({ failingSince: { id: scan.id, number: 2 }, isNew: true })
    const ids = async (query: string) =>
      (await app.inject({ url: `${url}?${query}`, headers: { cookie } }))
        .json<PagedList<IssuePageItem>>()
        .items.map((item) => item.sys.id)
    expect(await ids('status=new')).toEqual([pages.about.id])
    expect(await ids('status=fixed')).toEqual([pages.news.id])
    expect(await ids(`template=${SIGNATURE}`)).toEqual([pages.home.id, pages.about.id])
    expect(await ids('template=ffffffffffffffff')).toEqual([])
    expect(await ids('sortBy=nodeCount&sortDir=asc')).toEqual([pages.about.id, pages.home.id])
    expect(await ids('search=about')).toEqual([pages.about.id])
    const fixed = await app.inject({ url: `${url}?status=fixed`, headers: { cookie } })
    expect(fixed.json().items[0]).toMatchObject({ status: 'fixed', lifecycle: { fixedIn: { number: 2 } } })
    const bad = await app.inject({ url: `${url}?template=not-hex`, headers: { cookie } })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors)).toContain('template')
  })

  it('exports the pages of the issue as CSV and JSON', async () => {
    const { app, site, pages, cookie } = await siteWithIssues()
    const csv = await app.inject({
      url: `/api/v1/sites/${site.slug}/issues/image-alt/pages/export?format=csv`,
      headers: { cookie },
    })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="${site.slug}-image-alt-pages-current.csv"`,
    )
    const lines = csv.body.trimEnd().split('\r\n')
    expect(lines[0]?.startsWith('pageId,pageTitle,entryTitle,issueId,issueLevel,status,nodeCount')).toBe(true)
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([pages.home.id, pages.about.id])
    const json = await app.inject({
      url: `/api/v1/sites/${site.slug}/issues/image-alt/pages/export?format=json&status=new`,
      headers: { cookie },
    })
    expect((JSON.parse(json.body) as IssuePageItem[]).map((item) => item.sys.id)).toEqual([pages.about.id])
  })
})
