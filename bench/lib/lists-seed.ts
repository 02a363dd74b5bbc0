import { createHash, randomBytes } from 'node:crypto'

/**
 * Seeds one large site for bench/api-lists.ts in set-based SQL (INSERT … SELECT generate_series): 100k pages
 * take seconds this way, hours through per-row Prisma calls. Every list of issue 8 gets rows: pages with
 * scores and metrics, link occurrences, page issues with their lifecycle, the IssueSummary and IssueTemplate
 * roll-ups built from those issues the way the worker builds them, documents of every kind, a section holding
 * a tenth of the pages and a history point per scan, contact details for the global search, and 30 days of
 * uptime checks with their incidents.
 */

export interface SeedSizes {
  pages: number
  /** link occurrences per page (1M over 100k pages) */
  linksPerPage: number
  /** page issues per page (500k over 100k pages) */
  issuesPerPage: number
  documents: number
  scans: number
}

export const SITE_SLUG = 'bench-lists'
export const SECTION_SLUG = 'blog'
const ORIGIN = 'https://bench.example.test'

/** What the bench needs to call the API: the member's cookie token, an outsider's, and ids to put in URLs. */
export interface SeededSite {
  memberToken: string
  outsiderToken: string
  sectionId: string
  /** the accessibility issue failing on the most pages, and a template signature of it */
  topIssueId: string
  topSignature: string
}

/** Anything that runs SQL: the bench passes Prisma's $executeRawUnsafe and $queryRawUnsafe. */
export interface Sql {
  execute(sql: string): Promise<unknown>
  query<T>(sql: string): Promise<T[]>
}

// Real axe rule ids and their WCAG level, so titles, levels and searches look like a real site's.
const ACCESSIBILITY_RULES: [string, 'A' | 'AA' | 'AAA'][] = [
  ['color-contrast', 'AA'],
  ['image-alt', 'A'],
  ['link-name', 'A'],
  ['button-name', 'A'],
  ['label', 'A'],
  ['heading-order', 'A'],
  ['landmark-one-main', 'A'],
  ['region', 'A'],
  ['list', 'A'],
  ['listitem', 'A'],
  ['html-has-lang', 'A'],
  ['document-title', 'A'],
  ['duplicate-id', 'A'],
  ['frame-title', 'A'],
  ['input-image-alt', 'A'],
  ['aria-allowed-attr', 'A'],
  ['aria-hidden-focus', 'A'],
  ['aria-required-children', 'A'],
  ['aria-required-parent', 'A'],
  ['aria-valid-attr-value', 'A'],
  ['autocomplete-valid', 'AA'],
  ['meta-viewport', 'AA'],
  ['target-size', 'AA'],
  ['color-contrast-enhanced', 'AAA'],
  ['identical-links-same-purpose', 'AAA'],
  ['link-in-text-block', 'A'],
  ['nested-interactive', 'A'],
  ['empty-heading', 'A'],
  ['empty-table-header', 'A'],
  ['select-name', 'A'],
  ['svg-img-alt', 'A'],
  ['tabindex', 'A'],
  ['td-headers-attr', 'A'],
  ['th-has-data-cells', 'A'],
  ['video-caption', 'A'],
  ['object-alt', 'A'],
  ['scrollable-region-focusable', 'A'],
  ['skip-link', 'A'],
  ['page-has-heading-one', 'A'],
  ['meta-refresh', 'A'],
]
const SEO_RULES = ['meta-description', 'document-title', 'link-text', 'crawlable-anchors', 'hreflang']

export function sessionHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

function values(rows: string[][]): string {
  return rows.map((row) => `(${row.map((value) => `'${value}'`).join(', ')})`).join(', ')
}

async function seedAccounts(sql: Sql): Promise<void> {
  await sql.execute(`INSERT INTO "User" (id, email, "firstName", "lastName", "emailVerifiedAt", "updatedAt")
    VALUES ('bench-member', 'member@bench.example.test', 'Bench', 'Member', now(), now()),
           ('bench-outsider', 'outsider@bench.example.test', 'Bench', 'Outsider', now(), now())`)
  await sql.execute(`INSERT INTO "Organisation" (id, slug, name, "updatedAt")
    VALUES ('bench-org', 'bench-org', 'Bench organisation', now())`)
  await sql.execute(`INSERT INTO "Site" (id, slug, "siteName", "rootUri", "organisationId", "firstScanCompleted", "updatedAt")
    VALUES ('bench-site', '${SITE_SLUG}', 'Bench site', '${ORIGIN}/', 'bench-org', true, now()),
           ('bench-other', 'bench-other', 'Other site', 'https://other.example.test/', 'bench-org', false, now())`)
  await sql.execute(`INSERT INTO "SiteMembership" ("siteId", "userId", role)
    VALUES ('bench-site', 'bench-member', 'admin'), ('bench-other', 'bench-outsider', 'admin')`)
}

/** A fresh session for the member and one for the outsider on every run: only token hashes are stored. */
async function createSessions(sql: Sql): Promise<{ memberToken: string; outsiderToken: string }> {
  const memberToken = randomBytes(32).toString('base64url')
  const outsiderToken = randomBytes(32).toString('base64url')
  const expires = "now() + interval '1 day'"
  await sql.execute(`INSERT INTO "Session" (id, "userId", "expiresAt") VALUES
    ('${sessionHash(memberToken)}', 'bench-member', ${expires}),
    ('${sessionHash(outsiderToken)}', 'bench-outsider', ${expires})`)
  return { memberToken, outsiderToken }
}

/** Scans 1..n, a day apart, the last one finished an hour ago; a history point per scan. */
async function seedScans(sql: Sql, sizes: SeedSizes): Promise<void> {
  await sql.execute(`INSERT INTO "Scan" (id, "siteId", kind, trigger, state, "pageLimit", "pagesDiscovered",
      "pagesQueued", "pagesScanned", number, "queuedAt", "startedAt", "finishedAt")
    SELECT 'bench-scan-' || n, 'bench-site', 'site', 'schedule', 'completed', ${sizes.pages}, ${sizes.pages},
      ${sizes.pages}, ${sizes.pages}, n,
      now() - (${sizes.scans} - n) * interval '1 day' - interval '3 hours',
      now() - (${sizes.scans} - n) * interval '1 day' - interval '3 hours',
      now() - (${sizes.scans} - n) * interval '1 day' - interval '1 hour'
    FROM generate_series(1, ${sizes.scans}) AS n`)
  await sql.execute(`INSERT INTO "HistoryPoint" (id, "siteId", "scanId", "recordedAt", "numberOfPages",
      "overviewScore", "accessibilityScore", "seoScore", "performanceScore", "contentQualityScore", metrics)
    SELECT 'bench-history-' || n, 'bench-site', 'bench-scan-' || n,
      now() - (${sizes.scans} - n) * interval '1 day' - interval '1 hour', ${sizes.pages},
      60 + n, 55 + n, 70 + n % 5, 50 + n % 7, 65 + n % 3,
      jsonb_build_object('latestScan', jsonb_build_object('pages', ${sizes.pages}),
        'accessibilityMetricHistory', jsonb_build_object('issuesFailed', 400 - n, 'pagesWithIssues', ${sizes.pages} - n))
    FROM generate_series(1, ${sizes.scans}) AS n`)
}

async function seedPages(sql: Sql, sizes: SeedSizes): Promise<void> {
  const last = `'bench-scan-${sizes.scans}'`
  await sql.execute(`INSERT INTO "Page" (id, "siteId", url, title, "httpStatus", "inSitemap", "discoveredVia", depth,
      "accessibilityScore", "seoScore", "performanceScore", "contentQualityScore", "readabilityFlesch",
      "readabilityLevel", "brokenLinkCount", "brokenImageCount", "misspellingCount", "performanceMetrics",
      "firstSeenAt", "lastScannedAt", "lastScanId")
    SELECT 'bench-page-' || p, 'bench-site',
      '${ORIGIN}/topic-' || (p % 50) || '/page-' || p,
      'Page ' || p || ' about ' || (ARRAY['gardens', 'rivers', 'bridges', 'museums', 'parks', 'libraries'])[1 + p % 6],
      CASE WHEN p % 97 = 0 THEN 404 ELSE 200 END, p % 3 <> 0, 'link', 1 + p % 6,
      (p * 37) % 101, (p * 53) % 101, (p * 71) % 101, (p * 29) % 101, (p * 13) % 100,
      (ARRAY['very_difficult_to_read', 'difficult_to_read', 'average_reading_level', 'easy_to_read']::"ReadabilityLevel"[])[1 + p % 4],
      p % 4, p % 3, p % 11,
      jsonb_build_object(
        'firstContentfulPaint', jsonb_build_object('value', 300 + p % 2000, 'score', ((p * 7) % 100) / 100.0),
        'speedIndex', jsonb_build_object('value', 500 + p % 3000, 'score', ((p * 11) % 100) / 100.0),
        'totalBlockingTime', jsonb_build_object('value', p % 600, 'score', ((p * 13) % 100) / 100.0),
        'largestContentfulPaint', jsonb_build_object('value', 800 + p % 4000, 'score', ((p * 17) % 100) / 100.0),
        'cumulativeLayoutShift', jsonb_build_object('value', (p % 50) / 100.0, 'score', ((p * 19) % 100) / 100.0)),
      now() - interval '30 days' + (p % 1000) * interval '1 minute', now() - interval '1 hour', ${last}
    FROM generate_series(1, ${sizes.pages}) AS p`)
}

/**
 * linksPerPage occurrences per page over pages/2 links (a tenth external, one in forty broken). Link
 * (p*7 + k*stride) mod L differs for every k of a page as long as k*stride < L.
 */
async function seedLinks(sql: Sql, sizes: SeedSizes): Promise<void> {
  const links = Math.max(sizes.linksPerPage * 2, Math.floor(sizes.pages / 2))
  const stride = Math.floor(links / sizes.linksPerPage)
  await sql.execute(`INSERT INTO "Link" (id, "siteId", url, "isInternal", status, "isBroken", "checkedAt")
    SELECT 'bench-link-' || l, 'bench-site',
      CASE WHEN l % 10 = 0 THEN 'https://external-' || (l % 300) || '.example.test/ref-' || l
           ELSE '${ORIGIN}/topic-' || (l % 50) || '/page-' || l END,
      l % 10 <> 0, CASE WHEN l % 40 = 0 THEN 404 ELSE 200 END, l % 40 = 0, now()
    FROM generate_series(0, ${links - 1}) AS l`)
  await sql.execute(`INSERT INTO "LinkOccurrence" ("linkId", "pageId", kind, count, text)
    SELECT 'bench-link-' || ((p * 7 + k * ${stride}) % ${links}), 'bench-page-' || p,
      CASE WHEN k = 0 THEN 'image'::"LinkKind" ELSE 'anchor'::"LinkKind" END, 1 + k % 2, 'Link ' || k
    FROM generate_series(1, ${sizes.pages}) AS p, generate_series(0, ${sizes.linksPerPage - 1}) AS k`)
}

/**
 * The content quality lists' links beyond seedLinks' broken 404s: one in forty (l mod 40 = 20) answered a
 * bot wall's 999 (could not verify, not broken), one in eighty broken ones a certificate error instead of a
 * 404, and pages a readability level for each of the eight levels.
 */
async function seedContentQualityLinks(sql: Sql): Promise<void> {
  await sql.execute(`UPDATE "Link" SET status = 999, "isUnverified" = true
    WHERE "siteId" = 'bench-site' AND substring(id from 12)::int % 40 = 20`)
  await sql.execute(`UPDATE "Link" SET status = 904, error = 'CertificateError'
    WHERE "siteId" = 'bench-site' AND substring(id from 12)::int % 80 = 40`)
  await sql.execute(`UPDATE "Page" SET "readabilityLevel" = (enum_range(NULL::"ReadabilityLevel"))[1 + substring(id from 12)::int % 8]
    WHERE "siteId" = 'bench-site'`)
}

/**
 * issuesPerPage audits per page: the last one SEO, the others accessibility rules (p*3 + k*11) mod 40,
 * distinct on a page for k < 4. Three in five fail, one in five needs a manual check, one passes; a failing
 * issue shares one of 20 element signatures per rule (the template problems), and a tenth of the failures
 * started in the last scan, a tenth of the passes stopped failing in it.
 */
async function seedPageIssues(sql: Sql, sizes: SeedSizes): Promise<void> {
  const rules = values(ACCESSIBILITY_RULES.map(([id, level], index) => [String(index), id, level]))
  const seo = values(SEO_RULES.map((id, index) => [String(index), id]))
  const last = `'bench-scan-${sizes.scans}'`
  const first = `'bench-scan-1'`
  await sql.execute(`INSERT INTO "PageIssue" (id, "siteId", "pageId", "pageUrl", "scanId", category, "issueId", title,
      description, "issueLevel", outcome, "wcagCriteria", score, "nodeCount", "updatedAt", "failingSinceAt",
      "failingSinceScanId", "lastFailedAt", "lastFailedScanId", "fixedAt", "fixedInScanId", "elementSignatures")
    SELECT 'bench-issue-' || p || '-' || k, 'bench-site', 'bench-page-' || p,
      '${ORIGIN}/topic-' || (p % 50) || '/page-' || p, ${last},
      CASE WHEN k = ${sizes.issuesPerPage - 1} THEN 'seo'::"IssueCategory" ELSE 'accessibility'::"IssueCategory" END,
      rule.id, initcap(replace(rule.id, '-', ' ')), 'Elements must satisfy ' || rule.id || '.',
      rule.level::"IssueLevel", outcome.value::"IssueOutcome", ARRAY['1.1.1'], NULL,
      CASE WHEN outcome.value = 'failed' THEN 1 + p % 4 ELSE 0 END, now(),
      CASE WHEN outcome.value = 'failed' THEN now() - interval '1 day' END,
      CASE WHEN outcome.value = 'failed' THEN (CASE WHEN p % 10 = 0 THEN ${last} ELSE ${first} END) END,
      CASE WHEN outcome.value <> 'passed' THEN now() - interval '1 hour' END,
      CASE WHEN outcome.value <> 'passed' THEN ${last} END,
      CASE WHEN outcome.value = 'passed' AND p % 10 = 0 THEN now() - interval '1 hour' END,
      CASE WHEN outcome.value = 'passed' AND p % 10 = 0 THEN ${last} END,
      CASE WHEN outcome.value = 'failed' THEN ARRAY[md5(rule.id || ':' || (p % 20))] ELSE ARRAY[]::text[] END
    FROM generate_series(1, ${sizes.pages}) AS p, generate_series(0, ${sizes.issuesPerPage - 1}) AS k
    CROSS JOIN LATERAL (SELECT CASE WHEN (p + k) % 5 < 3 THEN 'failed' WHEN (p + k) % 5 = 3 THEN 'manual'
      ELSE 'passed' END AS value) AS outcome
    JOIN LATERAL (
      SELECT r.column2 AS id, r.column3 AS level FROM (VALUES ${rules}) AS r
        WHERE k < ${sizes.issuesPerPage - 1} AND r.column1::int = (p * 3 + k * 11) % ${ACCESSIBILITY_RULES.length}
      UNION ALL
      SELECT s.column2, 'Error' FROM (VALUES ${seo}) AS s
        WHERE k = ${sizes.issuesPerPage - 1} AND s.column1::int = p % ${SEO_RULES.length}
    ) AS rule ON true`)
  await sql.execute(`UPDATE "Page" AS page SET
      "numberOfAccessibilityIssuesFailed" = counts.accessibility, "numberOfSeoIssuesFailed" = counts.seo
    FROM (SELECT "pageId",
        count(*) FILTER (WHERE category = 'accessibility') AS accessibility,
        count(*) FILTER (WHERE category = 'seo') AS seo
      FROM "PageIssue" WHERE outcome = 'failed' GROUP BY "pageId") AS counts
    WHERE page.id = counts."pageId"`)
}

/** One section, /topic-0 … pages p % 10 = 0: a tenth of the site. */
async function seedSection(sql: Sql, sizes: SeedSizes): Promise<void> {
  await sql.execute(`INSERT INTO "Section" (id, "siteId", slug, title, "pagesInSection", "hasFirstScanned", "updatedAt")
    VALUES ('bench-section', 'bench-site', '${SECTION_SLUG}', 'Blog', ${Math.floor(sizes.pages / 10)}, true, now())`)
  await sql.execute(`INSERT INTO "SectionPage" ("sectionId", "pageId")
    SELECT 'bench-section', 'bench-page-' || p FROM generate_series(10, ${sizes.pages}, 10) AS p`)
}

/** The roll-ups the worker writes at finalize, for the site ('') and the section, from the seeded issues. */
async function seedRollups(sql: Sql, sizes: SeedSizes): Promise<void> {
  const last = `'bench-scan-${sizes.scans}'`
  const scopes = `(SELECT '' AS "scopeId", i.* FROM "PageIssue" i
      UNION ALL SELECT 'bench-section', i.* FROM "PageIssue" i JOIN "SectionPage" sp ON sp."pageId" = i."pageId")`
  await sql.execute(`INSERT INTO "IssueSummary" (id, "siteId", "scopeId", category, "issueId", title, description,
      "issueLevel", "wcagCriteria", "pagesFailed", "pagesManual", "nodesFailed", "pagesNew", "pagesFixed",
      "firstSeenAt", "scanId", "updatedAt")
    SELECT 'bench-summary-' || md5(s."scopeId" || s.category || s."issueId"), 'bench-site', s."scopeId", s.category,
      s."issueId", min(s.title), min(s.description), min(s."issueLevel"::text)::"IssueLevel", ARRAY['1.1.1'],
      count(*) FILTER (WHERE s.outcome = 'failed'), count(*) FILTER (WHERE s.outcome = 'manual'),
      coalesce(sum(s."nodeCount") FILTER (WHERE s.outcome = 'failed'), 0),
      count(*) FILTER (WHERE s."failingSinceScanId" = ${last}), count(*) FILTER (WHERE s."fixedInScanId" = ${last}),
      min(s."failingSinceAt"), ${last}, now()
    FROM ${scopes} AS s GROUP BY s."scopeId", s.category, s."issueId"`)
  await sql.execute(`INSERT INTO "IssueTemplate" (id, "siteId", "scopeId", category, "issueId", signature, selector,
      snippet, "pageCount", "clearsPages", "scanId")
    SELECT 'bench-template-' || md5(s."scopeId" || s.category || s."issueId" || s.sig), 'bench-site', s."scopeId",
      s.category, s."issueId", s.sig, '#main > .card:nth-child(' || (1 + abs(hashtext(s.sig)) % 9) || ')',
      '<div class="card">…</div>', count(*), count(*), ${last}
    FROM (SELECT x.*, unnest(x."elementSignatures") AS sig FROM ${scopes} AS x WHERE x.outcome = 'failed') AS s
    GROUP BY s."scopeId", s.category, s."issueId", s.sig`)
}

/** Documents of every listed kind (two in five PDFs), each linked from three pages. */
async function seedDocuments(sql: Sql, sizes: SeedSizes): Promise<void> {
  await sql.execute(`INSERT INTO "Document" (id, "siteId", url, kind, title, author, language, "pageCount", size,
      "documentCreatedAt", "documentModifiedAt", "isTagged", "isScanned", "hasTextLayer", "hasOutline",
      "accessibilityScore", "checkedAt")
    SELECT 'bench-document-' || d, 'bench-site', '${ORIGIN}/files/report-' || d || '.' || ext.value,
      kind.value::"DocumentKind", 'Report ' || d || ' on ' || (ARRAY['budgets', 'parks', 'transport', 'housing'])[1 + d % 4],
      'Author ' || (d % 40), (ARRAY['en', 'fr', 'de'])[1 + d % 3],
      CASE WHEN kind.value = 'pdf' THEN 1 + d % 120 END, 10000 + (d * 7919) % 5000000,
      now() - (d % 900) * interval '1 day', now() - (d % 300) * interval '1 day',
      CASE WHEN kind.value = 'pdf' THEN d % 2 = 0 END, CASE WHEN kind.value = 'pdf' THEN d % 9 = 0 END,
      CASE WHEN kind.value = 'pdf' THEN d % 9 <> 0 END, CASE WHEN kind.value = 'pdf' THEN d % 3 = 0 END,
      CASE WHEN kind.value = 'pdf' THEN (d * 31) % 101 END, now()
    FROM generate_series(1, ${sizes.documents}) AS d
    CROSS JOIN LATERAL (SELECT (ARRAY['pdf', 'pdf', 'doc', 'spreadsheet', 'powerpoint', 'archive', 'pdf', 'doc',
      'spreadsheet', 'archive'])[1 + d % 10] AS value) AS kind
    CROSS JOIN LATERAL (SELECT CASE kind.value WHEN 'pdf' THEN 'pdf' WHEN 'doc' THEN 'docx'
      WHEN 'spreadsheet' THEN 'xlsx' WHEN 'powerpoint' THEN 'pptx' ELSE 'zip' END AS value) AS ext`)
  await sql.execute(`INSERT INTO "DocumentOccurrence" ("documentId", "pageId")
    SELECT DISTINCT 'bench-document-' || d, 'bench-page-' || (1 + (d * 13 + j * 7727) % ${sizes.pages})
    FROM generate_series(1, ${sizes.documents}) AS d, generate_series(0, 2) AS j`)
}

/**
 * The inventory's contacts and media: pages/5 contacts (e-mail addresses and telephone numbers alternately, one
 * in seven invalid), each page showing two of them (up to three times each), and pages/20 images, audio and
 * video files, each shown on three pages.
 */
async function seedInventory(sql: Sql, sizes: SeedSizes): Promise<void> {
  const contacts = Math.max(10, Math.floor(sizes.pages / 5))
  const media = Math.max(10, Math.floor(sizes.pages / 20))
  await sql.execute(`INSERT INTO "Contact" (id, "siteId", kind, value, valid)
    SELECT 'bench-contact-' || c, 'bench-site',
      CASE WHEN c % 2 = 0 THEN 'email'::"ContactKind" ELSE 'telephone'::"ContactKind" END,
      CASE WHEN c % 2 = 0 THEN 'person-' || c || '@' || (ARRAY['riverbend', 'canopy', 'gardens'])[1 + c % 3] || '.org'
           ELSE '+4420' || lpad((c * 7919 % 100000000)::text, 8, '0') END,
      c % 7 <> 0
    FROM generate_series(1, ${contacts}) AS c`)
  await sql.execute(`INSERT INTO "ContactOccurrence" ("contactId", "pageId", count)
    SELECT DISTINCT ON (contact, page) contact, page, 1 + (p + j) % 3
    FROM generate_series(1, ${sizes.pages}) AS p, generate_series(0, 1) AS j,
      LATERAL (SELECT 'bench-contact-' || (1 + (p * 3 + j * 7727) % ${contacts}) AS contact, 'bench-page-' || p AS page) AS o`)
  await sql.execute(`INSERT INTO "Document" (id, "siteId", url, kind, "mediaType", size, "checkedAt")
    SELECT 'bench-media-' || m, 'bench-site', '${ORIGIN}/media/file-' || m || '.' || (ARRAY['png', 'mp3', 'mp4'])[1 + m % 3],
      'media', (ARRAY['image', 'audio', 'video']::"MediaType"[])[1 + m % 3], 1000 + (m * 7919) % 9000000, now()
    FROM generate_series(1, ${media}) AS m`)
  await sql.execute(`INSERT INTO "DocumentOccurrence" ("documentId", "pageId")
    SELECT DISTINCT 'bench-media-' || m, 'bench-page-' || (1 + (m * 17 + j * 7727) % ${sizes.pages})
    FROM generate_series(1, ${media}) AS m, generate_series(0, 2) AS j`)
}

/** Uptime checks of one slot every 5 minutes over the 30 days the uptime screen shows at most. */
const UPTIME_SLOTS = (30 * 24 * 60) / 5
/** Every fifth day, six checks in a row answered 503: an incident of half an hour. */
const UPTIME_INCIDENT_EVERY = 1440
const UPTIME_INCIDENT_SLOTS = 6

/**
 * The bench site's uptime as the worker leaves it: 30 days of checks every 5 minutes (slot n is n*5 minutes
 * before the last one) with response times, and the incidents the down checks form.
 */
async function seedUptime(sql: Sql): Promise<void> {
  const slot = (n: string) => `date_trunc('hour', now()) - (${n}) * interval '5 minutes'`
  const down = `n % ${UPTIME_INCIDENT_EVERY} BETWEEN 100 AND ${99 + UPTIME_INCIDENT_SLOTS}`
  await sql.execute(`INSERT INTO "UptimeCheck" (id, "siteId", "checkedAt", up, "statusCode", "responseTimeMs", error)
    SELECT 'bench-uptime-' || n, 'bench-site', ${slot('n')}, NOT (${down}),
      CASE WHEN ${down} THEN 503 ELSE 200 END, 120 + (n * 37) % 400,
      CASE WHEN ${down} THEN 'HTTP 503' END
    FROM generate_series(0, ${UPTIME_SLOTS - 1}) AS n`)
  // The first down check (the oldest, the highest n) opens an incident; the next up check (n = 99) ends it.
  await sql.execute(`INSERT INTO "UptimeIncident" (id, "siteId", "startedAt", "endedAt", cause)
    SELECT 'bench-incident-' || k, 'bench-site', ${slot(`k * ${UPTIME_INCIDENT_EVERY} + ${99 + UPTIME_INCIDENT_SLOTS}`)},
      ${slot(`k * ${UPTIME_INCIDENT_EVERY} + 99`)}, 'HTTP 503'
    FROM generate_series(0, ${UPTIME_SLOTS / UPTIME_INCIDENT_EVERY - 1}) AS k`)
}

/**
 * The SEO lists: a duplicate group for every twentieth page and the next (titles, descriptions and near-duplicate
 * content in turn) and an orphan every 29 pages, as the worker's finalize leaves them.
 */
async function seedSeo(sql: Sql, sizes: SeedSizes): Promise<void> {
  const last = `'bench-scan-${sizes.scans}'`
  await sql.execute(`INSERT INTO "DuplicateGroup" (id, "siteId", kind, value, "pageCount", similarity, "scanId")
    SELECT 'bench-dupe-' || g, 'bench-site', (ARRAY['title', 'description', 'content']::"DuplicateKind"[])[1 + g % 3],
      'Shared text ' || g || ' about ' || (ARRAY['gardens', 'rivers', 'bridges', 'museums'])[1 + g % 4], 2,
      CASE WHEN g % 3 = 2 THEN 0.7 + (g % 30) / 100.0 ELSE 1 END, ${last}
    FROM generate_series(1, ${Math.floor(sizes.pages / 20)}) AS g`)
  await sql.execute(`INSERT INTO "DuplicateGroupPage" ("groupId", "pageId")
    SELECT 'bench-dupe-' || g, 'bench-page-' || (g * 20 + j)
    FROM generate_series(1, ${Math.floor(sizes.pages / 20)}) AS g, generate_series(0, 1) AS j
    WHERE g * 20 + j <= ${sizes.pages}`)
  await sql.execute(`UPDATE "Page" SET "isOrphaned" = true WHERE "siteId" = 'bench-site'
    AND substring(id FROM 12)::int % 29 = 0`)
}

/**
 * Misspellings, dictionaries and malicious links: a word per 20 pages (at least 50), three words on each
 * page ((p*7 + k*stride) mod W, distinct for k < 3), each in English or French; a global and an English
 * dictionary of 200 words; one external link in 50 listed by Web Risk.
 */
async function seedMisspellingsAndRisks(sql: Sql, sizes: SeedSizes): Promise<void> {
  const words = Math.max(50, Math.floor(sizes.pages / 20))
  const stride = Math.floor(words / 3)
  await sql.execute(`INSERT INTO "Misspelling" (id, "siteId", word, language, "firstSeenAt")
    SELECT 'bench-misspelling-' || w, 'bench-site',
      (ARRAY['recieve', 'seperate', 'goverment', 'accomodation', 'occured'])[1 + w % 5] || '-' || w,
      CASE WHEN w % 4 = 0 THEN 'fr' ELSE 'en' END, now() - (w % 100) * interval '1 day'
    FROM generate_series(0, ${words - 1}) AS w`)
  await sql.execute(`INSERT INTO "MisspellingOccurrence" ("misspellingId", "pageId", count)
    SELECT 'bench-misspelling-' || ((p * 7 + k * ${stride}) % ${words}), 'bench-page-' || p, 1 + (p + k) % 3
    FROM generate_series(1, ${sizes.pages}) AS p, generate_series(0, 2) AS k`)
  // The totals a finalized scan keeps on each row (refreshMisspellingTotals).
  await sql.execute(`UPDATE "Misspelling" m SET "totalCount" = t.total, "pageCount" = t.pages
    FROM (SELECT "misspellingId" AS id, sum(count)::int AS total, count(*)::int AS pages
      FROM "MisspellingOccurrence" GROUP BY "misspellingId") t WHERE t.id = m.id`)
  await sql.execute(`INSERT INTO "Dictionary" (id, "siteId", language)
    VALUES ('bench-dictionary-global', 'bench-site', NULL), ('bench-dictionary-en', 'bench-site', 'en')`)
  await sql.execute(`INSERT INTO "DictionaryWord" (id, "dictionaryId", word, "authorId")
    SELECT 'bench-word-' || d.language || '-' || w, d.id, 'brand' || w, 'bench-member'
    FROM generate_series(1, 200) AS w, (VALUES ('bench-dictionary-global', 'global'),
      ('bench-dictionary-en', 'en')) AS d(id, language)`)
  await sql.execute(`UPDATE "Link" SET "riskType" = (ARRAY['MALWARE', 'SOCIAL_ENGINEERING', 'UNWANTED_SOFTWARE'])[1 + (hashtext(id) & 3) % 3]
    WHERE "siteId" = 'bench-site' AND NOT "isInternal" AND hashtext(id) % 5 = 0`)
}

async function findTopIssue(sql: Sql): Promise<{ topIssueId: string; topSignature: string }> {
  const [top] = await sql.query<{ issueId: string; signature: string }>(`SELECT t."issueId", t.signature
    FROM "IssueSummary" s JOIN "IssueTemplate" t USING ("siteId", "scopeId", category, "issueId")
    WHERE s."scopeId" = '' AND s.category = 'accessibility'
    ORDER BY s."pagesFailed" DESC, t."pageCount" DESC LIMIT 1`)
  if (!top) throw new Error('the seed left no failing accessibility issue')
  return { topIssueId: top.issueId, topSignature: top.signature }
}

/** Seeds an empty, migrated database; `log` reports each step with its time. */
export async function seedListsSite(sql: Sql, sizes: SeedSizes, log: (line: string) => void): Promise<void> {
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now()
    const result = await run()
    log(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
    return result
  }
  await step('users and sites', () => seedAccounts(sql))
  await step('scans and history', () => seedScans(sql, sizes))
  await step(`${sizes.pages} pages`, () => seedPages(sql, sizes))
  await step(`${sizes.pages * sizes.linksPerPage} link occurrences`, () => seedLinks(sql, sizes))
  await step('content quality links and readability', () => seedContentQualityLinks(sql))
  await step(`${sizes.pages * sizes.issuesPerPage} page issues`, () => seedPageIssues(sql, sizes))
  await step('section', () => seedSection(sql, sizes))
  await step('issue summaries and templates', () => seedRollups(sql, sizes))
  await step(`${sizes.documents} documents`, () => seedDocuments(sql, sizes))
  await step('contacts and media', () => seedInventory(sql, sizes))
  await step('30 days of uptime checks', () => seedUptime(sql))
  await step('SEO duplicates and orphans', () => seedSeo(sql, sizes))
  await step('misspellings, dictionaries and malicious links', () => seedMisspellingsAndRisks(sql, sizes))
  // As autovacuum leaves a live database: statistics, and a visibility map so that counts read indexes only.
  await step('vacuum analyze', () => sql.execute('VACUUM ANALYZE'))
}

/** What one run needs from a seeded database: new sessions and the ids its URLs name. */
export async function prepareRun(sql: Sql): Promise<SeededSite> {
  const tokens = await createSessions(sql)
  return { ...tokens, sectionId: 'bench-section', ...(await findTopIssue(sql)) }
}
