import type { IssueCategory } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'
import { runInTransaction } from './db-client.js'

/**
 * The roll-up a scan leaves for the issue lists and dashboards: IssueSummary (one row per scope and audit)
 * and IssueTemplate (one row per failing element shared by pages), rebuilt from every page's PageIssue rows
 * in a few set-based statements, so it costs the same few queries on ten pages as on 100k.
 *
 * Scopes: '' is the whole site; each section of the site is its id, over the section's member pages.
 * "New" and "fixed" count the page issues whose failing stretch began, or ended, in `scanId`.
 */
export async function rebuildIssueRollups(
  db: DbClient,
  { siteId, scanId }: { siteId: string; scanId: string },
): Promise<{ summaries: number; templates: number }> {
  // Readers see the old roll-up until the new one is complete; a big site takes seconds, not Prisma's default 5.
  return runInTransaction(
    db,
    async (tx) => {
      await tx.issueTemplate.deleteMany({ where: { siteId } })
      await tx.issueSummary.deleteMany({ where: { siteId } })
      const summaries = await insertIssueSummaries(tx, siteId, scanId)
      const templates = await insertIssueTemplates(tx, siteId, scanId)
      return { summaries, templates }
    },
    { timeoutMs: 5 * 60_000 },
  )
}

/**
 * The page issues of the site that `filter` keeps, once per scope they fall in: the site ('') and each
 * section holding the page.
 */
function scopedIssues(filter: string) {
  return `
    SELECT '' AS "scopeId", pi.* FROM "PageIssue" pi WHERE pi."siteId" = $1 AND ${filter}
    UNION ALL
    SELECT sp."sectionId" AS "scopeId", pi.*
    FROM "PageIssue" pi JOIN "SectionPage" sp ON sp."pageId" = pi."pageId"
    WHERE pi."siteId" = $1 AND ${filter}`
}

/** What a summary counts: failing, needing review, or fixed in this scan ($2). */
const SUMMARISED = `(pi.outcome IN ('failed', 'manual') OR pi."fixedInScanId" = $2)`

/** One audit of one category ($3, $4), or every audit when the summaries are rebuilt whole. */
const ONE_ISSUE = `pi.category = $3::"IssueCategory" AND pi."issueId" = $4`

/**
 * One row per scope and audit that fails, needs a manual check, or was fixed in this scan. Title, description,
 * level and conformance come from the most recently stored page (an audit's wording may change between tool
 * versions, its conformance with the site's target); the engines are those that found it on any page.
 * A result needing review that a reviewer decided counts as reviewed, not to review: confirmed ones are
 * stored as failed and count as failing, dismissed ones count in neither.
 */
function issueSummariesSql(filter: string): string {
  return `
    WITH scoped AS (${scopedIssues(filter)}),
    wording AS (
      SELECT DISTINCT ON (category, "issueId") category, "issueId", title, description, "issueLevel",
        "wcagCriteria", conformance
      FROM "PageIssue" pi WHERE pi."siteId" = $1 AND ${filter}
      ORDER BY category, "issueId", "updatedAt" DESC
    ),
    credited AS (
      SELECT pi.category, pi."issueId", array_agg(DISTINCT e.engine ORDER BY e.engine) AS engines
      FROM "PageIssue" pi, unnest(pi.engines) AS e(engine)
      WHERE pi."siteId" = $1 AND ${filter}
      GROUP BY pi.category, pi."issueId"
    ),
    counts AS (
      SELECT s."scopeId", s.category, s."issueId",
        count(*) FILTER (WHERE s.outcome = 'failed') AS "pagesFailed",
        count(*) FILTER (WHERE s.outcome = 'manual' AND s."reviewDecision" IS NULL) AS "pagesManual",
        count(*) FILTER (WHERE s."reviewDecision" IS NOT NULL) AS "pagesReviewed",
        COALESCE(sum(s."nodeCount") FILTER (WHERE s.outcome = 'failed'), 0) AS "nodesFailed",
        count(*) FILTER (WHERE s.outcome = 'failed' AND s."failingSinceScanId" = $2) AS "pagesNew",
        count(*) FILTER (WHERE s.outcome <> 'failed' AND s."fixedInScanId" = $2) AS "pagesFixed",
        min(s."failingSinceAt") FILTER (WHERE s.outcome = 'failed') AS "firstSeenAt"
      FROM scoped s
      GROUP BY s."scopeId", s.category, s."issueId"
    )
    INSERT INTO "IssueSummary" (
      id, "siteId", "scopeId", category, "issueId", title, description, "issueLevel", "wcagCriteria",
      "pagesFailed", "pagesManual", "pagesReviewed", "nodesFailed", "pagesNew", "pagesFixed", "firstSeenAt",
      conformance, engines, "scanId", "updatedAt")
    SELECT gen_random_uuid()::text, $1, c."scopeId", c.category, c."issueId", w.title, w.description,
      w."issueLevel", w."wcagCriteria", c."pagesFailed", c."pagesManual", c."pagesReviewed", c."nodesFailed",
      c."pagesNew", c."pagesFixed", c."firstSeenAt", w.conformance, COALESCE(e.engines, '{}'), $2, now()
    FROM counts c
    JOIN wording w ON w.category = c.category AND w."issueId" = c."issueId"
    LEFT JOIN credited e ON e.category = c.category AND e."issueId" = c."issueId"`
}

async function insertIssueSummaries(db: DbClient, siteId: string, scanId: string): Promise<number> {
  return db.$executeRawUnsafe(issueSummariesSql(SUMMARISED), siteId, scanId)
}

/**
 * One audit's summaries (the site's and its sections'), recounted from its page issues after a reviewer's
 * decision changed one of them. New and fixed stay counted against the scan that built the roll-up.
 */
export async function rebuildIssueSummaries(
  db: DbClient,
  { siteId, category, issueId }: { siteId: string; category: IssueCategory; issueId: string },
): Promise<number> {
  return runInTransaction(db, async (tx) => {
    const built = await tx.issueSummary.findFirst({
      where: { siteId },
      orderBy: { updatedAt: 'desc' },
      select: { scanId: true },
    })
    // before the first roll-up there is nothing to keep in step: the scan's finalize builds it whole
    if (!built) return 0
    await tx.issueSummary.deleteMany({ where: { siteId, category, issueId } })
    return tx.$executeRawUnsafe(
      issueSummariesSql(`${SUMMARISED} AND ${ONE_ISSUE}`),
      siteId,
      built.scanId,
      category,
      issueId,
    )
  })
}

/**
 * One row per scope, audit and element signature failing on two pages or more. Counting reads only the
 * signatures; the selector and markup are then read once per template, from one failing row's details item
 * at the signature's position (signatures follow details.items in order). A page "clears" when that element
 * is the only one failing the audit there.
 */
async function insertIssueTemplates(db: DbClient, siteId: string, scanId: string): Promise<number> {
  return db.$executeRawUnsafe(
    `
    WITH failing AS (
      SELECT pi.id, pi.category, pi."issueId", pi."pageId", pi."elementSignatures"
      FROM "PageIssue" pi
      WHERE pi."siteId" = $1 AND pi.outcome = 'failed' AND cardinality(pi."elementSignatures") > 0
    ),
    scoped AS (
      SELECT '' AS "scopeId", f.* FROM failing f
      UNION ALL
      SELECT sp."sectionId" AS "scopeId", f.* FROM failing f JOIN "SectionPage" sp ON sp."pageId" = f."pageId"
    ),
    elements AS (
      SELECT s."scopeId", s.category, s."issueId", s."pageId", s.id || '#' || e.position AS sample,
        array_remove(s."elementSignatures", e.signature) = '{}' AS "onlyElement", e.signature
      FROM scoped s, unnest(s."elementSignatures") WITH ORDINALITY AS e(signature, position)
      WHERE e.signature <> ''
    ),
    templates AS (
      SELECT e."scopeId", e.category, e."issueId", e.signature, min(e.sample) AS sample,
        count(DISTINCT e."pageId") AS "pageCount",
        count(DISTINCT e."pageId") FILTER (WHERE e."onlyElement") AS "clearsPages"
      FROM elements e
      GROUP BY e."scopeId", e.category, e."issueId", e.signature
      HAVING count(DISTINCT e."pageId") >= 2
    )
    INSERT INTO "IssueTemplate" (
      id, "siteId", "scopeId", category, "issueId", signature, selector, snippet, "pageCount", "clearsPages",
      "scanId")
    SELECT gen_random_uuid()::text, $1, t."scopeId", t.category, t."issueId", t.signature,
      COALESCE(x.item -> 'node' ->> 'selector', ''),
      left(COALESCE(x.item -> 'node' ->> 'snippet', x.item ->> 'url', x.item::text, ''), 500),
      t."pageCount", t."clearsPages", $2
    FROM templates t
    JOIN "PageIssue" pi ON pi.id = split_part(t.sample, '#', 1)
    CROSS JOIN LATERAL (
      SELECT pi.details -> 'items' -> (split_part(t.sample, '#', 2)::int - 1) AS item
    ) x`,
    siteId,
    scanId,
  )
}
