import { type DocumentKind, Prisma } from '../generated/prisma/client.js'
import type { DbClient, SortDirection } from './db-client.js'
import { toContainsPattern } from './db-client.js'
import type { SortColumn, SqlList, SqlSort } from './keyset-list.js'

/** The documents a site (or a section's pages) links to, with how many pages link to each. */
export interface DocumentListFilter {
  siteId: string
  /** absent: every kind but media (the inventory lists media apart) */
  kind?: DocumentKind
  sectionId?: string
  search?: string
}

export interface DocumentListRow {
  id: string
  url: string
  kind: DocumentKind
  title: string | null
  author: string | null
  language: string | null
  pageCount: number | null
  size: number | null
  documentCreatedAt: Date | null
  documentModifiedAt: Date | null
  isTagged: boolean | null
  isScanned: boolean | null
  accessibilityScore: number | null
  /** media only */
  mediaType: 'image' | 'audio' | 'video' | null
  firstSeenAt: Date
  /** pages (of the section, when scoped) that link to it */
  linkingPages: number
}

export type DocumentListSortKey =
  | 'documentTitle'
  | 'entryTitle'
  | 'size'
  | 'pageCount'
  | 'accessibilityScore'
  | 'isScanned'
  | 'language'
  | 'totalCount'
  | 'created'
  | 'modified'
  | 'mediaType'

/** Pages linking to the document, counted within the section when the list is scoped to one. */
function linkingPagesSql(sectionId: string | undefined): Prisma.Sql {
  const inSection = sectionId
    ? Prisma.sql`AND EXISTS (SELECT 1 FROM "SectionPage" sp WHERE sp."pageId" = o."pageId" AND sp."sectionId" = ${sectionId})`
    : Prisma.empty
  return Prisma.sql`(SELECT count(*)::int FROM "DocumentOccurrence" o WHERE o."documentId" = d.id ${inSection})`
}

function documentSorts(sectionId: string | undefined): Record<DocumentListSortKey, SortColumn> {
  return {
    documentTitle: { expression: Prisma.sql`lower(coalesce(d.title, d.url))`, type: 'text' },
    entryTitle: { expression: Prisma.sql`d.url`, type: 'text', notNull: true },
    size: { expression: Prisma.sql`d.size`, type: 'integer' },
    pageCount: { expression: Prisma.sql`d."pageCount"`, type: 'integer' },
    accessibilityScore: { expression: Prisma.sql`d."accessibilityScore"`, type: 'double precision' },
    isScanned: { expression: Prisma.sql`d."isScanned"`, type: 'boolean' },
    language: { expression: Prisma.sql`lower(d.language)`, type: 'text' },
    totalCount: { expression: linkingPagesSql(sectionId), type: 'integer', notNull: true },
    created: { expression: Prisma.sql`d."documentCreatedAt"`, type: 'timestamp(3)' },
    modified: { expression: Prisma.sql`d."documentModifiedAt"`, type: 'timestamp(3)' },
    mediaType: { expression: Prisma.sql`d."mediaType"::text`, type: 'text' },
  }
}

export function documentListSort(
  filter: Pick<DocumentListFilter, 'sectionId'>,
  sortBy: DocumentListSortKey,
  direction: SortDirection,
): SqlSort {
  return { ...documentSorts(filter.sectionId)[sortBy], direction }
}

export function documentList(filter: DocumentListFilter): SqlList {
  const conditions = [Prisma.sql`d."siteId" = ${filter.siteId}`]
  if (filter.kind) conditions.push(Prisma.sql`d.kind = CAST(${filter.kind} AS "DocumentKind")`)
  else conditions.push(Prisma.sql`d.kind <> 'media'`)
  if (filter.sectionId) {
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM "DocumentOccurrence" o
      JOIN "SectionPage" sp ON sp."pageId" = o."pageId"
      WHERE o."documentId" = d.id AND sp."sectionId" = ${filter.sectionId})`)
  }
  if (filter.search) {
    const pattern = toContainsPattern(filter.search)
    conditions.push(Prisma.sql`(d.url ILIKE ${pattern} OR d.title ILIKE ${pattern})`)
  }
  return {
    columns: Prisma.sql`d.id, d.url, d.kind::text AS kind, d.title, d.author, d.language, d."pageCount",
      d.size, d."documentCreatedAt", d."documentModifiedAt", d."isTagged", d."isScanned",
      d."accessibilityScore", d."mediaType"::text AS "mediaType", d."firstSeenAt", ${linkingPagesSql(filter.sectionId)} AS "linkingPages"`,
    from: Prisma.sql`FROM "Document" d WHERE ${Prisma.join(conditions, ' AND ')}`,
    id: Prisma.sql`d.id`,
  }
}

const DOCUMENT_PAGES_SHOWN = 20

/** One document of the site with the first pages that link to it and how many do; null for another site's. */
export async function findSiteDocumentWithPages(
  db: DbClient,
  { siteId, documentId }: { siteId: string; documentId: string },
) {
  const document = await db.document.findFirst({ where: { id: documentId, siteId } })
  if (!document) return null
  const [linkingPages, occurrences] = await Promise.all([
    db.documentOccurrence.count({ where: { documentId } }),
    db.documentOccurrence.findMany({
      where: { documentId },
      select: { page: { select: { id: true, url: true, title: true } } },
      orderBy: { page: { url: 'asc' } },
      take: DOCUMENT_PAGES_SHOWN,
    }),
  ])
  return { document, linkingPages, pages: occurrences.map((occurrence) => occurrence.page) }
}
