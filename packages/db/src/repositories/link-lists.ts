import { Prisma, type ReadabilityLevel } from '../generated/prisma/client.js'
import type { DbClient, SortDirection } from './db-client.js'
import { toContainsPattern } from './db-client.js'
import type { SortColumn, SqlList, SqlSort } from './keyset-list.js'

/**
 * The links of a site as the content quality area lists them: the broken ones (and those the check could
 * not verify) that some page links to, and the pages that link to one link.
 */
export interface BrokenLinkFilter {
  siteId: string
  sectionId?: string
  search?: string
  /** internal or external only; absent: both */
  isInternal?: boolean
  /** broken only, unverified only; absent: both */
  verification?: 'broken' | 'unverified'
}

export interface BrokenLinkRow {
  id: string
  url: string
  status: number | null
  error: string | null
  isInternal: boolean
  isUnverified: boolean
  firstSeenAt: Date
  /** pages (of the section, when scoped) that link to it */
  linkingPages: number
  /** page views in the past month of those pages */
  pageViews: number
}

export type BrokenLinkSortKey =
  | 'entryTitle'
  | 'status'
  | 'totalCount'
  | 'created'
  | 'numberOfPageViewsInThePastMonth'

/** The anchors of the link, on the section's pages when the list is scoped to one. */
function anchorsSql(sectionId: string | undefined): Prisma.Sql {
  const inSection = sectionId
    ? Prisma.sql`AND EXISTS (SELECT 1 FROM "SectionPage" sp WHERE sp."pageId" = o."pageId" AND sp."sectionId" = ${sectionId})`
    : Prisma.empty
  // A link only seen as an image source is a broken image, not a broken link.
  return Prisma.sql`FROM "LinkOccurrence" o WHERE o."linkId" = l.id AND o.kind = 'anchor' ${inSection}`
}

const linkingPagesSql = (sectionId: string | undefined) =>
  Prisma.sql`(SELECT count(*)::int ${anchorsSql(sectionId)})`

const pageViewsSql = (sectionId: string | undefined) =>
  Prisma.sql`(SELECT coalesce(sum(p."pageViewsLastMonth"), 0)::int FROM "Page" p
    WHERE p.id IN (SELECT o."pageId" ${anchorsSql(sectionId)}))`

function brokenLinkSorts(sectionId: string | undefined): Record<BrokenLinkSortKey, SortColumn> {
  return {
    entryTitle: { expression: Prisma.sql`l.url`, type: 'text', notNull: true },
    status: { expression: Prisma.sql`l.status`, type: 'integer' },
    totalCount: { expression: linkingPagesSql(sectionId), type: 'integer', notNull: true },
    created: { expression: Prisma.sql`l."firstSeenAt"`, type: 'timestamp(3)', notNull: true },
    numberOfPageViewsInThePastMonth: { expression: pageViewsSql(sectionId), type: 'integer', notNull: true },
  }
}

export function brokenLinkSort(
  filter: Pick<BrokenLinkFilter, 'sectionId'>,
  sortBy: BrokenLinkSortKey,
  direction: SortDirection,
): SqlSort {
  return { ...brokenLinkSorts(filter.sectionId)[sortBy], direction }
}

function verificationSql(verification: BrokenLinkFilter['verification']): Prisma.Sql {
  if (verification === 'broken') return Prisma.sql`l."isBroken" = true`
  if (verification === 'unverified') return Prisma.sql`l."isUnverified" = true`
  return Prisma.sql`(l."isBroken" = true OR l."isUnverified" = true)`
}

export function brokenLinkList(filter: BrokenLinkFilter): SqlList {
  const conditions = [
    Prisma.sql`l."siteId" = ${filter.siteId}`,
    verificationSql(filter.verification),
    Prisma.sql`EXISTS (SELECT 1 ${anchorsSql(filter.sectionId)})`,
  ]
  if (filter.isInternal !== undefined) conditions.push(Prisma.sql`l."isInternal" = ${filter.isInternal}`)
  if (filter.search) conditions.push(Prisma.sql`l.url ILIKE ${toContainsPattern(filter.search)}`)
  return {
    columns: Prisma.sql`l.id, l.url, l.status, l.error, l."isInternal", l."isUnverified", l."firstSeenAt",
      ${linkingPagesSql(filter.sectionId)} AS "linkingPages", ${pageViewsSql(filter.sectionId)} AS "pageViews"`,
    from: Prisma.sql`FROM "Link" l WHERE ${Prisma.join(conditions, ' AND ')}`,
    id: Prisma.sql`l.id`,
  }
}

// ─── pages that link to one link ──────────────────────────────────────────────────────────────────────

/** The pages affected by one link, or by one misspelling (the pages it is found on). */
export type AffectedPageFilter = {
  siteId: string
  sectionId?: string
  search?: string
} & ({ linkId: string } | { misspellingId: string })

export interface AffectedPageRow {
  id: string
  url: string
  title: string | null
  firstSeenAt: Date
  lastScannedAt: Date | null
  occurrences: number
}

export type AffectedPageSortKey = 'entryTitle' | 'pageTitle' | 'modified'

const AFFECTED_PAGE_SORTS: Record<AffectedPageSortKey, SortColumn> = {
  entryTitle: { expression: Prisma.sql`p.url`, type: 'text', notNull: true },
  pageTitle: { expression: Prisma.sql`lower(p.title)`, type: 'text' },
  modified: { expression: Prisma.sql`p."lastScannedAt"`, type: 'timestamp(3)' },
}

export function affectedPageSort(sortBy: AffectedPageSortKey, direction: SortDirection): SqlSort {
  return { ...AFFECTED_PAGE_SORTS[sortBy], direction }
}

/** The link's occurrences (as anchors or image sources), or the misspelling's, of one page `p`. */
function occurrencesOf(filter: AffectedPageFilter): { ids: Prisma.Sql; count: Prisma.Sql } {
  if ('linkId' in filter) {
    return {
      ids: Prisma.sql`SELECT o."pageId" FROM "LinkOccurrence" o WHERE o."linkId" = ${filter.linkId}`,
      count: Prisma.sql`(SELECT coalesce(sum(o.count), 0)::int FROM "LinkOccurrence" o
        WHERE o."linkId" = ${filter.linkId} AND o."pageId" = p.id)`,
    }
  }
  return {
    ids: Prisma.sql`SELECT o."pageId" FROM "MisspellingOccurrence" o WHERE o."misspellingId" = ${filter.misspellingId}`,
    count: Prisma.sql`(SELECT coalesce(sum(o.count), 0)::int FROM "MisspellingOccurrence" o
      WHERE o."misspellingId" = ${filter.misspellingId} AND o."pageId" = p.id)`,
  }
}

/** The pages of the site (or section) that link to the link, or that the misspelling is found on. */
export function affectedPageList(filter: AffectedPageFilter): SqlList {
  const { siteId, sectionId, search } = filter
  const occurrences = occurrencesOf(filter)
  const conditions = [Prisma.sql`p."siteId" = ${siteId}`, Prisma.sql`p.id IN (${occurrences.ids})`]
  if (sectionId) {
    conditions.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "SectionPage" sp WHERE sp."pageId" = p.id AND sp."sectionId" = ${sectionId})`,
    )
  }
  if (search) {
    const pattern = toContainsPattern(search)
    conditions.push(Prisma.sql`(p.url ILIKE ${pattern} OR p.title ILIKE ${pattern})`)
  }
  return {
    columns: Prisma.sql`p.id, p.url, p.title, p."firstSeenAt", p."lastScannedAt", ${occurrences.count} AS occurrences`,
    from: Prisma.sql`FROM "Page" p WHERE ${Prisma.join(conditions, ' AND ')}`,
    id: Prisma.sql`p.id`,
  }
}

// ─── one link or misspelling ──────────────────────────────────────────────────────────────────────────

/** A link of the site, or null (another site's link is "not found" here). */
export function findSiteLinkRef(db: DbClient, { siteId, linkId }: { siteId: string; linkId: string }) {
  return db.link.findFirst({ where: { id: linkId, siteId }, select: { id: true } })
}

/** One link of the site with the pages that link to it as anchors; null for another site's or none. */
export async function findSiteLink(db: DbClient, { siteId, linkId }: { siteId: string; linkId: string }) {
  const link = await db.link.findFirst({ where: { id: linkId, siteId } })
  if (!link) return null
  const [linkingPages, pageViews] = await Promise.all([
    db.linkOccurrence.count({ where: { linkId, kind: 'anchor' } }),
    db.page.aggregate({
      where: { siteId, links: { some: { linkId, kind: 'anchor' } } },
      _sum: { pageViewsLastMonth: true },
    }),
  ])
  return { link, linkingPages, pageViews: pageViews._sum.pageViewsLastMonth ?? 0 }
}

/** One misspelling of the site with how many pages it is on; null for another site's or none. */
export async function findSiteMisspelling(
  db: DbClient,
  { siteId, misspellingId }: { siteId: string; misspellingId: string },
) {
  const misspelling = await db.misspelling.findFirst({ where: { id: misspellingId, siteId } })
  if (!misspelling) return null
  const pages = await db.misspellingOccurrence.count({ where: { misspellingId } })
  return { misspelling, pages }
}

// ─── readability ──────────────────────────────────────────────────────────────────────────────────────

export interface ReadabilityAggregateRow {
  /** mean Flesch reading ease of the pages scoring above 0; null when none does */
  meanFlesch: number | null
  /** pages per level; levels without pages are absent */
  levels: { level: ReadabilityLevel; pages: number }[]
}

/** The readability of the site's (or section's) pages: their mean score and how many are at each level. */
export async function aggregateReadability(
  db: DbClient,
  { siteId, sectionId }: { siteId: string; sectionId?: string },
): Promise<ReadabilityAggregateRow> {
  const inSection = sectionId
    ? Prisma.sql`AND EXISTS (SELECT 1 FROM "SectionPage" sp WHERE sp."pageId" = p.id AND sp."sectionId" = ${sectionId})`
    : Prisma.empty
  const rows = await db.$queryRaw<
    { level: ReadabilityLevel | null; pages: number; fleschSum: number | null; scored: number }[]
  >`
    SELECT p."readabilityLevel"::text AS level, count(*)::int AS pages,
      sum(p."readabilityFlesch") FILTER (WHERE p."readabilityFlesch" > 0)::double precision AS "fleschSum",
      count(*) FILTER (WHERE p."readabilityFlesch" > 0)::int AS scored
    FROM "Page" p WHERE p."siteId" = ${siteId} ${inSection}
    GROUP BY p."readabilityLevel"`
  const scored = rows.reduce((sum, row) => sum + row.scored, 0)
  const fleschSum = rows.reduce((sum, row) => sum + (row.fleschSum ?? 0), 0)
  return {
    meanFlesch: scored > 0 ? fleschSum / scored : null,
    levels: rows.flatMap((row) => (row.level ? [{ level: row.level, pages: row.pages }] : [])),
  }
}
