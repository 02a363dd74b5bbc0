import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPrismaClient } from '../src/client.js'
import { createTestDatabase, type TestDatabase } from '../src/testing.js'

// The list screens search with Prisma's `contains` + mode 'insensitive', i.e. ILIKE '%term%'. These
// tests prove the hand-written trigram indexes serve exactly those predicates.
describe('trigram search indexes', () => {
  let database: TestDatabase
  let prisma: ReturnType<typeof createPrismaClient>

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL, { prefix: 'canopy_it_search' })
    prisma = createPrismaClient(database.databaseUrl)
    await prisma.organisation.create({ data: { id: 'org', slug: 'org', name: 'Org' } })
    await prisma.site.createMany({
      data: ['a', 'b'].map((id) => ({
        id,
        slug: id,
        siteName: `Site ${id}`,
        rootUri: `http://${id}.test/`,
        organisationId: 'org',
      })),
    })
    // Enough rows that a scan costs more than the index, as on real sites. VACUUM moves the rows from
    // GIN's pending list into the index proper (autovacuum's job in production) and gives the planner
    // its statistics; no planner setting is forced.
    await prisma.$executeRaw`
      INSERT INTO "Page" (id, "siteId", url, title)
      SELECT s || g, s, 'https://' || s || '.test/' || (ARRAY['news','services','about'])[1 + g % 3] || '/item-' || g,
             'Item ' || g || ' ' || md5(g::text)
      FROM unnest(ARRAY['a', 'b']) s, generate_series(1, 10000) g`
    await prisma.$executeRaw`
      INSERT INTO "Section" (id, "siteId", slug, title, "updatedAt")
      SELECT 'sec' || g, 'a', 'section-' || g, 'Section ' || md5(g::text), now() FROM generate_series(1, 5000) g`
    await prisma.$executeRaw`
      INSERT INTO "Site" (id, slug, "siteName", "rootUri", "organisationId", "updatedAt")
      SELECT 'site' || g, 'site-' || g, 'Site ' || md5(g::text), 'http://x.test/', 'org', now()
      FROM generate_series(1, 5000) g`
    await prisma.$executeRaw`
      INSERT INTO "User" (id, email, "firstName", "lastName", "updatedAt")
      SELECT 'user' || g, md5(g::text) || '@example.test', 'First' || md5(g::text), 'Last' || md5(g::text), now()
      FROM generate_series(1, 5000) g`
    for (const table of ['Page', 'Section', 'Site', 'User'])
      await prisma.$executeRawUnsafe(`VACUUM ANALYZE "${table}"`)
  })
  afterAll(async () => {
    await prisma.$disconnect()
    await database.drop()
  })

  async function explain(sql: string): Promise<string> {
    const rows = await prisma.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${sql}`)
    return rows.map((row) => row['QUERY PLAN']).join('\n')
  }

  // The planner picks the site-first or the column-only trigram index, whichever it estimates cheaper; either
  // way the search reads an index, never the whole table.
  it('finds pages of one site by URL or title through trigram indexes', async () => {
    const plan = await explain(
      `SELECT id FROM "Page" WHERE "siteId" = 'a' AND ("url" ILIKE '%item-12%' OR "title" ILIKE '%item-12%')`,
    )
    expect(plan).toMatch(/Page_(siteId_)?url_trgm_idx/)
    expect(plan).toMatch(/Page_(siteId_)?title_trgm_idx/)
    expect(plan).toMatch(/Index Cond: \((\("siteId" = 'a'::text\) AND \()?url ~~\* '%item-12%'::text\)/)
    expect(plan).not.toContain('Seq Scan')

    const found = await prisma.page.count({
      where: {
        siteId: 'a',
        OR: [{ url: { contains: 'ITEM-12', mode: 'insensitive' } }, { title: { contains: 'item-12' } }],
      },
    })
    // item-12, item-120..129, item-1200..1299: 1 + 10 + 100
    expect(found).toBe(111)
  })

  it.each([
    ['Site', `"siteName" ILIKE '%c4ca42%'`, 'Site_siteName_trgm_idx'],
    ['Section', `"siteId" = 'a' AND "title" ILIKE '%c4ca42%'`, 'Section_siteId_title_trgm_idx'],
    ['User', `"email" ILIKE '%c4ca42%'`, 'User_email_trgm_idx'],
    ['User', `"firstName" ILIKE '%c4ca42%'`, 'User_firstName_trgm_idx'],
    ['User', `"lastName" ILIKE '%c4ca42%'`, 'User_lastName_trgm_idx'],
  ])('searches %s with %s through %s', async (table, predicate, index) => {
    expect(await explain(`SELECT 1 FROM "${table}" WHERE ${predicate}`)).toContain(index)
  })
})
