import { Prisma } from '../generated/prisma/client.js'
import type { DbClient, SortDirection } from './db-client.js'
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

/** Occurrences: kept on the row for the whole site, counted within the section's pages for a section. */
function totalCountSql(sectionId: string | undefined): Prisma.Sql {
  if (!sectionId) return Prisma.sql`m."totalCount"`
  return Prisma.sql`(SELECT coalesce(sum(o.count), 0)::int FROM "MisspellingOccurrence" o
    WHERE o."misspellingId" = m.id ${inSectionSql(sectionId)})`
}

function pageCountSql(sectionId: string | undefined): Prisma.Sql {
  if (!sectionId) return Prisma.sql`m."pageCount"`
  return Prisma.sql`(SELECT count(*)::int FROM "MisspellingOccurrence" o WHERE o."misspellingId" = m.id ${inSectionSql(sectionId)})`
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

/**
 * Only words found on at least one page (of the section) are listed: a word no page has is not reported.
 * The whole site's list reads the totals the last finalized scan kept (refreshMisspellingTotals).
 */
export function misspellingList(filter: MisspellingListFilter): SqlList {
  const conditions = [
    Prisma.sql`m."siteId" = ${filter.siteId}`,
    filter.sectionId
      ? Prisma.sql`EXISTS (SELECT 1 FROM "MisspellingOccurrence" o WHERE o."misspellingId" = m.id ${inSectionSql(filter.sectionId)})`
      : Prisma.sql`m."totalCount" > 0`,
  ]
  if (filter.search) conditions.push(Prisma.sql`m.word ILIKE ${toContainsPattern(filter.search)}`)
  return {
    columns: Prisma.sql`m.id, m.word, m.language, m."firstSeenAt", ${totalCountSql(filter.sectionId)} AS "totalCount",
      ${pageCountSql(filter.sectionId)} AS "pageCount"`,
    from: Prisma.sql`FROM "Misspelling" m WHERE ${Prisma.join(conditions, ' AND ')}`,
    id: Prisma.sql`m.id`,
  }
}

/**
 * Each misspelling's occurrences and pages from what the site's pages hold now: run when a scan is finalized,
 * once its pages are stored. Only rows whose totals changed are written.
 */
export async function refreshMisspellingTotals(db: DbClient, siteId: string): Promise<void> {
  await db.$executeRaw`
    UPDATE "Misspelling" m SET "totalCount" = t.total, "pageCount" = t.pages
    FROM (SELECT m2.id, coalesce(sum(o.count), 0)::int AS total, count(o."pageId")::int AS pages
          FROM "Misspelling" m2 LEFT JOIN "MisspellingOccurrence" o ON o."misspellingId" = m2.id
          WHERE m2."siteId" = ${siteId} GROUP BY m2.id) t
    WHERE t.id = m.id AND (m."totalCount" <> t.total OR m."pageCount" <> t.pages)`
}
