import { Prisma } from '../generated/prisma/client.js'
import type { SortDirection } from './db-client.js'
import { toContainsPattern } from './db-client.js'
import type { SortColumn, SqlList, SqlSort } from './keyset-list.js'

/** The misspellings of a site (or of a section's pages), each with its occurrences and the pages it is on. */
export interface MisspellingListFilter {
  siteId: string
  sectionId?: string
  search?: string
}

export interface MisspellingListRow {
  id: string
  word: string
  language: string
  firstSeenAt: Date
  totalCount: number
  pageCount: number
}

export type MisspellingListSortKey = 'entryTitle' | 'language' | 'totalCount'

/** Occurrences counted within the section's pages when the list is scoped to one. */
function inSectionSql(sectionId: string | undefined): Prisma.Sql {
  return sectionId
    ? Prisma.sql`AND EXISTS (SELECT 1 FROM "SectionPage" sp WHERE sp."pageId" = o."pageId" AND sp."sectionId" = ${sectionId})`
    : Prisma.empty
}

function totalCountSql(sectionId: string | undefined): Prisma.Sql {
  return Prisma.sql`(SELECT coalesce(sum(o.count), 0)::int FROM "MisspellingOccurrence" o
    WHERE o."misspellingId" = m.id ${inSectionSql(sectionId)})`
}

function misspellingSorts(sectionId: string | undefined): Record<MisspellingListSortKey, SortColumn> {
  return {
    entryTitle: { expression: Prisma.sql`lower(m.word)`, type: 'text', notNull: true },
    language: { expression: Prisma.sql`m.language`, type: 'text', notNull: true },
    totalCount: { expression: totalCountSql(sectionId), type: 'integer', notNull: true },
  }
}

export function misspellingListSort(
  filter: Pick<MisspellingListFilter, 'sectionId'>,
  sortBy: MisspellingListSortKey,
  direction: SortDirection,
): SqlSort {
  return { ...misspellingSorts(filter.sectionId)[sortBy], direction }
}

/** Only words found on at least one page (of the section) are listed: a word no page has is not reported. */
export function misspellingList(filter: MisspellingListFilter): SqlList {
  const conditions = [
    Prisma.sql`m."siteId" = ${filter.siteId}`,
    Prisma.sql`EXISTS (SELECT 1 FROM "MisspellingOccurrence" o WHERE o."misspellingId" = m.id ${inSectionSql(filter.sectionId)})`,
  ]
  if (filter.search) conditions.push(Prisma.sql`m.word ILIKE ${toContainsPattern(filter.search)}`)
  return {
    columns: Prisma.sql`m.id, m.word, m.language, m."firstSeenAt", ${totalCountSql(filter.sectionId)} AS "totalCount",
      (SELECT count(*)::int FROM "MisspellingOccurrence" o WHERE o."misspellingId" = m.id ${inSectionSql(filter.sectionId)}) AS "pageCount"`,
    from: Prisma.sql`FROM "Misspelling" m WHERE ${Prisma.join(conditions, ' AND ')}`,
    id: Prisma.sql`m.id`,
  }
}
