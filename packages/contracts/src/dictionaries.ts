import { z } from 'zod'
import { SectionScopeQuerySchema, sortKeySchema } from './lists.js'
import { ListQuerySchema, SysSchema } from './paging.js'

/**
 * Misspellings and the custom dictionaries that silence them:
 * GET /api/v1/sites/:slug/content-quality/misspellings, .../pages-affected-by-a-misspelling/:misspellingId,
 * GET /dictionaries, GET /dictionary and /dictionary/:lang, POST and DELETE /dictionary/:lang/words.
 */

export const MISSPELLING_SORT_KEYS = ['entryTitle', 'language', 'totalCount'] as const
/** Misspellings: most occurrences first (constants.json sorting.defaults). */
export const MISSPELLING_DEFAULT_SORT = { sortBy: 'totalCount', sortDir: 'desc' } as const

export const MisspellingsQuerySchema = ListQuerySchema.extend({
  ...SectionScopeQuerySchema.shape,
  sortBy: sortKeySchema(MISSPELLING_SORT_KEYS).optional(),
})
export type MisspellingsQuery = z.infer<typeof MisspellingsQuerySchema>

export const MisspellingListItemSchema = z.object({
  /** the misspelling's id; version.created = first seen */
  sys: SysSchema,
  /** the word as first seen */
  entryTitle: z.string(),
  /** the language of the pages it was found on (ISO 639-1) */
  language: z.string(),
  /** occurrences on the site's (or section's) pages */
  totalCount: z.number().int(),
  /** pages it appears on */
  pageCount: z.number().int(),
})
export type MisspellingListItem = z.infer<typeof MisspellingListItemSchema>

const ID = z.string().min(1).max(100)
export const MisspellingParamsSchema = z.object({ misspellingId: ID })

/** :lang of the dictionary routes: 'global', or an ISO 639-1/639-3 language code as pages declare it. */
export const GLOBAL_DICTIONARY = 'global'
export const DictionaryLanguageSchema = z.string().regex(/^(global|[a-z]{2,3})$/, {
  error: "Enter 'global' or a language code of 2 or 3 lower-case letters.",
})
export const DictionaryParamsSchema = z.object({ lang: DictionaryLanguageSchema })

export const DictionaryListItemSchema = z.object({
  /** the dictionary's id once a word was added to it, else 'global' or the language code */
  sys: SysSchema,
  /** 'Global', or the language's English name */
  entryTitle: z.string(),
  /** null: the global dictionary, which applies to every language */
  language: z.string().nullable(),
  /** how many words it holds */
  wordCount: z.number().int(),
})
export type DictionaryListItem = z.infer<typeof DictionaryListItemSchema>
export const DictionariesResponseSchema = z.array(DictionaryListItemSchema)

export const DICTIONARY_WORD_SORT_KEYS = ['entryTitle', 'word', 'author', 'created'] as const
/** Dictionary words by the word (constants.json sorting.defaults). */
export const DICTIONARY_WORD_DEFAULT_SORT = { sortBy: 'entryTitle', sortDir: 'asc' } as const

export const DictionaryWordsQuerySchema = ListQuerySchema.extend({
  sortBy: sortKeySchema(DICTIONARY_WORD_SORT_KEYS).optional(),
})
export type DictionaryWordsQuery = z.infer<typeof DictionaryWordsQuerySchema>

export const DictionaryWordSchema = z.object({
  /** version.created = when it was added */
  sys: SysSchema,
  word: z.string(),
  entryTitle: z.string(),
  /** the name of who added it; null once they left or for words seeded without one */
  author: z.string().nullable(),
  /** ISO 8601 */
  creationDate: z.string(),
})
export type DictionaryWord = z.infer<typeof DictionaryWordSchema>

/** A word as a dictionary keeps it: trimmed, no commas (the add box separates words with them). */
export const DictionaryWordTextSchema = z
  .string()
  .trim()
  .min(1, { error: 'Please enter at least one word' })
  .max(100, { error: 'A word has at most 100 characters.' })
  .regex(/^[^,\s]+$/u, { error: 'A word has no spaces or commas.' })

export const MAX_WORDS_PER_CHANGE = 100

export const AddDictionaryWordsRequestSchema = z.object({
  words: z
    .array(DictionaryWordTextSchema)
    .min(1, { error: 'Please enter at least one word' })
    .max(MAX_WORDS_PER_CHANGE),
  /** the misspellings the words were added from (their rows are re-evaluated like every other) */
  ids: z.array(ID).max(MAX_WORDS_PER_CHANGE).optional(),
})
export type AddDictionaryWordsRequest = z.infer<typeof AddDictionaryWordsRequestSchema>

export const AddDictionaryWordsResponseSchema = z.object({
  /** the words added (those already in the dictionary are left out) */
  words: z.array(z.string()),
  /** misspellings no longer reported because of them */
  misspellingsRemoved: z.number().int(),
  /** pages whose misspellings changed */
  pagesUpdated: z.number().int(),
})
export type AddDictionaryWordsResponse = z.infer<typeof AddDictionaryWordsResponseSchema>

export const RemoveDictionaryWordsRequestSchema = z.object({
  words: z
    .array(DictionaryWordTextSchema)
    .min(1, { error: 'Please enter at least one word' })
    .max(MAX_WORDS_PER_CHANGE),
  lang: DictionaryLanguageSchema.optional(),
})
export type RemoveDictionaryWordsRequest = z.infer<typeof RemoveDictionaryWordsRequestSchema>

export const RemoveDictionaryWordsResponseSchema = z.object({ words: z.array(z.string()) })
export type RemoveDictionaryWordsResponse = z.infer<typeof RemoveDictionaryWordsResponseSchema>

/** Splits what was typed in the add box: comma separated, trimmed, blanks and repeats (any case) dropped. */
export function splitDictionaryWords(typed: string, alreadyIn: Iterable<string> = []): string[] {
  const seen = new Set([...alreadyIn].map((word) => word.toLowerCase()))
  const words: string[] = []
  for (const part of typed.split(',')) {
    const word = part.trim()
    if (!word || seen.has(word.toLowerCase())) continue
    seen.add(word.toLowerCase())
    words.push(word)
  }
  return words
}
