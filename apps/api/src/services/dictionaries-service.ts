import { randomUUID } from 'node:crypto'
import {
  type AddDictionaryWordsRequest,
  type AddDictionaryWordsResponse,
  DICTIONARY_WORD_DEFAULT_SORT,
  type DictionaryListItem,
  type DictionaryWord,
  type DictionaryWordsQuery,
  enqueueJob,
  GLOBAL_DICTIONARY,
  JOBS,
  type PagedList,
  type RemoveDictionaryWordsRequest,
  type RemoveDictionaryWordsResponse,
  splitDictionaryWords,
} from '@canopy/contracts'
import {
  deleteDictionaryWords,
  deleteMisspellingsInDictionary,
  ensureDictionary,
  findDictionaryWordsIn,
  findDictionaryWordsPage,
  insertDictionaryWords,
  isSitePaying,
  listMisspellingLanguages,
  listSiteDictionaries,
  type PrismaClient,
  recountPageMisspellings,
  runInTransaction,
} from '@canopy/db'
import { badRequest, forbidden } from '../http-errors.js'
import type { QueueRegistry } from '../plugins/app/queues.js'
import { presentDictionary, presentDictionaryWord } from '../presenters/content-quality-terms.js'
import { presentPagedList, toPageWindow } from '../presenters/paged-list.js'
import { chooseSort, searchTerm } from './list-scope.js'

/** A site's dictionaries, their words, and adding or removing words (which re-evaluates misspellings at once). */
export const UPGRADE_TO_ADD_WORDS_MESSAGE = 'Upgrade your plan to add words to your dictionaries.'

/** :lang of the routes → the dictionary's language (null: the global dictionary). */
export function dictionaryLanguage(lang: string): string | null {
  return lang === GLOBAL_DICTIONARY ? null : lang
}

/** A language code as dictionaries key it: the base language of a regional tag ('en-GB' → 'en'). */
function baseLanguage(language: string): string {
  return language.split('-')[0]?.toLowerCase() ?? language
}

/**
 * The global dictionary first (listed before its first word too), then every language that has a dictionary
 * or misspellings to add to one ('und', an undetermined language, has none).
 */
export async function listDictionaries(prisma: PrismaClient, siteId: string): Promise<DictionaryListItem[]> {
  const [dictionaries, languages] = await Promise.all([
    listSiteDictionaries(prisma, siteId),
    listMisspellingLanguages(prisma, siteId),
  ])
  const byLanguage = new Map(dictionaries.map((row) => [row.language, row]))
  const wanted = new Set<string | null>([null, ...byLanguage.keys()])
  for (const language of languages) if (language !== 'und') wanted.add(baseLanguage(language))
  const items = [...wanted].map((language) => {
    const row = byLanguage.get(language)
    return presentDictionary({
      id: row?.id ?? null,
      language,
      createdAt: row?.createdAt ?? null,
      wordCount: row?._count.words ?? 0,
    })
  })
  return items.sort((a, b) =>
    a.language === null ? -1 : b.language === null ? 1 : a.entryTitle.localeCompare(b.entryTitle),
  )
}

export async function listDictionaryWords(
  prisma: PrismaClient,
  siteId: string,
  lang: string,
  query: DictionaryWordsQuery,
): Promise<PagedList<DictionaryWord>> {
  const { sortBy, sortDir } = chooseSort(query, DICTIONARY_WORD_DEFAULT_SORT)
  const { rows, totalCount } = await findDictionaryWordsPage(
    prisma,
    { siteId, language: dictionaryLanguage(lang), search: searchTerm(query.search) },
    { sortBy, direction: sortDir },
    toPageWindow(query),
  )
  return presentPagedList(rows.map(presentDictionaryWord), totalCount, query)
}

interface AddWordsDeps {
  prisma: PrismaClient
  queues: QueueRegistry
  log: { warn: (object: object, message: string) => void }
}

/**
 * Adds the words (repeats and words the dictionary holds dropped) and, in the same transaction, deletes the
 * misspellings they now cover and recounts their pages: the misspellings lists change at once, without a
 * scan. The pages' content-quality scores are recomputed by the worker's rescore job (its scoring lives there).
 */
export async function addDictionaryWords(
  deps: AddWordsDeps,
  access: { siteId: string; userId: string },
  lang: string,
  body: AddDictionaryWordsRequest,
): Promise<AddDictionaryWordsResponse> {
  if (!(await isSitePaying(deps.prisma, access.siteId))) throw forbidden(UPGRADE_TO_ADD_WORDS_MESSAGE)
  const language = dictionaryLanguage(lang)
  const words = splitDictionaryWords(body.words.join(','))
  const result = await runInTransaction(deps.prisma, async (tx) => {
    const present = await findDictionaryWordsIn(tx, { siteId: access.siteId, language, words })
    const added = splitDictionaryWords(
      words.join(','),
      present.map((row) => row.word),
    )
    const dictionaryId = await ensureDictionary(tx, access.siteId, language)
    await insertDictionaryWords(tx, { dictionaryId, authorId: access.userId, words: added })
    const removed = await deleteMisspellingsInDictionary(tx, { siteId: access.siteId, language, words })
    await recountPageMisspellings(tx, removed.pageIds)
    return { added, ...removed }
  })
  if (result.pageIds.length) {
    await enqueueJob(deps.queues, JOBS.rescoreContentQuality, {
      siteId: access.siteId,
      changeId: randomUUID(),
      pageIds: result.pageIds.slice(0, 10_000),
    }).catch((error: unknown) =>
      // The misspellings are gone either way; without the job the scores catch up at the next scan.
      deps.log.warn({ err: error }, 'the content-quality rescore was not queued'),
    )
  }
  return {
    words: result.added,
    misspellingsRemoved: result.misspellingsRemoved,
    pagesUpdated: result.pageIds.length,
  }
}

/**
 * Removes the words from the dictionary. The misspellings they silenced come back with the next scan, which
 * reads the dictionaries again (the pages' text is not kept to judge it again now).
 */
export async function removeDictionaryWords(
  prisma: PrismaClient,
  siteId: string,
  lang: string,
  body: RemoveDictionaryWordsRequest,
): Promise<RemoveDictionaryWordsResponse> {
  if (body.lang !== undefined && body.lang !== lang) {
    throw badRequest('lang', `The body names the ${body.lang} dictionary, the path the ${lang} one.`)
  }
  const found = await findDictionaryWordsIn(prisma, {
    siteId,
    language: dictionaryLanguage(lang),
    words: body.words,
  })
  await deleteDictionaryWords(
    prisma,
    found.map((row) => row.id),
  )
  return { words: found.map((row) => row.word) }
}
