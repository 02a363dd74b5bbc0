import { Prisma } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

/** One SEO check over the site's (or a section's) pages: on how many it failed and on how many it ran. */
export interface SeoCheckCountRow {
  issueId: string
  title: string
  description: string
  pagesFailed: number
  pagesChecked: number
}

const inSection = (sectionId: string | undefined, pageColumn: Prisma.Sql) =>
  sectionId
    ? Prisma.sql`AND EXISTS (SELECT 1 FROM "SectionPage" sp WHERE sp."pageId" = ${pageColumn} AND sp."sectionId" = ${sectionId})`
    : Prisma.empty

/**
 * Per SEO check, the pages it failed on and the pages it was decided on (failed or passed; a check that did
 * not apply to a page is not counted), most failing first.
 */
export function countSeoChecks(
  db: DbClient,
  { siteId, sectionId }: { siteId: string; sectionId?: string },
): Promise<SeoCheckCountRow[]> {
  return db.$queryRaw<SeoCheckCountRow[]>`
    SELECT pi."issueId", min(pi.title) AS title, min(pi.description) AS description,
      count(*) FILTER (WHERE pi.outcome = 'failed')::int AS "pagesFailed",
      count(*) FILTER (WHERE pi.outcome IN ('failed', 'passed'))::int AS "pagesChecked"
    FROM "PageIssue" pi
    WHERE pi."siteId" = ${siteId} AND pi.category = 'seo' ${inSection(sectionId, Prisma.sql`pi."pageId"`)}
    GROUP BY pi."issueId"
    ORDER BY "pagesFailed" DESC, pi."issueId" ASC`
}

export interface SeoPageCountsRow {
  pages: number
  scored: number
  averageScore: number | null
  indexable: number
  inSitemap: number
  orphaned: number
}

/** Page counts of the SEO health summary: scanned, scored (with the average), indexable, in the sitemap, orphaned. */
export async function countSeoPages(
  db: DbClient,
  { siteId, sectionId }: { siteId: string; sectionId?: string },
): Promise<SeoPageCountsRow> {
  const [row] = await db.$queryRaw<SeoPageCountsRow[]>`
    SELECT count(*)::int AS pages,
      count(p."seoScore")::int AS scored,
      avg(p."seoScore")::double precision AS "averageScore",
      count(*) FILTER (WHERE p."isIndexable")::int AS indexable,
      count(*) FILTER (WHERE p."inSitemap")::int AS "inSitemap",
      count(*) FILTER (WHERE p."isOrphaned")::int AS orphaned
    FROM "Page" p
    WHERE p."siteId" = ${siteId} AND p."lastScannedAt" IS NOT NULL ${inSection(sectionId, Prisma.sql`p.id`)}`
  return row ?? { pages: 0, scored: 0, averageScore: null, indexable: 0, inSitemap: 0, orphaned: 0 }
}
