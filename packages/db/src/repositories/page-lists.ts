import type { PageListSortKey } from '@canopy/contracts'
import { Prisma, type ReadabilityLevel } from '../generated/prisma/client.js'
import type { DbClient, SortDirection } from './db-client.js'
import { toContainsPattern } from './db-client.js'
import type { SortColumn, SqlList, SqlSort } from './keyset-list.js'

/** The pages of a site (or of one of its sections) as the pages lists and the worst pages read them. */
export interface PageListFilter {
  siteId: string
  sectionId?: string
  search?: string
  readabilityLevel?: ReadabilityLevel
  /** only the pages of one duplicate group (SEO duplicate content) */
  duplicateGroupId?: string
  /** only the pages marked orphaned: in the sitemap or seen before, and linked from no page */
  orphanedOnly?: boolean
}

/** A row of a pages list: the Page columns its item shows. */
export interface PageListRow {
  id: string
  url: string
  title: string | null
  httpStatus: number | null
  firstSeenAt: Date
  lastScannedAt: Date | null
  accessibilityScore: number | null
  seoScore: number | null
  performanceScore: number | null
  contentQualityScore: number | null
  numberOfAccessibilityIssuesFailed: number
  numberOfSeoIssuesFailed: number
  numberOfPerformanceIssuesFailed: number
  brokenLinkCount: number
  brokenImageCount: number
  misspellingCount: number
  readabilityFlesch: number | null
  readabilityLevel: ReadabilityLevel | null
  performanceMetrics: unknown
  pageViewsLastMonth: number
}

const PAGE_COLUMNS = Prisma.sql`p.id, p.url, p.title, p."httpStatus", p."firstSeenAt", p."lastScannedAt",
  p."accessibilityScore", p."seoScore", p."performanceScore", p."contentQualityScore",
  p."numberOfAccessibilityIssuesFailed", p."numberOfSeoIssuesFailed", p."numberOfPerformanceIssuesFailed",
  p."brokenLinkCount", p."brokenImageCount", p."misspellingCount", p."readabilityFlesch",
  p."readabilityLevel"::text AS "readabilityLevel", p."performanceMetrics", p."pageViewsLastMonth"`

type MetricName =
  | 'firstContentfulPaint'
  | 'speedIndex'
  | 'totalBlockingTime'
  | 'largestContentfulPaint'
  | 'cumulativeLayoutShift'

/**
 * A Lighthouse metric's value as the list orders by it. The name is written into the SQL as a literal (it is
 * one of the five above, never input), so the expression matches its index (migration
 * page_metric_sort_indexes); a bound parameter would keep the planner from using it.
 */
const metric = (name: MetricName) =>
  Prisma.sql`(p."performanceMetrics" -> ${Prisma.raw(`'${name}'`)} ->> 'value')::double precision`

/**
 * Each sort key's expression. The URL is compared as stored (the unique (siteId, url) index serves the
 * default sort); titles lower-cased, since the database collation may be byte order.
 */
const PAGE_SORTS: Record<PageListSortKey, SortColumn> = {
  entryTitle: { expression: Prisma.sql`p.url`, type: 'text', notNull: true },
  pageTitle: { expression: Prisma.sql`lower(p.title)`, type: 'text' },
  modified: { expression: Prisma.sql`p."lastScannedAt"`, type: 'timestamp(3)' },
  created: { expression: Prisma.sql`p."firstSeenAt"`, type: 'timestamp(3)', notNull: true },
  accessibilityScore: { expression: Prisma.sql`p."accessibilityScore"`, type: 'double precision' },
  seoScore: { expression: Prisma.sql`p."seoScore"`, type: 'double precision' },
  performanceScore: { expression: Prisma.sql`p."performanceScore"`, type: 'double precision' },
  contentQualityScore: { expression: Prisma.sql`p."contentQualityScore"`, type: 'double precision' },
  numberOfAccessibilityIssuesFailed: {
    expression: Prisma.sql`p."numberOfAccessibilityIssuesFailed"`,
    type: 'integer',
    notNull: true,
  },
  numberOfSeoIssuesFailed: {
    expression: Prisma.sql`p."numberOfSeoIssuesFailed"`,
    type: 'integer',
    notNull: true,
  },
  numberOfPerformanceIssuesFailed: {
    expression: Prisma.sql`p."numberOfPerformanceIssuesFailed"`,
    type: 'integer',
    notNull: true,
  },
  brokenLinkCount: { expression: Prisma.sql`p."brokenLinkCount"`, type: 'integer', notNull: true },
  brokenImageCount: { expression: Prisma.sql`p."brokenImageCount"`, type: 'integer', notNull: true },
  misspellings: { expression: Prisma.sql`p."misspellingCount"`, type: 'integer', notNull: true },
  'readability.flesch': { expression: Prisma.sql`p."readabilityFlesch"`, type: 'double precision' },
  contentQualityReadabilityFlesch: {
    expression: Prisma.sql`p."readabilityFlesch"`,
    type: 'double precision',
  },
  'firstContentfulPaint.value': { expression: metric('firstContentfulPaint'), type: 'double precision' },
  'speedIndex.value': { expression: metric('speedIndex'), type: 'double precision' },
  'totalBlockingTime.value': { expression: metric('totalBlockingTime'), type: 'double precision' },
  'largestContentfulPaint.value': { expression: metric('largestContentfulPaint'), type: 'double precision' },
  'cumulativeLayoutShift.value': { expression: metric('cumulativeLayoutShift'), type: 'double precision' },
  views: { expression: Prisma.sql`p."pageViewsLastMonth"`, type: 'integer', notNull: true },
}

export function pageListSort(sortBy: PageListSortKey, direction: SortDirection): SqlSort {
  return { ...PAGE_SORTS[sortBy], direction }
}

function pageWhereSql(filter: PageListFilter): Prisma.Sql {
  const { siteId, sectionId, search, readabilityLevel } = filter
  const conditions = [Prisma.sql`p."siteId" = ${siteId}`]
  if (filter.duplicateGroupId) {
    conditions.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "DuplicateGroupPage" gp WHERE gp."pageId" = p.id AND gp."groupId" = ${filter.duplicateGroupId})`,
    )
  }
  if (filter.orphanedOnly) conditions.push(Prisma.sql`p."isOrphaned"`)
  if (sectionId) {
    conditions.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "SectionPage" sp WHERE sp."pageId" = p.id AND sp."sectionId" = ${sectionId})`,
    )
  }
  if (search) {
    const pattern = toContainsPattern(search)
    conditions.push(Prisma.sql`(p.url ILIKE ${pattern} OR p.title ILIKE ${pattern})`)
  }
  if (readabilityLevel) {
    conditions.push(Prisma.sql`p."readabilityLevel" = CAST(${readabilityLevel} AS "ReadabilityLevel")`)
  }
  return Prisma.join(conditions, ' AND ')
}

export function pageList(filter: PageListFilter): SqlList {
  return {
    columns: PAGE_COLUMNS,
    from: Prisma.sql`FROM "Page" p WHERE ${pageWhereSql(filter)}`,
    id: Prisma.sql`p.id`,
  }
}

/**
 * The pages an area measured, for its worst pages: a score, or a readability score above 0 (a Flesch
 * score of 0 or less means the page had no text to score).
 */
export function measuredPageList(
  filter: PageListFilter,
  measured: SqlSort,
  { positiveOnly }: { positiveOnly: boolean },
): SqlList {
  const list = pageList(filter)
  const value = measured.expression
  const scored = positiveOnly ? Prisma.sql`${value} > 0` : Prisma.sql`${value} IS NOT NULL`
  return { ...list, from: Prisma.sql`${list.from} AND ${scored}` }
}

export type FailuresByLevel = Record<'A' | 'AA' | 'AAA', number>

/** Failing accessibility audits per WCAG level of each of these pages, in one grouped query. */
export async function countAccessibilityFailuresByLevel(
  db: DbClient,
  pageIds: string[],
): Promise<Map<string, FailuresByLevel>> {
  const counts = new Map<string, FailuresByLevel>()
  if (pageIds.length === 0) return counts
  // Plain SQL: Prisma's groupBy cost more API CPU than the pages list's own query.
  const rows = await db.$queryRaw<{ pageId: string; issueLevel: string; count: number }[]>`
    SELECT "pageId", "issueLevel"::text AS "issueLevel", count(*)::int AS count FROM "PageIssue"
    WHERE "pageId" IN (${Prisma.join(pageIds)}) AND category = 'accessibility' AND outcome = 'failed'
      AND "issueLevel" IN ('A', 'AA', 'AAA')
    GROUP BY "pageId", "issueLevel"`
  for (const id of pageIds) counts.set(id, { A: 0, AA: 0, AAA: 0 })
  for (const row of rows) {
    const page = counts.get(row.pageId)
    if (page && (row.issueLevel === 'A' || row.issueLevel === 'AA' || row.issueLevel === 'AAA')) {
      page[row.issueLevel] = row.count
    }
  }
  return counts
}

/** A page of the site, or null (another site's page is "not found" here). */
export function findSitePageRef(db: DbClient, { siteId, pageId }: { siteId: string; pageId: string }) {
  return db.page.findFirst({ where: { id: pageId, siteId }, select: { id: true } })
}

/** The misspelt words of one page, most frequent first. */
export function listPageMisspellings(db: DbClient, pageId: string) {
  return db.misspellingOccurrence.findMany({
    where: { pageId },
    select: { count: true, misspelling: { select: { id: true, word: true, language: true } } },
    orderBy: [{ count: 'desc' }, { misspelling: { word: 'asc' } }],
  })
}
