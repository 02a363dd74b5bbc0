import { Prisma } from '../generated/prisma/client.js'
import type { SortDirection } from './db-client.js'
import { toContainsPattern } from './db-client.js'
import type { SortColumn, SqlList, SqlSort } from './keyset-list.js'

/**
 * The pages affected by one link or one misspelling (the pages-affected-by-a-* lists): the pages holding an
 * occurrence of it, with how many times it occurs there. One list for both, over their occurrence tables.
 */
export type AffectedBy = { linkId: string } | { misspellingId: string }

export interface AffectedPagesFilter {
  siteId: string
  by: AffectedBy
  sectionId?: string
  search?: string
}

export interface AffectedPageRow {
  id: string
  url: string
  title: string | null
  lastScannedAt: Date | null
  occurrences: number
}

export type AffectedPageSortKey = 'entryTitle' | 'pageTitle' | 'modified' | 'totalCount'

/** The occurrences of the link or misspelling, one row per page (a link's anchor and image uses summed). */
function occurrencesSql(by: AffectedBy): Prisma.Sql {
  if ('linkId' in by) {
    return Prisma.sql`(SELECT o."pageId", sum(o.count)::int AS occurrences FROM "LinkOccurrence" o
      WHERE o."linkId" = ${by.linkId} GROUP BY o."pageId")`
  }
  return Prisma.sql`(SELECT o."pageId", o.count AS occurrences FROM "MisspellingOccurrence" o
    WHERE o."misspellingId" = ${by.misspellingId})`
}

const AFFECTED_PAGE_SORTS: Record<AffectedPageSortKey, SortColumn> = {
  entryTitle: { expression: Prisma.sql`p.url`, type: 'text', notNull: true },
  pageTitle: { expression: Prisma.sql`lower(p.title)`, type: 'text' },
  modified: { expression: Prisma.sql`p."lastScannedAt"`, type: 'timestamp(3)' },
  totalCount: { expression: Prisma.sql`a.occurrences`, type: 'integer', notNull: true },
}

export function affectedPageSort(sortBy: AffectedPageSortKey, direction: SortDirection): SqlSort {
  return { ...AFFECTED_PAGE_SORTS[sortBy], direction }
}

export function affectedPagesList(filter: AffectedPagesFilter): SqlList {
  const conditions = [Prisma.sql`p."siteId" = ${filter.siteId}`]
  if (filter.sectionId) {
    conditions.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "SectionPage" sp WHERE sp."pageId" = p.id AND sp."sectionId" = ${filter.sectionId})`,
    )
  }
  if (filter.search) {
    const pattern = toContainsPattern(filter.search)
    conditions.push(Prisma.sql`(p.url ILIKE ${pattern} OR p.title ILIKE ${pattern})`)
  }
  return {
    columns: Prisma.sql`p.id, p.url, p.title, p."lastScannedAt", a.occurrences`,
    from: Prisma.sql`FROM ${occurrencesSql(filter.by)} a JOIN "Page" p ON p.id = a."pageId"
      WHERE ${Prisma.join(conditions, ' AND ')}`,
    id: Prisma.sql`p.id`,
  }
}
