import type {
  ContactItem,
  InventoryItem,
  InventoryOverview,
  InventoryPagesResponse,
  MediaItem,
  PagedList,
} from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { INVENTORY_ITEM_NOT_FOUND_MESSAGES } from '../src/services/inventory-service.js'
import {
  createSessionCookie,
  createTestCompletedScan,
  createTestContact,
  createTestDocument,
  createTestPage,
  createTestSection,
  createTestSite,
  createTestUser,
} from './factories.js'
import { useTestApp } from './helper.js'

/** The inventory overview, the contact and media lists, the pages of one item, and their exports. */
const getApp = useTestApp()

async function siteWithInventory() {
  const { app } = await getApp()
  const user = await createTestUser(app.prisma)
  const site = await createTestSite(app.prisma, {
    rootUri: 'https://inv.example.test/',
    members: [{ userId: user.id, role: 'viewer' }],
    featureFlags: ['inventory/media'],
  })
  const home = await createTestPage(app.prisma, {
    siteId: site.id,
    url: 'https://inv.example.test/',
    title: 'Home',
  })
  const contact = await createTestPage(app.prisma, {
    siteId: site.id,
    url: 'https://inv.example.test/contact',
    title: 'Contact us',
  })
  const section = await createTestSection(app.prisma, { siteId: site.id, title: 'Contact' })
  await app.prisma.sectionPage.create({ data: { sectionId: section.id, pageId: contact.id } })
  const sales = await createTestContact(app.prisma, {
    siteId: site.id,
    kind: 'email',
    value: 'sales@canopy.org',
    pages: [
      { pageId: home.id, count: 1 },
      { pageId: contact.id, count: 3 },
    ],
  })
  const broken = await createTestContact(app.prisma, {
    siteId: site.id,
    kind: 'email',
    value: '=cmd@canopy',
    valid: false,
    pages: [{ pageId: home.id }],
  })
  // Seen once, on no page any more: not listed.
  await createTestContact(app.prisma, { siteId: site.id, kind: 'email', value: 'gone@canopy.org' })
  const phone = await createTestContact(app.prisma, {
    siteId: site.id,
    kind: 'telephone',
    value: '+442079460958',
    pages: [{ pageId: contact.id, count: 2 }],
  })
  const report = await createTestDocument(app.prisma, {
    siteId: site.id,
    url: 'https://inv.example.test/files/report.pdf',
    title: 'Annual report',
    pageIds: [home.id, contact.id],
  })
  const logo = await createTestDocument(app.prisma, {
    siteId: site.id,
    url: 'https://inv.example.test/img/logo.png',
    kind: 'media',
    mediaType: 'image',
    size: 5_000,
    pageIds: [home.id, contact.id],
  })
  const film = await createTestDocument(app.prisma, {
    siteId: site.id,
    url: 'https://inv.example.test/media/film.mp4',
    kind: 'media',
    mediaType: 'video',
    size: 9_000_000,
    pageIds: [contact.id],
  })
  return {
    app,
    site,
    section,
    pages: { home, contact },
    items: { sales, broken, phone, report, logo, film },
    cookie: await createSessionCookie(app.prisma, user.id),
  }
}

describe('GET /api/v1/sites/:slug/inventory/:kind', () => {
  it('lists e-mail addresses a page still shows, with validity, occurrences and pages', async () => {
    const { app, site, items, cookie } = await siteWithInventory()
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/inventory/email`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    const body = response.json<PagedList<ContactItem>>()
    expect(body).toMatchObject({ totalCount: 2, pageIndex: 1, pageSize: 25, pageCount: 1 })
    expect(body.items).toEqual([
      {
        sys: { id: items.broken.id, slug: items.broken.id, version: { created: expect.any(String) } },
        kind: 'email',
        entryTitle: '=cmd@canopy',
        valid: false,
        totalCount: 1,
        pageCount: 1,
      },
      {
        sys: { id: items.sales.id, slug: items.sales.id, version: { created: expect.any(String) } },
        kind: 'email',
        entryTitle: 'sales@canopy.org',
        valid: true,
        totalCount: 4,
        pageCount: 2,
      },
    ])
  })

  it('sorts, searches, scopes to a section and pages the telephone numbers and e-mail addresses', async () => {
    const { app, site, section, items, cookie } = await siteWithInventory()
    const get = (query: string) =>
      app.inject({ url: `/api/v1/sites/${site.slug}/inventory/email?${query}`, headers: { cookie } })
    const byCount = await get('sortBy=totalCount&sortDir=desc')
    expect(byCount.json().items.map((item: ContactItem) => item.sys.id)).toEqual([
      items.sales.id,
      items.broken.id,
    ])
    const byValid = await get('sortBy=valid&sortDir=desc')
    expect(byValid.json().items[0].entryTitle).toBe('sales@canopy.org')
    const search = await get('search=SALES')
    expect(search.json().items.map((item: ContactItem) => item.entryTitle)).toEqual(['sales@canopy.org'])
    const inSection = await get(`sectionId=${section.id}`)
    expect(inSection.json().items).toMatchObject([
      { entryTitle: 'sales@canopy.org', totalCount: 3, pageCount: 1 },
    ])
    const paged = await get('pageSize=1&page=2')
    expect(paged.json()).toMatchObject({
      totalCount: 2,
      pageIndex: 2,
      pageCount: 2,
      items: [{ entryTitle: 'sales@canopy.org' }],
    })
    const phones = await app.inject({
      url: `/api/v1/sites/${site.slug}/inventory/telephone`,
      headers: { cookie },
    })
    expect(phones.json().items).toMatchObject([
      {
        sys: { id: items.phone.id },
        kind: 'telephone',
        entryTitle: '+442079460958',
        valid: true,
        totalCount: 2,
      },
    ])
  })

  it('lists media (images, audio, video) with type and size, apart from the documents', async () => {
    const { app, site, items, cookie } = await siteWithInventory()
    const media = await app.inject({
      url: `/api/v1/sites/${site.slug}/inventory/media?sortBy=size&sortDir=desc`,
      headers: { cookie },
    })
    expect(media.statusCode).toBe(200)
    expect(media.json<PagedList<MediaItem>>().items).toEqual([
      expect.objectContaining({
        sys: expect.objectContaining({ id: items.film.id }),
        kind: 'media',
        mediaType: 'video',
        size: 9_000_000,
        totalCount: 1,
      }),
      expect.objectContaining({
        sys: expect.objectContaining({ id: items.logo.id }),
        mediaType: 'image',
        size: 5_000,
        totalCount: 2,
      }),
    ])
    const documents = await app.inject({ url: `/api/v1/sites/${site.slug}/documents`, headers: { cookie } })
    expect(documents.json().items.map((item: { sys: { id: string } }) => item.sys.id)).toEqual([
      items.report.id,
    ])
  })

  it('answers 400 naming the field for an unknown kind, a sort the kind lacks or a bad page', async () => {
    const { app, site, cookie } = await siteWithInventory()
    for (const [url, field] of [
      ['inventory/fax', 'kind'],
      ['inventory/email?sortBy=size', 'sortBy'],
      ['inventory/media?sortBy=valid', 'sortBy'],
      ['inventory/telephone?sortBy=colour', 'sortBy'],
      ['inventory/email?page=0', 'page'],
      ['inventory/email/export?format=xml', 'format'],
      ['inventory?sectionId=not%20a%20section', 'sectionId'],
    ] as const) {
      const response = await app.inject({ url: `/api/v1/sites/${site.slug}/${url}`, headers: { cookie } })
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 })
      expect(Object.keys(response.json().errors)).toContain(field)
    }
  })

  it('streams a list as CSV (formula cells guarded) and as JSON', async () => {
    const { app, site, items, cookie } = await siteWithInventory()
    const csv = await app.inject({
      url: `/api/v1/sites/${site.slug}/inventory/email/export?format=csv`,
      headers: { cookie },
    })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="${site.slug}-inventory-email.csv"`)
    const lines = csv.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe('id,kind,entryTitle,valid,mediaType,size,totalCount,pageCount')
    expect(lines[1]).toBe(`${items.broken.id},email,'=cmd@canopy,false,,,1,1`)
    expect(lines).toHaveLength(3)
    const json = await app.inject({
      url: `/api/v1/sites/${site.slug}/inventory/telephone/export?format=json`,
      headers: { cookie },
    })
    expect((JSON.parse(json.body) as InventoryItem[]).map((item) => item.entryTitle)).toEqual([
      '+442079460958',
    ])
  })
})

describe('GET /api/v1/sites/:slug/inventory/:kind/:id', () => {
  it('lists the pages where an e-mail address occurs, with the address and its count on each page', async () => {
    const { app, site, items, pages, cookie } = await siteWithInventory()
    const response = await app.inject({
      url: `/api/v1/sites/${site.slug}/inventory/email/${items.sales.id}?sortBy=totalCount&sortDir=desc`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    const body = response.json<InventoryPagesResponse>()
    expect(body.item).toEqual({
      sys: { id: items.sales.id, slug: items.sales.id },
      kind: 'email',
      entryTitle: 'sales@canopy.org',
      title: 'sales@canopy.org',
      valid: true,
    })
    expect(body.items).toEqual([
      {
        sys: { id: pages.contact.id },
        pageTitle: 'Contact us',
        entryTitle: 'https://inv.example.test/contact',
        totalCount: 3,
      },
      {
        sys: { id: pages.home.id },
        pageTitle: 'Home',
        entryTitle: 'https://inv.example.test/',
        totalCount: 1,
      },
    ])
    expect(body.totalCount).toBe(2)
  })

  it('lists the pages linking to a PDF or showing a media file, searched and scoped', async () => {
    const { app, site, section, items, pages, cookie } = await siteWithInventory()
    const pdf = await app.inject({
      url: `/api/v1/sites/${site.slug}/inventory/pdfs/${items.report.id}`,
      headers: { cookie },
    })
    expect(pdf.json()).toMatchObject({
      item: { kind: 'pdfs', title: 'Annual report', entryTitle: items.report.url, valid: null },
      items: [
        { sys: { id: pages.home.id }, totalCount: null },
        { sys: { id: pages.contact.id }, totalCount: null },
      ],
    })
    const searched = await app.inject({
      url: `/api/v1/sites/${site.slug}/inventory/pdfs/${items.report.id}?search=contact`,
      headers: { cookie },
    })
    expect(searched.json().items.map((item: { sys: { id: string } }) => item.sys.id)).toEqual([
      pages.contact.id,
    ])
    const scoped = await app.inject({
      url: `/api/v1/sites/${site.slug}/inventory/media/${items.logo.id}?sectionId=${section.id}`,
      headers: { cookie },
    })
    expect(scoped.json()).toMatchObject({ totalCount: 1, items: [{ sys: { id: pages.contact.id } }] })
    const csv = await app.inject({
      url: `/api/v1/sites/${site.slug}/inventory/pdfs/${items.report.id}/export?format=csv&sortBy=pageTitle`,
      headers: { cookie },
    })
    expect(csv.body.trimEnd().split('\r\n')).toEqual([
      'id,pageTitle,entryTitle,totalCount',
      `${pages.contact.id},Contact us,https://inv.example.test/contact,`,
      `${pages.home.id},Home,https://inv.example.test/,`,
    ])
  })

  it('is a 404 for an item of another kind or another site, and a 400 for a malformed id', async () => {
    const { app, site, items, cookie } = await siteWithInventory()
    const otherKind = await app.inject({
      url: `/api/v1/sites/${site.slug}/inventory/telephone/${items.sales.id}`,
      headers: { cookie },
    })
    expect(otherKind.statusCode).toBe(404)
    expect(otherKind.json().message).toBe(INVENTORY_ITEM_NOT_FOUND_MESSAGES.telephone)
    const notPdf = await app.inject({
      url: `/api/v1/sites/${site.slug}/inventory/pdfs/${items.logo.id}`,
      headers: { cookie },
    })
    expect(notPdf.statusCode).toBe(404)
    const other = await createTestSite(app.prisma)
    const foreign = await createTestContact(app.prisma, {
      siteId: other.id,
      kind: 'email',
      value: 'x@canopy.org',
    })
    const foreignResponse = await app.inject({
      url: `/api/v1/sites/${site.slug}/inventory/email/${foreign.id}`,
      headers: { cookie },
    })
    expect(foreignResponse.statusCode).toBe(404)
    const malformed = await app.inject({
      url: `/api/v1/sites/${site.slug}/inventory/email/bad%20id`,
      headers: { cookie },
    })
    expect(malformed.statusCode).toBe(400)
    expect(Object.keys(malformed.json().errors)).toContain('id')
  })
})

describe('GET /api/v1/sites/:slug/inventory', () => {
  it('answers the last scan’s counts and their history; before any scan, no counts and empty series', async () => {
    const { app, site, cookie } = await siteWithInventory()
    const user = await createTestUser(app.prisma)
    const neverScanned = await createTestSite(app.prisma, {
      members: [{ userId: user.id, role: 'viewer' }],
      featureFlags: ['inventory/media'],
    })
    const never = await app.inject({
      url: `/api/v1/sites/${neverScanned.slug}/inventory`,
      headers: { cookie: await createSessionCookie(app.prisma, user.id) },
    })
    expect(never.statusCode).toBe(200)
    expect(never.json<InventoryOverview>()).toMatchObject({
      latestScan: null,
      inventoryHistory: { pdfsFound: [], mediaFound: [] },
    })
    for (const path of ['inventory/email', 'inventory/media']) {
      const empty = await app.inject({
        url: `/api/v1/sites/${neverScanned.slug}/${path}`,
        headers: { cookie: await createSessionCookie(app.prisma, user.id) },
      })
      expect(empty.json()).toMatchObject({ items: [], totalCount: 0 })
    }
    const first = await createTestCompletedScan(app.prisma, {
      siteId: site.id,
      number: 1,
      finishedAt: new Date('2026-01-05T03:00:00Z'),
    })
    const second = await createTestCompletedScan(app.prisma, {
      siteId: site.id,
      number: 2,
      finishedAt: new Date('2026-01-12T03:00:00Z'),
    })
    // The first scan's roll-up recorded no inventory counts.
    await app.prisma.historyPoint.create({
      data: { siteId: site.id, scanId: first.id, numberOfPages: 1, metrics: {} },
    })
    await app.prisma.historyPoint.create({
      data: {
        siteId: site.id,
        scanId: second.id,
        numberOfPages: 2,
        metrics: {
          inventoryHistory: {
            documentsFound: 3,
            pdfsFound: 1,
            pagesFound: 2,
            docsFound: 1,
            archivesFound: 0,
            spreadsheetsFound: 1,
            powerpointsFound: 0,
            mediaFound: 2,
          },
        },
      },
    })
    const response = await app.inject({ url: `/api/v1/sites/${site.slug}/inventory`, headers: { cookie } })
    const overview = response.json<InventoryOverview>()
    expect(overview.latestScan).toEqual({
      finished: '2026-01-12T03:00:00.000Z',
      pages: 2,
      allDocuments: 3,
      pdfs: 1,
      documents: 1,
      spreadsheets: 1,
      powerpoints: 0,
      archives: 0,
      media: 2,
    })
    expect(overview.inventoryHistory.pdfsFound).toEqual([
      { x: '2026-01-05T03:00:00.000Z', y: -0.1, numberOfPages: 1 },
      { x: '2026-01-12T03:00:00.000Z', y: 1, numberOfPages: 2 },
    ])
  })

  it('is a 404 for a section of another site, and for a member of another site', async () => {
    const { app, site, cookie } = await siteWithInventory()
    const other = await createTestSite(app.prisma)
    const otherSection = await createTestSection(app.prisma, { siteId: other.id, title: 'Elsewhere' })
    const section = await app.inject({
      url: `/api/v1/sites/${site.slug}/inventory?sectionId=${otherSection.id}`,
      headers: { cookie },
    })
    expect(section.statusCode).toBe(404)
    for (const path of [
      'inventory',
      'inventory/email',
      'inventory/telephone/x1',
      'inventory/media/export?format=csv',
    ]) {
      const response = await app.inject({ url: `/api/v1/sites/${other.slug}/${path}`, headers: { cookie } })
      expect({ path, status: response.statusCode }).toEqual({ path, status: 404 })
    }
  })
})
