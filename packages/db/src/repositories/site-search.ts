import {
  type ContactKind,
  type DocumentKind,
  type IssueCategory,
  Prisma,
} from '../generated/prisma/client.js'
import type { DbClient, PageWindow } from './db-client.js'
import { toContainsPattern } from './db-client.js'

/**
 * Global search of one site (or one section's pages): every matching page, issue, link, document and
 * contact detail, one group at a time. A substring match (ILIKE '%term%') is served by the trigram indexes
 * of the page, link, document and contact columns (prisma/README.md, Hand-written indexes).
 *
 * Matches are collected up to `countLimit + 1` before anything is sorted: a term found on most of a 100k-page
 * site then costs no more than a rare one, and the total reads "more than countLimit". The page of results
 * is sorted within what was collected.
 */
export interface SiteSearchFilter {
  siteId: string
  /** the section's pages only (its id), or the whole site */
  sectionId?: string
  /** the trimmed term */
  term: string
  countLimit: number
}

export interface SearchGroupRows<Row> {
  rows: Row[]
  /** matches found, at most countLimit + 1 */
  matchCount: number
}

export interface PageSearchRow {
  id: string
  url: string
  title: string | null
}

export interface IssueSearchRow {
  issueId: string
  category: IssueCategory
  title: string
  description: string
  pagesFailed: number
}

export interface LinkSearchRow {
  id: string
  url: string
  isInternal: boolean
  isBroken: boolean
  isUnverified: boolean
  status: number | null
  pageCount: number
}

export interface DocumentSearchRow {
  id: string
  kind: DocumentKind
  url: string
  title: string | null
  pageCount: number
}

export interface ContactSearchRow {
  id: string
  kind: ContactKind
  value: string
  valid: boolean
  pageCount: number
}

type WithMatchCount<Row> = Row & { matchCount: number }

/**
 * Runs one group's search: `matches` is SELECT ... FROM ... WHERE ... (its columns include every column
 * `order` names), `order` sorts the collected matches, `extra` adds columns computed for the page's rows
 * only (e.g. how many pages hold a link).
 */
async function searchGroup<Row>(
  db: DbClient,
  { matches, order, extra = Prisma.empty }: { matches: Prisma.Sql; order: Prisma.Sql; extra?: Prisma.Sql },
  countLimit: number,
  window: PageWindow,
): Promise<SearchGroupRows<Row>> {
  const found = await db.$queryRaw<WithMatchCount<Row>[]>`
    WITH matched AS MATERIALIZED (${matches} LIMIT ${countLimit + 1}),
    page AS (
      SELECT matched.*, (count(*) OVER ())::int AS "matchCount" FROM matched
      ORDER BY ${order} LIMIT ${window.take} OFFSET ${window.skip}
    )
    SELECT page.* ${extra} FROM page ORDER BY ${order}`
  if (found.length > 0 || window.skip === 0) {
    return {
      rows: found.map(({ matchCount: _count, ...row }) => row as Row),
      matchCount: found[0]?.matchCount ?? 0,
    }
  }
  // A page beyond the last: the total still tells the screen how many there are.
  const [counted] = await db.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM (${matches} LIMIT ${countLimit + 1}) matched`
  return { rows: [], matchCount: counted?.count ?? 0 }
}

/** The page is one of the section's pages (no condition for the whole site). */
function pageInSection(pageId: Prisma.Sql, sectionId: string | undefined): Prisma.Sql {
  if (!sectionId) return Prisma.empty
  return Prisma.sql`AND EXISTS (SELECT 1 FROM "SectionPage" sp WHERE sp."pageId" = ${pageId} AND sp."sectionId" = ${sectionId})`
}

/** Pages holding the item, within the section when scoped; `table` is an occurrence table of (item, page). */
function pageCountSql(table: Prisma.Sql, itemColumn: Prisma.Sql, sectionId: string | undefined) {
  return Prisma.sql`, (SELECT count(DISTINCT o."pageId")::int FROM ${table} o
    WHERE o.${itemColumn} = page.id ${pageInSection(Prisma.sql`o."pageId"`, sectionId)}) AS "pageCount"`
}

/** The item occurs on one of the section's pages (no condition for the whole site). */
function occursInSection(table: Prisma.Sql, itemColumn: Prisma.Sql, item: Prisma.Sql, sectionId?: string) {
  if (!sectionId) return Prisma.empty
  return Prisma.sql`AND EXISTS (SELECT 1 FROM ${table} o JOIN "SectionPage" sp ON sp."pageId" = o."pageId"
    WHERE o.${itemColumn} = ${item} AND sp."sectionId" = ${sectionId})`
}

/** Pages whose URL or title contains the term, by URL. */
export function searchSitePages(db: DbClient, filter: SiteSearchFilter, window: PageWindow) {
  const pattern = toContainsPattern(filter.term)
  return searchGroup<PageSearchRow>(
    db,
    {
      matches: Prisma.sql`SELECT p.id, p.url, p.title FROM "Page" p
        WHERE p."siteId" = ${filter.siteId} AND (p.url ILIKE ${pattern} OR p.title ILIKE ${pattern})
        ${pageInSection(Prisma.sql`p.id`, filter.sectionId)}`,
      order: Prisma.sql`url, id`,
    },
    filter.countLimit,
    window,
  )
}

/**
 * The site's (or section's) issues failing or needing a check now whose name, description or audit id
 * contains the term, the most widespread first. The issue lists' roll-up holds a few hundred rows per scope.
 */
export function searchSiteIssues(db: DbClient, filter: SiteSearchFilter, window: PageWindow) {
  const pattern = toContainsPattern(filter.term)
  return searchGroup<IssueSearchRow>(
    db,
    {
      matches: Prisma.sql`SELECT s."issueId", s.category, s.title, s.description, s."pagesFailed"
        FROM "IssueSummary" s
        WHERE s."siteId" = ${filter.siteId} AND s."scopeId" = ${filter.sectionId ?? ''}
          AND (s."pagesFailed" > 0 OR s."pagesManual" > 0)
          AND (s.title ILIKE ${pattern} OR s.description ILIKE ${pattern} OR s."issueId" ILIKE ${pattern})`,
      order: Prisma.sql`"pagesFailed" DESC, title, category, "issueId"`,
    },
    filter.countLimit,
    window,
  )
}

/** Links (anchors and images) whose URL contains the term, by URL, with the pages holding each. */
export function searchSiteLinks(db: DbClient, filter: SiteSearchFilter, window: PageWindow) {
  const pattern = toContainsPattern(filter.term)
  const occurrences = Prisma.sql`"LinkOccurrence"`
  return searchGroup<LinkSearchRow>(
    db,
    {
      matches: Prisma.sql`SELECT l.id, l.url, l."isInternal", l."isBroken", l."isUnverified", l.status
        FROM "Link" l WHERE l."siteId" = ${filter.siteId} AND l.url ILIKE ${pattern}
        ${occursInSection(occurrences, Prisma.sql`"linkId"`, Prisma.sql`l.id`, filter.sectionId)}`,
      order: Prisma.sql`url, id`,
      extra: pageCountSql(occurrences, Prisma.sql`"linkId"`, filter.sectionId),
    },
    filter.countLimit,
    window,
  )
}

/** Documents whose URL or title contains the term, by URL, with the pages linking to each. */
export function searchSiteDocuments(db: DbClient, filter: SiteSearchFilter, window: PageWindow) {
  const pattern = toContainsPattern(filter.term)
  const occurrences = Prisma.sql`"DocumentOccurrence"`
  return searchGroup<DocumentSearchRow>(
    db,
    {
      matches: Prisma.sql`SELECT d.id, d.kind, d.url, d.title FROM "Document" d
        WHERE d."siteId" = ${filter.siteId} AND (d.url ILIKE ${pattern} OR d.title ILIKE ${pattern})
        ${occursInSection(occurrences, Prisma.sql`"documentId"`, Prisma.sql`d.id`, filter.sectionId)}`,
      order: Prisma.sql`url, id`,
      extra: pageCountSql(occurrences, Prisma.sql`"documentId"`, filter.sectionId),
    },
    filter.countLimit,
    window,
  )
}

/** E-mail addresses and telephone numbers containing the term, by value, with the pages holding each. */
export function searchSiteContacts(db: DbClient, filter: SiteSearchFilter, window: PageWindow) {
  const pattern = toContainsPattern(filter.term)
  const occurrences = Prisma.sql`"ContactOccurrence"`
  return searchGroup<ContactSearchRow>(
    db,
    {
      matches: Prisma.sql`SELECT c.id, c.kind, c.value, c.valid FROM "Contact" c
        WHERE c."siteId" = ${filter.siteId} AND c.value ILIKE ${pattern}
        ${occursInSection(occurrences, Prisma.sql`"contactId"`, Prisma.sql`c.id`, filter.sectionId)}`,
      order: Prisma.sql`value, id`,
      extra: pageCountSql(occurrences, Prisma.sql`"contactId"`, filter.sectionId),
    },
    filter.countLimit,
    window,
  )
}
