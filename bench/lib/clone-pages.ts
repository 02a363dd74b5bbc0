import type { PrismaClient } from '../../packages/db/src/index.js'

/**
 * Grows a scanned site to `total` pages by copying the pages one real scan stored, in set-based SQL: each copy
 * is a page of its own (its URL with `?copy=N`) with its source's result, issues, link, misspelling, document
 * and contact occurrences and frontier row, all in the same scan. A finalize then works on `total` pages as a
 * scan of that many pages would leave them, without scanning each in Chromium (bench/scan-finalize.ts).
 */

/** The tables that hang off a page and the column naming it; each is copied row for row onto every copy. */
const PAGE_TABLES = [
  'PageResult',
  'PageIssue',
  'LinkOccurrence',
  'MisspellingOccurrence',
  'DocumentOccurrence',
  'ContactOccurrence',
] as const

type Sql = Pick<PrismaClient, '$executeRawUnsafe' | '$queryRawUnsafe'>

async function columnsOf(db: Sql, table: string): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<{ column_name: string }[]>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    table,
  )
  return rows.map((row) => row.column_name)
}

/**
 * INSERT … SELECT of `table` with some columns given by expressions over the copy `c` and the source row `s`;
 * an override for a column the table does not have is left out.
 */
async function copyRows(db: Sql, table: string, from: string, overrides: Record<string, string>) {
  const columns = await columnsOf(db, table)
  const list = columns.map((column) => `"${column}"`).join(', ')
  const values = columns.map((column) => overrides[column] ?? `s."${column}"`).join(', ')
  return db.$executeRawUnsafe(`INSERT INTO "${table}" (${list}) SELECT ${values} ${from}`)
}

/** The copies to make: a row per (source page, copy number) up to `total` pages in all, with its id and URL. */
async function planCopies(db: Sql, siteId: string, total: number): Promise<number> {
  await db.$executeRawUnsafe(`DROP TABLE IF EXISTS bench_page_copy`)
  return db.$executeRawUnsafe(
    `CREATE TABLE bench_page_copy AS
       SELECT source, copy, md5(source || ':' || copy) AS id, url || '?copy=' || copy AS url
       FROM (SELECT p.id AS source, p.url, n AS copy, row_number() OVER (ORDER BY n, p.url) AS rank
             FROM "Page" p CROSS JOIN generate_series(1, $2::int) n WHERE p."siteId" = $1) planned
       WHERE rank <= $2::int - (SELECT count(*) FROM "Page" WHERE "siteId" = $1)`,
    siteId,
    total,
  )
}

/**
 * Copies the site's pages of `scanId` until the site has `total`, and sets the scan's counts to match (it is
 * left running, as a scan is when its last page is stored). Answers the number of copies made.
 */
export async function clonePages(
  prisma: PrismaClient,
  ids: { siteId: string; scanId: string },
  total: number,
) {
  const copies = await planCopies(prisma, ids.siteId, total)
  await copyRows(prisma, 'Page', 'FROM bench_page_copy c JOIN "Page" s ON s.id = c.source', {
    id: 'c.id',
    url: 'c.url',
  })
  for (const table of PAGE_TABLES) {
    const scanOnly =
      table === 'PageResult' || table === 'PageIssue' ? ` AND s."scanId" = '${ids.scanId}'` : ''
    await copyRows(
      prisma,
      table,
      `FROM bench_page_copy c JOIN "${table}" s ON s."pageId" = c.source${scanOnly}`,
      {
        pageId: 'c.id',
        id: `md5(s.id || ':' || c.id)`,
        pageUrl: 'c.url',
      },
    )
  }
  await copyRows(
    prisma,
    'ScanUrl',
    `FROM bench_page_copy c JOIN "Page" p ON p.id = c.source JOIN "ScanUrl" s ON s."scanId" = '${ids.scanId}' AND s.url = p.url`,
    { urlHash: 'md5(c.url)', url: 'c.url' },
  )
  await prisma.$executeRawUnsafe(`DROP TABLE bench_page_copy`)
  const pages = await prisma.pageResult.count({ where: { scanId: ids.scanId, status: 'succeeded' } })
  await prisma.scan.update({
    where: { id: ids.scanId },
    data: {
      state: 'running',
      finishedAt: null,
      pagesQueued: pages,
      pagesScanned: pages,
      pagesDiscovered: pages,
    },
  })
  return copies
}

/**
 * Gives every page of the site the root page's title and meta description (a CMS default left on every page):
 * the largest duplicate groups a site can have, one page per group member on each page's duplicate checks.
 */
export async function shareRootText(prisma: PrismaClient, siteId: string, rootUrl: string) {
  await prisma.$executeRawUnsafe(
    `UPDATE "Page" p SET title = r.title, "metaDescription" = r."metaDescription",
       "titleHash" = r."titleHash", "descriptionHash" = r."descriptionHash"
     FROM "Page" r WHERE r."siteId" = $1 AND r.url = $2 AND p."siteId" = $1`,
    siteId,
    rootUrl,
  )
}
