import { type IssueCategory, type IssueLevel, type IssueOutcome, Prisma } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

/** One audit's latest outcome on a page, as the worker hands it over for storing. */
export interface PageIssueInput {
  issueId: string
  title: string
  description: string
  issueLevel: IssueLevel
  outcome: IssueOutcome
  wcagCriteria: string[]
  auditGroup: string | null
  score: number | null
  nodeCount: number
  details: unknown
  /**
   * one per listed element, in the order of details.items (see the worker's element signatures); kept only
   * when the stored outcome is failed (a result needing review that a reviewer confirmed included)
   */
  elementSignatures: string[]
  /** accessibility: 'failure' of the site's target or 'advice'; null elsewhere */
  conformance?: string | null
  /** accessibility: the engines that found it */
  engines?: string[]
  /** accessibility: the W3C ACT rules it implements */
  actRules?: string[]
}

export interface PageIssueTarget {
  siteId: string
  pageId: string
  scanId: string
  category: IssueCategory
}

export interface MergePageIssuesOptions {
  /** audits of this category another step of the scan owns (their rows are left as they are when absent) */
  untouchedIssueIds?: string[]
  /** the time the scan saw these outcomes */
  at?: Date
}

/**
 * Stores one category's outcomes on a page and keeps each audit's lifecycle instead of recreating its row:
 * - failing again continues the failing stretch (failingSince kept, lastFailed moves to this scan);
 * - failing after not failing (or first seen failing, or failing again after a fix) starts a new stretch;
 * - no longer failing ends the stretch: fixedAt/fixedInScanId name this scan, the row stays;
 * - an audit the page no longer reports at all is fixed the same way when it was failing, and dropped
 *   when it has no lifecycle to keep.
 * A reviewer's decision (IssueReview) stands while the engines still say the result needs review ('manual'):
 * confirmed, it is stored as failed (and its failing stretch runs as any other); dismissed, it stays manual
 * with the decision noted. A result that now passes or fails by itself carries no decision.
 * A scan may write a page's category twice (the page job, then finalize once links and duplicates are
 * known): a second write in the same scan undoes what the first one decided, so the outcome is judged
 * against the previous scan, never against an earlier write of the same scan.
 */
export async function mergePageIssues(
  db: DbClient,
  target: PageIssueTarget,
  issues: PageIssueInput[],
  options: MergePageIssuesOptions = {},
): Promise<void> {
  const at = options.at ?? new Date()
  const unique = firstOfEachIssue(issues)
  if (unique.length) await upsertWithLifecycle(db, target, unique, at)
  await settleAbsentIssues(
    db,
    target,
    [...unique.map((issue) => issue.issueId), ...(options.untouchedIssueIds ?? [])],
    at,
  )
}

/** An audit listed twice (a rule both failed and manual) would break the unique key: the first one wins. */
function firstOfEachIssue(issues: PageIssueInput[]): PageIssueInput[] {
  const seen = new Set<string>()
  return issues.filter((issue) => {
    if (seen.has(issue.issueId)) return false
    seen.add(issue.issueId)
    return true
  })
}

/**
 * The incoming outcomes as rows, each with the reviewer's decision that applies to it: a result needing
 * review ('manual') that was confirmed is stored as failed, a dismissed one stays manual; a result that
 * passes or fails by itself carries none (its decision stays recorded in IssueReview for later scans).
 */
function incomingIssues(
  { pageId, category }: Pick<PageIssueTarget, 'pageId' | 'category'>,
  issues: PageIssueInput[],
): Prisma.Sql {
  const rows = JSON.stringify(
    issues.map((issue) => ({
      ...issue,
      details: issue.details ?? null,
      conformance: issue.conformance ?? null,
      engines: issue.engines ?? [],
      actRules: issue.actRules ?? [],
    })),
  )
  return Prisma.sql`
    SELECT r."issueId", r.title, r.description, r."issueLevel", r."wcagCriteria", r."auditGroup", r.score,
      r."nodeCount", r.details, r."elementSignatures", r.conformance, r.engines, r."actRules",
      CASE WHEN r.outcome = 'manual' AND rv.decision = 'confirmed' THEN 'failed' ELSE r.outcome END AS outcome,
      CASE WHEN r.outcome = 'manual' THEN rv.decision END AS "reviewDecision"
    FROM jsonb_to_recordset(${rows}::jsonb) AS r(
      "issueId" text, title text, description text, "issueLevel" text, outcome text,
      "wcagCriteria" jsonb, "auditGroup" text, score float8, "nodeCount" int, details jsonb,
      "elementSignatures" jsonb, conformance text, engines jsonb, "actRules" jsonb)
    LEFT JOIN "IssueReview" rv
      ON rv."pageId" = ${pageId} AND rv.category = ${category}::"IssueCategory" AND rv."issueId" = r."issueId"`
}

/**
 * The transition of each incoming outcome against the stored row:
 * continue / start (failing now), fix / undo (a stretch begun earlier in this same scan) / keep (not failing).
 */
async function upsertWithLifecycle(
  db: DbClient,
  { siteId, pageId, scanId, category }: PageIssueTarget,
  issues: PageIssueInput[],
  at: Date,
): Promise<void> {
  await db.$executeRaw`
    WITH incoming AS (${incomingIssues({ pageId, category }, issues)}),
    judged AS (
      SELECT i.*, old.id AS "oldId", old."failingSinceAt" AS "oldSinceAt",
        old."failingSinceScanId" AS "oldSinceScan", old."lastFailedAt" AS "oldLastAt",
        old."lastFailedScanId" AS "oldLastScan", old."fixedAt" AS "oldFixedAt",
        old."fixedInScanId" AS "oldFixedScan",
        CASE
          WHEN i.outcome = 'failed' THEN
            CASE WHEN old."failingSinceScanId" IS NOT NULL
                   AND (old."fixedAt" IS NULL OR old."fixedInScanId" = ${scanId})
                 THEN 'continue' ELSE 'start' END
          WHEN old."failingSinceScanId" IS NOT NULL AND old."fixedAt" IS NULL THEN
            CASE WHEN old."failingSinceScanId" = ${scanId} THEN 'undo' ELSE 'fix' END
          ELSE 'keep'
        END AS step
      FROM incoming i
      LEFT JOIN "PageIssue" old
        ON old."pageId" = ${pageId} AND old.category = ${category}::"IssueCategory"
       AND old."issueId" = i."issueId"
    )
    INSERT INTO "PageIssue" (
      id, "siteId", "pageId", "pageUrl", "scanId", category, "issueId", title, description, "issueLevel", outcome,
      "wcagCriteria", "auditGroup", score, "nodeCount", details, "elementSignatures", conformance, engines,
      "actRules", "reviewDecision", "updatedAt", "failingSinceAt", "failingSinceScanId", "lastFailedAt",
      "lastFailedScanId", "fixedAt", "fixedInScanId")
    SELECT
      COALESCE(j."oldId", gen_random_uuid()::text), ${siteId}, ${pageId},
      (SELECT url FROM "Page" WHERE id = ${pageId}), ${scanId},
      ${category}::"IssueCategory", j."issueId", j.title, j.description, j."issueLevel"::"IssueLevel",
      j.outcome::"IssueOutcome",
      ARRAY(SELECT jsonb_array_elements_text(j."wcagCriteria")), j."auditGroup", j.score, j."nodeCount",
      j.details,
      CASE WHEN j.outcome = 'failed'
           THEN ARRAY(SELECT jsonb_array_elements_text(j."elementSignatures")) ELSE '{}'::text[] END,
      j.conformance, ARRAY(SELECT jsonb_array_elements_text(j.engines)),
      ARRAY(SELECT jsonb_array_elements_text(j."actRules")), j."reviewDecision", ${at},
      CASE j.step WHEN 'start' THEN ${at} WHEN 'undo' THEN NULL ELSE j."oldSinceAt" END,
      CASE j.step WHEN 'start' THEN ${scanId} WHEN 'undo' THEN NULL ELSE j."oldSinceScan" END,
      CASE WHEN j.outcome = 'failed' THEN ${at} WHEN j.step = 'undo' THEN NULL ELSE j."oldLastAt" END,
      CASE WHEN j.outcome = 'failed' THEN ${scanId} WHEN j.step = 'undo' THEN NULL ELSE j."oldLastScan" END,
      CASE WHEN j.outcome = 'failed' OR j.step = 'undo' THEN NULL
           WHEN j.step = 'fix' THEN ${at} ELSE j."oldFixedAt" END,
      CASE WHEN j.outcome = 'failed' OR j.step = 'undo' THEN NULL
           WHEN j.step = 'fix' THEN ${scanId} ELSE j."oldFixedScan" END
    FROM judged j
    ON CONFLICT ("pageId", category, "issueId") DO UPDATE SET
      "scanId" = EXCLUDED."scanId", title = EXCLUDED.title, description = EXCLUDED.description,
      "issueLevel" = EXCLUDED."issueLevel", outcome = EXCLUDED.outcome,
      "wcagCriteria" = EXCLUDED."wcagCriteria", "auditGroup" = EXCLUDED."auditGroup", score = EXCLUDED.score,
      "nodeCount" = EXCLUDED."nodeCount", details = EXCLUDED.details,
      "elementSignatures" = EXCLUDED."elementSignatures", conformance = EXCLUDED.conformance,
      engines = EXCLUDED.engines, "actRules" = EXCLUDED."actRules", "reviewDecision" = EXCLUDED."reviewDecision",
      "updatedAt" = EXCLUDED."updatedAt",
      "failingSinceAt" = EXCLUDED."failingSinceAt", "failingSinceScanId" = EXCLUDED."failingSinceScanId",
      "lastFailedAt" = EXCLUDED."lastFailedAt", "lastFailedScanId" = EXCLUDED."lastFailedScanId",
      "fixedAt" = EXCLUDED."fixedAt", "fixedInScanId" = EXCLUDED."fixedInScanId"`
}

/**
 * Audits of the category the page no longer reports: a failing one is fixed in this scan (kept, with no
 * failing elements and no reviewer's decision applying, as not applicable), one whose stretch began earlier in this scan and one that never
 * failed are dropped, one fixed before stays as it is.
 */
async function settleAbsentIssues(
  db: DbClient,
  { pageId, scanId, category }: PageIssueTarget,
  presentIssueIds: string[],
  at: Date,
): Promise<void> {
  const absent = Prisma.sql`"pageId" = ${pageId} AND category = ${category}::"IssueCategory"
    AND NOT ("issueId" = ANY(${presentIssueIds}::text[]))`
  await db.$executeRaw`
    UPDATE "PageIssue" SET outcome = 'not_applicable', "nodeCount" = 0, "elementSignatures" = '{}',
      "reviewDecision" = NULL,
      "fixedAt" = ${at}, "fixedInScanId" = ${scanId}, "updatedAt" = ${at}
    WHERE ${absent} AND "fixedAt" IS NULL AND "failingSinceScanId" IS NOT NULL
      AND "failingSinceScanId" <> ${scanId}`
  await db.$executeRaw`
    DELETE FROM "PageIssue"
    WHERE ${absent} AND "fixedAt" IS NULL
      AND ("failingSinceScanId" IS NULL OR "failingSinceScanId" = ${scanId})`
}
