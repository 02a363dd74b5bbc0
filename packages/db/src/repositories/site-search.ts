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
 * contact detail, by group, every group asked for in one statement. A substring match (ILIKE '%term%') is
 * served by the trigram indexes of the page, link, document and contact columns (prisma/README.md,
 * Hand-written indexes).
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

/** One group's search as SQL: what it matches, how its results are sorted, columns for the page's rows. */
interface GroupSql {
  /** SELECT ... FROM ... WHERE ...; its columns include every column `order` names */
  matches: Prisma.Sql
  /** sorts the collected matches (unqualified column names) */
  order: Prisma.Sql
  /** columns computed for the page's rows only, from the row alias `page` (e.g. how many pages hold a link) */
  extra?: Prisma.Sql
}

/**
 * The SQL of one group for searchGroups: its matches collected (up to countLimit + 1) and the window of them,
 * answered as one row: the group's name, how many matched and the page's rows as JSON.
 */
function groupStatement(name: string, sql: GroupSql, countLimit: number, window: PageWindow) {
  const matched = Prisma.raw(`"matched_${name}"`)
  const paged = Prisma.raw(`"page_${name}"`)
  return {
    ctes: Prisma.sql`${matched} AS MATERIALIZED (${sql.matches} LIMIT ${countLimit + 1}),
      ${paged} AS (SELECT * FROM ${matched} ORDER BY ${sql.order} LIMIT ${window.take} OFFSET ${window.skip})`,
    select: Prisma.sql`SELECT ${name} AS "group", (SELECT count(*)::int FROM ${matched}) AS "matchCount",
      coalesce((SELECT json_agg(row_to_json(found) ORDER BY ${sql.order})
        FROM (SELECT page.* ${sql.extra ?? Prisma.empty} FROM ${paged} AS page) AS found), '[]'::json) AS rows`,
  }
}

/**
 * Runs the groups' searches as one statement (one round trip and one connection for every group, as the
 * search panel asks for each pause in typing): `GroupSql` per group, answered in the order given.
 */
async function searchGroups(
  db: DbClient,
  groups: [string, GroupSql][],
  countLimit: number,
  window: PageWindow,
): Promise<Map<string, SearchGroupRows<unknown>>> {
  const statements = groups.map(([name, sql]) => groupStatement(name, sql, countLimit, window))
  const found = await db.$queryRaw<{ group: string; matchCount: number; rows: unknown[] }[]>`
    WITH ${Prisma.join(
      statements.map((statement) => statement.ctes),
      ',\n',
    )}
    ${Prisma.join(
      statements.map((statement) => statement.select),
      '\nUNION ALL\n',
    )}`
  return new Map(found.map((row) => [row.group, { rows: row.rows, matchCount: row.matchCount }]))
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
function pagesSql(filter: SiteSearchFilter): GroupSql {
  const pattern = toContainsPattern(filter.term)
  return {
    matches: Prisma.sql`SELECT p.id, p.url, p.title FROM "Page" p
      WHERE p."siteId" = ${filter.siteId} AND (p.url ILIKE ${pattern} OR p.title ILIKE ${pattern})
      ${pageInSection(Prisma.sql`p.id`, filter.sectionId)}`,
    order: Prisma.sql`url, id`,
  }
}

/**
 * The site's (or section's) issues failing or needing a check now whose name, description or audit id
 * contains the term, the most widespread first. The issue lists' roll-up holds a few hundred rows per scope.
 */
function issuesSql(filter: SiteSearchFilter): GroupSql {
  const pattern = toContainsPattern(filter.term)
  return {
    matches: Prisma.sql`SELECT s."issueId", s.category, s.title, s.description, s."pagesFailed"
      FROM "IssueSummary" s
      WHERE s."siteId" = ${filter.siteId} AND s."scopeId" = ${filter.sectionId ?? ''}
        AND (s."pagesFailed" > 0 OR s."pagesManual" > 0)
        AND (s.title ILIKE ${pattern} OR s.description ILIKE ${pattern} OR s."issueId" ILIKE ${pattern})`,
    order: Prisma.sql`"pagesFailed" DESC, title, category, "issueId"`,
  }
}

/** Links (anchors and images) whose URL contains the term, by URL, with the pages holding each. */
function linksSql(filter: SiteSearchFilter): GroupSql {
  const pattern = toContainsPattern(filter.term)
  const occurrences = Prisma.sql`"LinkOccurrence"`
  return {
    matches: Prisma.sql`SELECT l.id, l.url, l."isInternal", l."isBroken", l."isUnverified", l.status
      FROM "Link" l WHERE l."siteId" = ${filter.siteId} AND l.url ILIKE ${pattern}
      ${occursInSection(occurrences, Prisma.sql`"linkId"`, Prisma.sql`l.id`, filter.sectionId)}`,
    order: Prisma.sql`url, id`,
    extra: pageCountSql(occurrences, Prisma.sql`"linkId"`, filter.sectionId),
  }
}

/** Documents whose URL or title contains the term, by URL, with the pages linking to each. */
function documentsSql(filter: SiteSearchFilter): GroupSql {
  const pattern = toContainsPattern(filter.term)
  const occurrences = Prisma.sql`"DocumentOccurrence"`
  return {
    matches: Prisma.sql`SELECT d.id, d.kind, d.url, d.title FROM "Document" d
      WHERE d."siteId" = ${filter.siteId} AND (d.url ILIKE ${pattern} OR d.title ILIKE ${pattern})
      ${occursInSection(occurrences, Prisma.sql`"documentId"`, Prisma.sql`d.id`, filter.sectionId)}`,
    order: Prisma.sql`url, id`,
    extra: pageCountSql(occurrences, Prisma.sql`"documentId"`, filter.sectionId),
  }
}

/** E-mail addresses and telephone numbers containing the term, by value, with the pages holding each. */
function contactsSql(filter: SiteSearchFilter): GroupSql {
  const pattern = toContainsPattern(filter.term)
  const occurrences = Prisma.sql`"ContactOccurrence"`
  return {
    matches: Prisma.sql`SELECT c.id, c.kind, c.value, c.valid FROM "Contact" c
      WHERE c."siteId" = ${filter.siteId} AND c.value ILIKE ${pattern}
      ${occursInSection(occurrences, Prisma.sql`"contactId"`, Prisma.sql`c.id`, filter.sectionId)}`,
    order: Prisma.sql`value, id`,
    extra: pageCountSql(occurrences, Prisma.sql`"contactId"`, filter.sectionId),
  }
}

/** The rows of each group, by group. */
export interface SiteSearchRows {
  pages: SearchGroupRows<PageSearchRow>
  issues: SearchGroupRows<IssueSearchRow>
  links: SearchGroupRows<LinkSearchRow>
  documents: SearchGroupRows<DocumentSearchRow>
  contacts: SearchGroupRows<ContactSearchRow>
}
export type SiteSearchGroup = keyof SiteSearchRows

const GROUP_SQL: Record<SiteSearchGroup, (filter: SiteSearchFilter) => GroupSql> = {
  pages: pagesSql,
  issues: issuesSql,
  links: linksSql,
  documents: documentsSql,
  contacts: contactsSql,
}

/** Searches the groups asked for, in one statement; each group's window of results and its match count. */
export async function searchSiteRows(
  db: DbClient,
  filter: SiteSearchFilter,
  groups: readonly SiteSearchGroup[],
  window: PageWindow,
): Promise<Partial<SiteSearchRows>> {
  const found = await searchGroups(
    db,
    groups.map((group) => [group, GROUP_SQL[group](filter)]),
    filter.countLimit,
    window,
  )
  return Object.fromEntries(groups.map((group) => [group, found.get(group)])) as Partial<SiteSearchRows>
}
