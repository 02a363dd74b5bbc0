import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPrismaClient } from '../src/client.js'
import {
  contactList,
  contactListSort,
  findListPage,
  listDocumentsOfScan,
  replacePageContacts,
  replacePageDocuments,
} from '../src/repositories/index.js'

const prisma = createPrismaClient(process.env.DATABASE_URL ?? '')
const SITE = 'inventory-store-site'

beforeAll(async () => {
  await prisma.organisation.create({ data: { id: 'inventory-org', slug: 'inventory-org', name: 'Org' } })
  await prisma.site.create({
    data: {
      id: SITE,
      slug: SITE,
      siteName: 'Inventory',
      rootUri: 'http://x.test/',
      organisationId: 'inventory-org',
    },
  })
  await prisma.page.createMany({
    data: ['i1', 'i2'].map((id) => ({ id, siteId: SITE, url: `http://x.test/${id}` })),
  })
})

afterAll(async () => {
  await prisma.$disconnect()
})

describe('a page’s documents and media', () => {
  it('stores media with their type, and gives a type to media first stored without one', async () => {
    const owner = { siteId: SITE, pageId: 'i1' }
    await replacePageDocuments(prisma, owner, [
      { url: 'http://x.test/podcast.mp3', kind: 'media' },
      { url: 'http://x.test/report.pdf', kind: 'pdf' },
    ])
    await replacePageDocuments(prisma, owner, [
      { url: 'http://x.test/podcast.mp3', kind: 'media', mediaType: 'audio' },
      { url: 'http://x.test/logo.svg', kind: 'media', mediaType: 'image' },
      { url: 'http://x.test/report.pdf', kind: 'pdf' },
    ])
    const documents = await prisma.document.findMany({
      where: { siteId: SITE },
      select: { url: true, kind: true, mediaType: true, _count: { select: { occurrences: true } } },
      orderBy: { url: 'asc' },
    })
    expect(documents).toEqual([
      { url: 'http://x.test/logo.svg', kind: 'media', mediaType: 'image', _count: { occurrences: 1 } },
      { url: 'http://x.test/podcast.mp3', kind: 'media', mediaType: 'audio', _count: { occurrences: 1 } },
      { url: 'http://x.test/report.pdf', kind: 'pdf', mediaType: null, _count: { occurrences: 1 } },
    ])
  })
})

describe('the sizes of the media a page loaded', () => {
  it('are stored with the check time, and the scan’s end leaves those media alone', async () => {
    const scan = await prisma.scan.create({
      data: { siteId: SITE, kind: 'site', pageLimit: 10, startedAt: new Date(Date.now() - 60_000) },
    })
    await prisma.pageResult.create({ data: { scanId: scan.id, pageId: 'i2', status: 'succeeded' } })
    await replacePageDocuments(prisma, { siteId: SITE, pageId: 'i2' }, [
      { url: 'http://x.test/photo.jpg', kind: 'media', mediaType: 'image', size: 52_000 },
      { url: 'http://x.test/unsized.png', kind: 'media', mediaType: 'image', size: null },
      { url: 'http://x.test/minutes.docx', kind: 'doc' },
    ])
    const photo = await prisma.document.findFirstOrThrow({
      where: { siteId: SITE, url: 'http://x.test/photo.jpg' },
    })
    expect(photo.size).toBe(52_000)
    expect(photo.checkedAt).not.toBeNull()
    const toMeasure = await listDocumentsOfScan(prisma, scan.id, {
      measuredSince: scan.startedAt ?? undefined,
    })
    expect(toMeasure.map((document) => document.url).sort()).toEqual([
      'http://x.test/minutes.docx',
      'http://x.test/unsized.png',
    ])
  })
})

describe('a page’s contacts', () => {
  it('replaces them as a whole; a contact no page shows any more leaves the list', async () => {
    await replacePageContacts(prisma, { siteId: SITE, pageId: 'i1' }, [
      { kind: 'email', value: 'a@x.org', valid: true, count: 2 },
      { kind: 'telephone', value: '+442079460000', valid: true, count: 1 },
    ])
    await replacePageContacts(prisma, { siteId: SITE, pageId: 'i2' }, [
      { kind: 'email', value: 'a@x.org', valid: true, count: 1 },
      { kind: 'email', value: 'b@x', valid: false, count: 1 },
    ])
    await replacePageContacts(prisma, { siteId: SITE, pageId: 'i2' }, [
      { kind: 'email', value: 'a@x.org', valid: true, count: 3 },
    ])
    const list = contactList({ siteId: SITE, kind: 'email' })
    const { rows, totalCount } = await findListPage<{ value: string; occurrences: number; pages: number }>(
      prisma,
      list,
      contactListSort({}, 'totalCount', 'desc'),
      { skip: 0, take: 25 },
    )
    expect(totalCount).toBe(1)
    expect(rows.map(({ value, occurrences, pages }) => ({ value, occurrences, pages }))).toEqual([
      { value: 'a@x.org', occurrences: 5, pages: 2 },
    ])
  })
})
