import type { BlockedRequest } from '@canopy/contracts'
import { type DocumentKind, type MediaType, type PageDiscovery, Prisma } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

/**
 * How the worker stores one audited (or failed) page of a scan, by natural keys so a retried job rewrites
 * rather than duplicates: the Page by (site, URL), its PageResult by (scan, page), and what the page links
 * to, misspells, lists and offers for download replaced as a whole.
 */

export interface ScannedPageKey {
  siteId: string
  url: string
  discoveredVia: PageDiscovery
}

/** The page row with what this scan learnt of it; returns its id. */
export async function upsertScannedPage(
  db: DbClient,
  key: ScannedPageKey,
  data: Omit<Prisma.PageUncheckedCreateInput, 'siteId' | 'url' | 'discoveredVia'>,
): Promise<string> {
  const page = await db.page.upsert({
    where: { siteId_url: { siteId: key.siteId, url: key.url } },
    create: { ...key, ...data },
    update: data,
    select: { id: true },
  })
  return page.id
}

export function upsertPageResult(
  db: DbClient,
  { scanId, pageId }: { scanId: string; pageId: string },
  data: {
    status: 'succeeded' | 'failed'
    error: string | null
    httpStatus: number | null
    loadTimeMs?: number | null
    scores?: unknown
    blockedRequests?: BlockedRequest[]
  },
) {
  const row = {
    ...data,
    scores: data.scores as Prisma.InputJsonValue | undefined,
    blockedRequests: data.blockedRequests?.length ? data.blockedRequests : undefined,
  }
  return db.pageResult.upsert({
    where: { scanId_pageId: { scanId, pageId } },
    create: { scanId, pageId, ...row },
    update: { ...row, scannedAt: new Date() },
  })
}

/** Links and images: one Link per site and URL, one occurrence per page, kind and URL. */
export async function replacePageLinks(
  db: DbClient,
  { siteId, pageId }: { siteId: string; pageId: string },
  links: { url: string; kind: 'anchor' | 'image'; text: string; isInternal: boolean }[],
) {
  await db.linkOccurrence.deleteMany({ where: { pageId } })
  if (!links.length) return
  const internal = new Map(links.map((link) => [link.url, link.isInternal]))
  await db.link.createMany({
    data: [...internal].map(([url, isInternal]) => ({ siteId, url, isInternal })),
    skipDuplicates: true,
  })
  const rows = await db.link.findMany({
    where: { siteId, url: { in: [...internal.keys()] } },
    select: { id: true, url: true },
  })
  const linkIds = new Map(rows.map((link) => [link.url, link.id]))
  await db.linkOccurrence.createMany({
    data: links.flatMap((link) => {
      const linkId = linkIds.get(link.url)
      return linkId ? [{ linkId, pageId, kind: link.kind, text: link.text.slice(0, 500) || null }] : []
    }),
    skipDuplicates: true,
  })
}

export async function replacePageMisspellings(
  db: DbClient,
  { siteId, pageId, language }: { siteId: string; pageId: string; language: string },
  misspellings: { word: string; count: number }[],
) {
  await db.misspellingOccurrence.deleteMany({ where: { pageId } })
  if (!misspellings.length) return
  await db.misspelling.createMany({
    data: misspellings.map((item) => ({ siteId, word: item.word, language })),
    skipDuplicates: true,
  })
  const rows = await db.misspelling.findMany({
    where: { siteId, language, word: { in: misspellings.map((item) => item.word) } },
  })
  const byWord = new Map(rows.map((row) => [row.word, row.id]))
  await db.misspellingOccurrence.createMany({
    data: misspellings.flatMap((item) => {
      const misspellingId = byWord.get(item.word)
      return misspellingId ? [{ misspellingId, pageId, count: item.count }] : []
    }),
    skipDuplicates: true,
  })
}

export async function replacePageContacts(
  db: DbClient,
  { siteId, pageId }: { siteId: string; pageId: string },
  contacts: { kind: 'email' | 'telephone'; value: string; valid: boolean; count: number }[],
) {
  await db.contactOccurrence.deleteMany({ where: { pageId } })
  if (!contacts.length) return
  await db.contact.createMany({
    data: contacts.map((item) => ({ siteId, kind: item.kind, value: item.value, valid: item.valid })),
    skipDuplicates: true,
  })
  const rows = await db.contact.findMany({
    where: { siteId, value: { in: contacts.map((item) => item.value) } },
  })
  const byKey = new Map(rows.map((row) => [`${row.kind} ${row.value}`, row.id]))
  await db.contactOccurrence.createMany({
    data: contacts.flatMap((item) => {
      const contactId = byKey.get(`${item.kind} ${item.value}`)
      return contactId ? [{ contactId, pageId, count: item.count }] : []
    }),
    skipDuplicates: true,
  })
}

export async function replacePageDocuments(
  db: DbClient,
  { siteId, pageId }: { siteId: string; pageId: string },
  documents: { url: string; kind: DocumentKind; mediaType?: MediaType | null; size?: number | null }[],
) {
  await db.documentOccurrence.deleteMany({ where: { pageId } })
  if (!documents.length) return
  await db.document.createMany({
    data: documents.map((document) => ({
      siteId,
      url: document.url,
      kind: document.kind,
      mediaType: document.mediaType ?? null,
    })),
    skipDuplicates: true,
  })
  await fillMediaTypes(db, siteId, documents)
  await storeLoadedMediaSizes(db, siteId, documents)
  const rows = await db.document.findMany({
    where: { siteId, url: { in: documents.map((document) => document.url) } },
    select: { id: true },
  })
  await db.documentOccurrence.createMany({
    data: rows.map((row) => ({ documentId: row.id, pageId })),
    skipDuplicates: true,
  })
}

/** Media stored before their type was recorded (or first seen as a link without one) get it now. */
async function fillMediaTypes(
  db: DbClient,
  siteId: string,
  documents: { url: string; kind: DocumentKind; mediaType?: MediaType | null }[],
) {
  for (const mediaType of ['image', 'audio', 'video'] as const) {
    const urls = documents
      .filter((document) => document.mediaType === mediaType)
      .map((document) => document.url)
    if (urls.length === 0) continue
    await db.document.updateMany({
      where: { siteId, kind: 'media', mediaType: null, url: { in: urls } },
      data: { mediaType },
    })
  }
}

/**
 * The sizes of the media the page loaded, as the browser received them: stored with checkedAt now, so the
 * scan's end does not ask the server again (scan-finalize's listDocumentsOfScan).
 */
async function storeLoadedMediaSizes(
  db: DbClient,
  siteId: string,
  documents: { url: string; kind: DocumentKind; size?: number | null }[],
) {
  const sized = documents.filter(
    (document) =>
      document.kind === 'media' && typeof document.size === 'number' && document.size <= 2_147_483_647,
  )
  if (sized.length === 0) return
  const rows = Prisma.join(sized.map((document) => Prisma.sql`(${document.url}, ${document.size}::int)`))
  await db.$executeRaw`UPDATE "Document" AS d SET size = v.size, "checkedAt" = now()
    FROM (VALUES ${rows}) AS v(url, size)
    WHERE d."siteId" = ${siteId} AND d.kind = 'media' AND d.url = v.url`
}

/** The site's custom dictionary words: the global dictionary's (no language) and those of these languages. */
export async function listCustomDictionaryWords(db: DbClient, siteId: string, languages: string[]) {
  const words = await db.dictionaryWord.findMany({
    where: {
      dictionary: { siteId, OR: [{ language: null }, ...languages.map((language) => ({ language }))] },
    },
    select: { word: true },
  })
  return words.map((row) => row.word)
}
