import type { Prisma } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

// Web analytics reports kept per site, report and UTC day, and the page views they give each page.

/** One row of a report: its dimension values in the order asked, and its page views. */
export interface AnalyticsReportRow {
  dimensions: string[]
  views: number
}

const dayOf = (isoDay: string) => new Date(`${isoDay}T00:00:00.000Z`)

export async function findAnalyticsReport(
  db: DbClient,
  { siteId, key, day }: { siteId: string; key: string; day: string },
): Promise<AnalyticsReportRow[] | null> {
  const found = await db.analyticsReport.findUnique({
    where: { siteId_key_day: { siteId, key, day: dayOf(day) } },
    select: { rows: true },
  })
  return found ? (found.rows as unknown as AnalyticsReportRow[]) : null
}

/** Keeps the report for the day, and forgets the site's reports of earlier days (never read again). */
export async function saveAnalyticsReport(
  db: DbClient,
  { siteId, key, day, rows }: { siteId: string; key: string; day: string; rows: AnalyticsReportRow[] },
): Promise<void> {
  const json = rows as unknown as Prisma.InputJsonValue
  await db.analyticsReport.upsert({
    where: { siteId_key_day: { siteId, key, day: dayOf(day) } },
    create: { siteId, key, day: dayOf(day), rows: json },
    update: { rows: json },
  })
  await db.analyticsReport.deleteMany({ where: { siteId, day: { lt: dayOf(day) } } })
}

export function deleteAnalyticsReports(db: DbClient, siteId: string) {
  return db.analyticsReport.deleteMany({ where: { siteId } })
}

/** The site's scanned pages with these URLs: url → page id. */
export async function findPageIdsByUrl(
  db: DbClient,
  { siteId, urls }: { siteId: string; urls: string[] },
): Promise<Map<string, string>> {
  if (urls.length === 0) return new Map()
  const pages = await db.page.findMany({
    where: { siteId, url: { in: urls } },
    select: { id: true, url: true },
  })
  return new Map(pages.map((page) => [page.url, page.id]))
}

export function findPageUrl(db: DbClient, { siteId, pageId }: { siteId: string; pageId: string }) {
  return db.page.findFirst({ where: { id: pageId, siteId }, select: { url: true } })
}

/**
 * Sets each page's views of the last 30 days from its path's views (paths not reported: 0), in one
 * statement. A page's path is its URL's path without the query, as web analytics reports it.
 */
export async function replacePageViews(
  db: DbClient,
  { siteId, viewsByPath }: { siteId: string; viewsByPath: Map<string, number> },
): Promise<number> {
  const paths = [...viewsByPath.keys()]
  const views = paths.map((path) => viewsByPath.get(path) ?? 0)
  return db.$executeRaw`
    UPDATE "Page" p SET "pageViewsLastMonth" = x.views
    FROM (
      SELECT page.id, coalesce(v.views, 0) AS views FROM "Page" page
      LEFT JOIN unnest(${paths}::text[], ${views}::int[]) AS v(path, views)
        ON v.path = coalesce(nullif(substring(page.url from '^[a-z]+://[^/?#]*([^?#]*)'), ''), '/')
      WHERE page."siteId" = ${siteId}
    ) x
    WHERE p.id = x.id AND p."pageViewsLastMonth" <> x.views`
}

/** Forgets the site's page views (web analytics disconnected). */
export function clearPageViews(db: DbClient, siteId: string) {
  return db.page.updateMany({
    where: { siteId, pageViewsLastMonth: { not: 0 } },
    data: { pageViewsLastMonth: 0 },
  })
}

/** The sites whose web analytics is on: the daily page-views refresh walks them. */
export async function listSitesWithAnalytics(db: DbClient): Promise<string[]> {
  const rows = await db.integration.findMany({
    where: { kind: 'analytics', enabled: true },
    select: { siteId: true },
  })
  return rows.map((row) => row.siteId)
}

export async function findSiteRootUri(db: DbClient, siteId: string): Promise<string> {
  const site = await db.site.findUniqueOrThrow({ where: { id: siteId }, select: { rootUri: true } })
  return site.rootUri
}
