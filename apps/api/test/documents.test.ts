import type { DocumentDetail, DocumentListItem, PagedList } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { DOCUMENT_NOT_FOUND_MESSAGE } from '../src/services/documents-service.js'
import {
  createSessionCookie,
  createTestDocument,
  createTestPage,
  createTestSection,
  createTestSite,
  createTestUser,
} from './factories.js'
import { useTestApp } from './helper.js'

/** The documents lists by kind, their export, and one document's detail. */
const getApp = useTestApp()

async function siteWithDocuments() {
  const { app } = await getApp()
  const user = await createTestUser(app.prisma)
  const site = await createTestSite(app.prisma, {
    rootUri: 'https://docs.example.test/',
    members: [{ userId: user.id, role: 'viewer' }],
  })
  const home = await createTestPage(app.prisma, {
    siteId: site.id,
    url: 'https://docs.example.test/',
    title: 'Home',
  })
  const news = await createTestPage(app.prisma, {
    siteId: site.id,
    url: 'https://docs.example.test/news',
    title: 'News',
  })
  const section = await createTestSection(app.prisma, { siteId: site.id, title: 'News' })
  await app.prisma.sectionPage.create({ data: { sectionId: section.id, pageId: news.id } })
  const report = await createTestDocument(app.prisma, {
    siteId: site.id,
    url: 'https://docs.example.test/files/annual-report.pdf',
    title: 'Annual report',
    pageCount: 40,
    size: 2_000_000,
    isTagged: true,
    isScanned: false,
    language: 'en',
    checkedAt: new Date(),
    pageIds: [home.id, news.id],
  })
  const leaflet = await createTestDocument(app.prisma, {
    siteId: site.id,
    url: 'https://docs.example.test/files/leaflet.pdf',
    title: '+SUM(A1:A2)',
    pageCount: 2,
    size: 90_000,
    isTagged: false,
    isScanned: true,
    checkedAt: new Date(),
    pageIds: [home.id],
  })
  const sheet = await createTestDocument(app.prisma, {
    siteId: site.id,
    url: 'https://docs.example.test/files/prices.xlsx',
    kind: 'spreadsheet',
    size: 12_000,
    pageIds: [news.id],
  })
  return {
    app,
    site,
    section,
    docs: { report, leaflet, sheet },
    cookie: await createSessionCookie(app.prisma, user.id),
  }
}

describe('GET /api/v1/sites/:slug/documents/:kind', () => {
  it('lists PDFs by page count, largest first, with the pages linking to each', async () => {
    const { app, site, docs, cookie } = await siteWithDocuments()
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/documents/pdf`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    const body = response.json<PagedList<DocumentListItem>>()
    expect(body.items.map((item) => item.sys.id)).toEqual([docs.report.id, docs.leaflet.id])
    expect(body.items[0]).toMatchObject({
      kind: 'pdf',
      documentTitle: 'Annual report',
      uri: docs.report.url,
      entryTitle: docs.report.url,
      pageCount: 40,
      size: 2_000_000,
      isScanned: false,
      isTagged: true,
      language: 'en',
      totalCount: 2,
    })
  })

  it('lists other kinds by size, names a document without a title by its file, and every kind together', async () => {
    const { app, site, docs, section, cookie } = await siteWithDocuments()
    const sheets = await app.inject({
      url: `/api/v1/sites/${site.slug}/documents/spreadsheet`,
      headers: { cookie },
    })
    expect(sheets.json().items).toMatchObject([{ sys: { id: docs.sheet.id }, documentTitle: 'prices.xlsx' }])
    const all = await app.inject({ url: `/api/v1/sites/${site.slug}/documents`, headers: { cookie } })
    expect(all.json().items.map((item: DocumentListItem) => item.sys.id)).toEqual([
      docs.report.id,
      docs.leaflet.id,
      docs.sheet.id,
    ])
    const inSection = await app.inject({
      url: `/api/v1/sites/${site.slug}/documents?sectionId=${section.id}&sortBy=documentTitle&sortDir=asc`,
      headers: { cookie },
    })
    expect(inSection.json().items).toMatchObject([
      { sys: { id: docs.report.id }, totalCount: 1 },
      { sys: { id: docs.sheet.id }, totalCount: 1 },
    ])
    const search = await app.inject({
      url: `/api/v1/sites/${site.slug}/documents/pdf?search=leaflet`,
      headers: { cookie },
    })
    expect(search.json().items.map((item: DocumentListItem) => item.sys.id)).toEqual([docs.leaflet.id])
  })

  it('answers 400 naming the field for an unknown kind or sort, and an empty list before any scan', async () => {
    const { app, site, cookie } = await siteWithDocuments()
    const kind = await app.inject({ url: `/api/v1/sites/${site.slug}/documents/video`, headers: { cookie } })
    expect(kind.statusCode).toBe(400)
    expect(Object.keys(kind.json().errors)).toContain('kind')
    const sort = await app.inject({
      url: `/api/v1/sites/${site.slug}/documents/pdf?sortBy=colour`,
      headers: { cookie },
    })
    expect(sort.statusCode).toBe(400)
    expect(Object.keys(sort.json().errors)).toContain('sortBy')
    const user = await createTestUser(app.prisma)
    const empty = await createTestSite(app.prisma, { members: [{ userId: user.id, role: 'viewer' }] })
    const response = await app.inject({
      url: `/api/v1/sites/${empty.slug}/documents/pdf`,
      headers: { cookie: await createSessionCookie(app.prisma, user.id) },
    })
    expect(response.json()).toMatchObject({ items: [], totalCount: 0 })
  })
})

describe('GET /api/v1/sites/:slug/documents/:kind/export', () => {
  it('streams the documents as CSV with the formula guard, and as JSON', async () => {
    const { app, site, docs, cookie } = await siteWithDocuments()
    const csv = await app.inject({
      url: `/api/v1/sites/${site.slug}/documents/pdf/export?format=csv`,
      headers: { cookie },
    })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="${site.slug}-documents-pdf.csv"`)
    const lines = csv.body.trimEnd().split('\r\n')
    expect(lines[0]?.startsWith('id,kind,documentTitle,uri')).toBe(true)
    expect(lines).toHaveLength(3)
    expect(lines[2]).toContain(`${docs.leaflet.id},pdf,'+SUM(A1:A2),`)
    const json = await app.inject({
      url: `/api/v1/sites/${site.slug}/documents/export?format=json&search=prices`,
      headers: { cookie },
    })
    expect((JSON.parse(json.body) as DocumentListItem[]).map((item) => item.sys.id)).toEqual([docs.sheet.id])
  })
})

describe('GET /api/v1/sites/:slug/document', () => {
  it("gives a PDF's checks and the pages linking to it; another site's document is a 404", async () => {
    const { app, site, docs, cookie } = await siteWithDocuments()
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/document?documentId=${docs.report.id}`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    const detail = response.json<DocumentDetail>()
    expect(detail).toMatchObject({ sys: { id: docs.report.id }, totalCount: 2 })
    expect(detail.pages.map((page) => page.entryTitle)).toEqual([
      'https://docs.example.test/',
      'https://docs.example.test/news',
    ])
    expect(Object.fromEntries(detail.checks.map((check) => [check.id, check.passed]))).toEqual({
      tagged: true,
      'machine-readable': true,
      title: true,
      language: true,
      outline: null,
    })
    const sheet = await app.inject({
      url: `/api/v1/sites/${site.slug}/document?documentId=${docs.sheet.id}`,
      headers: { cookie },
    })
    expect(sheet.json().checks).toEqual([])
    const other = await createTestSite(app.prisma)
    const foreignDoc = await createTestDocument(app.prisma, {
      siteId: other.id,
      url: 'https://x.example.test/a.pdf',
    })
    const foreign = await app.inject({
      url: `/api/v1/sites/${site.slug}/document?documentId=${foreignDoc.id}`,
      headers: { cookie },
    })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().message).toBe(DOCUMENT_NOT_FOUND_MESSAGE)
    const missing = await app.inject({ url: `/api/v1/sites/${site.slug}/document`, headers: { cookie } })
    expect(missing.statusCode).toBe(400)
    expect(Object.keys(missing.json().errors)).toContain('documentId')
  })
})
