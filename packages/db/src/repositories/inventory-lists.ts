import { type ContactKind, Prisma } from '../generated/prisma/client.js'
import type { DbClient, SortDirection } from './db-client.js'
import { toContainsPattern } from './db-client.js'
import type { SortColumn, SqlList, SqlSort } from './keyset-list.js'

/**
 * The inventory's contact lists (e-mail addresses, telephone numbers found on the pages) and the pages an
 * inventory item occurs on. Media are Document rows of kind media, listed by documentList.
 */

export interface ContactListFilter {
  siteId: string
  kind: ContactKind
  sectionId?: string
  search?: string
}

export interface ContactListRow {
  id: string
  kind: ContactKind
  value: string
  valid: boolean
  firstSeenAt: Date
  /** occurrences on the pages (of the section, when scoped) */
  occurrences: number
  /** pages it occurs on */
  pages: number
}

export type ContactListSortKey = 'entryTitle' | 'valid' | 'totalCount'

/** A section's pages only, when the list is scoped to one. */
function inSectionSql(pageId: Prisma.Sql, sectionId: string | undefined): Prisma.Sql {
  return sectionId
    ? Prisma.sql`AND EXISTS (SELECT 1 FROM "SectionPage" sp WHERE sp."pageId" = ${pageId} AND sp."sectionId" = ${sectionId})`
    : Prisma.empty
}

function occurrencesSql(sectionId: string | undefined): Prisma.Sql {
  return Prisma.sql`(SELECT coalesce(sum(o.count), 0)::int FROM "ContactOccurrence" o
    WHERE o."contactId" = c.id ${inSectionSql(Prisma.sql`o."pageId"`, sectionId)})`
}

export function contactListSort(
  filter: Pick<ContactListFilter, 'sectionId'>,
  sortBy: ContactListSortKey,
  direction: SortDirection,
): SqlSort {
  const sorts: Record<ContactListSortKey, SortColumn> = {
    entryTitle: { expression: Prisma.sql`c.value`, type: 'text', notNull: true },
    valid: { expression: Prisma.sql`c.valid`, type: 'boolean', notNull: true },
    totalCount: { expression: occurrencesSql(filter.sectionId), type: 'integer', notNull: true },
  }
  return { ...sorts[sortBy], direction }
}

/**
 * The site's contacts of one kind that some page (of the section) still shows: a contact whose pages no
 * longer show it keeps its row but leaves the list.
 */
export function contactList(filter: ContactListFilter): SqlList {
  const conditions = [
    Prisma.sql`c."siteId" = ${filter.siteId}`,
    Prisma.sql`c.kind = CAST(${filter.kind} AS "ContactKind")`,
    Prisma.sql`EXISTS (SELECT 1 FROM "ContactOccurrence" o WHERE o."contactId" = c.id
      ${inSectionSql(Prisma.sql`o."pageId"`, filter.sectionId)})`,
  ]
  if (filter.search) conditions.push(Prisma.sql`c.value ILIKE ${toContainsPattern(filter.search)}`)
  return {
    columns: Prisma.sql`c.id, c.kind::text AS kind, c.value, c.valid, c."firstSeenAt",
      ${occurrencesSql(filter.sectionId)} AS occurrences,
      (SELECT count(*)::int FROM "ContactOccurrence" o WHERE o."contactId" = c.id
        ${inSectionSql(Prisma.sql`o."pageId"`, filter.sectionId)}) AS pages`,
    from: Prisma.sql`FROM "Contact" c WHERE ${Prisma.join(conditions, ' AND ')}`,
    id: Prisma.sql`c.id`,
  }
}

/** One contact of the site, of that kind; null for another site's or kind's. */
export function findSiteContact(
  db: DbClient,
  { siteId, kind, id }: { siteId: string; kind: ContactKind; id: string },
) {
  return db.contact.findFirst({ where: { id, siteId, kind } })
}

/** One document of the site, of that kind; null for another site's or kind's. */
export function findSiteDocumentOfKind(
  db: DbClient,
  { siteId, kind, id }: { siteId: string; kind: 'pdf' | 'media'; id: string },
) {
  return db.document.findFirst({ where: { id, siteId, kind } })
}

/** Where the pages are read from: a contact's occurrences (with their counts) or a document's. */
export type InventoryOccurrenceSource = { contactId: string } | { documentId: string }

export interface InventoryPagesFilter {
  source: InventoryOccurrenceSource
  sectionId?: string
  search?: string
}

export interface InventoryPageRow {
  id: string
  url: string
  title: string | null
  /** occurrences on the page; null for a document, which a page links to or shows */
  count: number | null
}

export type InventoryPageSortKey = 'entryTitle' | 'pageTitle' | 'totalCount'

export function inventoryPagesSort(
  filter: Pick<InventoryPagesFilter, 'source'>,
  sortBy: InventoryPageSortKey,
  direction: SortDirection,
): SqlSort {
  const isContact = 'contactId' in filter.source
  const sorts: Record<InventoryPageSortKey, SortColumn> = {
    entryTitle: { expression: Prisma.sql`p.url`, type: 'text', notNull: true },
    pageTitle: { expression: Prisma.sql`lower(coalesce(p.title, ''))`, type: 'text', notNull: true },
    // A document occurs once per page: its pages sort by URL instead.
    totalCount: isContact
      ? { expression: Prisma.sql`o.count`, type: 'integer', notNull: true }
      : { expression: Prisma.sql`p.url`, type: 'text', notNull: true },
  }
  return { ...sorts[sortBy], direction }
}

/** The pages (of the section) where a contact occurs, or that link to or show a document. */
export function inventoryPagesList(filter: InventoryPagesFilter): SqlList {
  const { source } = filter
  const occurrence =
    'contactId' in source
      ? { table: Prisma.sql`"ContactOccurrence"`, where: Prisma.sql`o."contactId" = ${source.contactId}` }
      : { table: Prisma.sql`"DocumentOccurrence"`, where: Prisma.sql`o."documentId" = ${source.documentId}` }
  const conditions = [occurrence.where]
  if (filter.sectionId) conditions.push(Prisma.sql`TRUE ${inSectionSql(Prisma.sql`p.id`, filter.sectionId)}`)
  if (filter.search) {
    const pattern = toContainsPattern(filter.search)
    conditions.push(Prisma.sql`(p.url ILIKE ${pattern} OR p.title ILIKE ${pattern})`)
  }
  const count = 'contactId' in source ? Prisma.sql`o.count` : Prisma.sql`NULL::int`
  return {
    columns: Prisma.sql`p.id, p.url, p.title, ${count} AS count`,
    from: Prisma.sql`FROM ${occurrence.table} o JOIN "Page" p ON p.id = o."pageId"
      WHERE ${Prisma.join(conditions, ' AND ')}`,
    id: Prisma.sql`p.id`,
  }
}
