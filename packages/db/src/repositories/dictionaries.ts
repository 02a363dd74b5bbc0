import { Prisma } from '../generated/prisma/client.js'
import type { DbClient, PageWindow, SortDirection } from './db-client.js'

/**
 * A site's custom dictionaries: the global one (language null) and one per language. A word in a
 * dictionary is never reported as a misspelling on the pages it applies to: the global dictionary's on
 * every page, a language's on the pages in that language (and its regional variants: 'en' covers 'en-GB').
 */

/** The site's dictionaries with how many words each holds. */
export function listSiteDictionaries(db: DbClient, siteId: string) {
  return db.dictionary.findMany({
    where: { siteId },
    select: { id: true, language: true, createdAt: true, _count: { select: { words: true } } },
  })
}

/** The languages the site's misspellings were found in: each may have a dictionary. */
export async function listMisspellingLanguages(db: DbClient, siteId: string): Promise<string[]> {
  // GROUP BY in the database (a findMany with distinct would read every misspelling of the site).
  const rows = await db.misspelling.groupBy({ by: ['language'], where: { siteId } })
  return rows.map((row) => row.language)
}

export type DictionaryWordSortKey = 'entryTitle' | 'word' | 'author' | 'created'

function wordOrder(
  sortBy: DictionaryWordSortKey,
  direction: SortDirection,
): Prisma.DictionaryWordOrderByWithRelationInput[] {
  if (sortBy === 'author') return [{ author: { firstName: direction } }, { word: 'asc' }]
  if (sortBy === 'created') return [{ createdAt: direction }, { word: 'asc' }]
  return [{ word: direction }, { id: direction }]
}

/** One page of a dictionary's words (a dictionary never added to has none), with the total. */
export async function findDictionaryWordsPage(
  db: DbClient,
  filter: { siteId: string; language: string | null; search?: string },
  sort: { sortBy: DictionaryWordSortKey; direction: SortDirection },
  window: PageWindow,
) {
  const where: Prisma.DictionaryWordWhereInput = {
    dictionary: { siteId: filter.siteId, language: filter.language },
    ...(filter.search ? { word: { contains: filter.search, mode: 'insensitive' } } : {}),
  }
  const [rows, totalCount] = await Promise.all([
    db.dictionaryWord.findMany({
      where,
      orderBy: wordOrder(sort.sortBy, sort.direction),
      skip: window.skip,
      take: window.take,
      select: {
        id: true,
        word: true,
        createdAt: true,
        author: { select: { firstName: true, lastName: true } },
      },
    }),
    db.dictionaryWord.count({ where }),
  ])
  return { rows, totalCount }
}

/** The words of a dictionary among these (compared without case). */
export async function findDictionaryWordsIn(
  db: DbClient,
  { siteId, language, words }: { siteId: string; language: string | null; words: string[] },
) {
  if (!words.length) return []
  return db.$queryRaw<{ id: string; word: string }[]>`
    SELECT w.id, w.word FROM "DictionaryWord" w JOIN "Dictionary" d ON d.id = w."dictionaryId"
    WHERE d."siteId" = ${siteId} AND d.language IS NOT DISTINCT FROM ${language}
      AND lower(w.word) = ANY(${words.map((word) => word.toLowerCase())}::text[])`
}

/** The dictionary of the language (null: global), created on its first word. */
export async function ensureDictionary(db: DbClient, siteId: string, language: string | null) {
  const found = await db.dictionary.findFirst({ where: { siteId, language }, select: { id: true } })
  if (found) return found.id
  // Two first words at once: the unique (siteId, language) keeps one row, the loser reads it.
  const [row] = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO "Dictionary" (id, "siteId", language, "createdAt")
    VALUES (gen_random_uuid()::text, ${siteId}, ${language}, now())
    ON CONFLICT ("siteId", language) DO UPDATE SET language = EXCLUDED.language
    RETURNING id`
  return (row as { id: string }).id
}

export async function insertDictionaryWords(
  db: DbClient,
  { dictionaryId, authorId, words }: { dictionaryId: string; authorId: string; words: string[] },
) {
  await db.dictionaryWord.createMany({
    data: words.map((word) => ({ dictionaryId, word, authorId })),
    skipDuplicates: true,
  })
}

export function deleteDictionaryWords(db: DbClient, ids: string[]) {
  return db.dictionaryWord.deleteMany({ where: { id: { in: ids } } })
}

/**
 * The misspellings a dictionary now holds are no longer misspellings: they are deleted with their
 * occurrences. A word matches without case, and so does its possessive ("Grovia's" when "Grovia" is in),
 * as the spell checker judges them; a language dictionary matches that language and its regional variants.
 * Answers the pages whose misspellings changed.
 */
export async function deleteMisspellingsInDictionary(
  db: DbClient,
  { siteId, language, words }: { siteId: string; language: string | null; words: string[] },
): Promise<{ misspellingsRemoved: number; pageIds: string[] }> {
  const lowered = words.map((word) => word.toLowerCase())
  const inLanguage = language
    ? Prisma.sql`AND (m.language = ${language} OR m.language LIKE ${`${language}-%`})`
    : Prisma.empty
  const removed = await db.$queryRaw<{ id: string; pageIds: string[] }[]>`
    WITH gone AS (
      DELETE FROM "Misspelling" m
      WHERE m."siteId" = ${siteId} ${inLanguage}
        AND (lower(m.word) = ANY(${lowered}::text[])
          OR (lower(m.word) LIKE '%''s' AND left(lower(m.word), -2) = ANY(${lowered}::text[])))
      RETURNING m.id
    )
    SELECT g.id, coalesce(array_agg(o."pageId") FILTER (WHERE o."pageId" IS NOT NULL), '{}') AS "pageIds"
    FROM gone g LEFT JOIN "MisspellingOccurrence" o ON o."misspellingId" = g.id
    GROUP BY g.id`
  return {
    misspellingsRemoved: removed.length,
    pageIds: [...new Set(removed.flatMap((row) => row.pageIds))],
  }
}

/** Each page's misspellingCount again from the occurrences it still has. */
export async function recountPageMisspellings(db: DbClient, pageIds: string[]) {
  if (!pageIds.length) return
  await db.$executeRaw`
    UPDATE "Page" p SET "misspellingCount" = coalesce(
      (SELECT sum(o.count)::int FROM "MisspellingOccurrence" o WHERE o."pageId" = p.id), 0)
    WHERE p.id = ANY(${pageIds}::text[])`
}

/** Whether the site pays: only a paying site may add words to its dictionaries. */
export async function isSitePaying(db: DbClient, siteId: string): Promise<boolean> {
  const site = await db.site.findUnique({ where: { id: siteId }, select: { isPaying: true } })
  return site?.isPaying ?? false
}

/**
 * What rescoring a page after a dictionary change needs: the page's result of the scan that last saw it
 * (its stored content-quality input) and the misspellings it still has. Null for a page of another site,
 * one never scanned, or one whose last result failed.
 */
export async function findPageForContentRescore(
  db: DbClient,
  { siteId, pageId }: { siteId: string; pageId: string },
) {
  const page = await db.page.findFirst({
    where: { id: pageId, siteId },
    select: { id: true, lastScanId: true },
  })
  if (!page?.lastScanId) return null
  const result = await db.pageResult.findUnique({
    where: { scanId_pageId: { scanId: page.lastScanId, pageId } },
    select: { id: true, scanId: true, status: true, scores: true },
  })
  if (result?.status !== 'succeeded' || !result.scores) return null
  const misspellings = await db.misspellingOccurrence.findMany({
    where: { pageId },
    select: { count: true, misspelling: { select: { word: true } } },
  })
  return {
    result,
    misspellings: misspellings.map((row) => ({ word: row.misspelling.word, count: row.count })),
  }
}
