import { type DictionaryKey, dictionaryKeyFor, loadDictionary } from './load-dictionary.js'

export interface Misspelling {
  word: string
  count: number
}

export interface SpellChecker {
  /** the dictionary used, null when the language has none (then nothing is reported) */
  dictionary: DictionaryKey | null
  misspellings(text: string): Misspelling[]
}

export interface SpellCheckerOptions {
  /** the page language, ISO 639-1 with an optional region ('en-GB') */
  language: string | null | undefined
  /** the site's dictionary words: the global dictionary's and the page language's */
  customWords?: Iterable<string>
}

// Text that is not prose: links, e-mail addresses, @handles.
const NOT_PROSE = /\b(?:https?:\/\/|www\.)\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?<!\w)@\w+/giu
// Candidate words: letters, marks, digits, apostrophes and inner hyphens.
const TOKEN = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu

function normaliseApostrophes(word: string): string {
  return word.replace(/’/g, "'")
}

/**
 * Words we never judge: with digits (A4, 3rd, covid19), ALL-CAPS acronyms (NASA, HTML), inner capitals
 * (iPhone, JavaScript — names, not prose) and single letters.
 */
function isCheckable(word: string): boolean {
  if (word.length < 2) return false
  if (/\p{N}/u.test(word)) return false
  if (word === word.toUpperCase()) return false
  if (/\p{Ll}\p{Lu}/u.test(word)) return false
  return true
}

export function tokeniseForSpelling(text: string): string[] {
  const prose = text.replace(NOT_PROSE, ' ')
  const words: string[] = []
  for (const match of prose.matchAll(TOKEN)) {
    const token = normaliseApostrophes(match[0])
    // Hyphenated compounds (well-known) are judged part by part, as dictionaries list the parts.
    for (const part of token.split('-')) if (isCheckable(part)) words.push(part)
  }
  return words
}

/**
 * A spell checker for one page language with the site's custom words. Hunspell dictionaries come from npm
 * (nspell); loading one is slow, so it is cached per language for the process.
 */
export async function createSpellChecker(options: SpellCheckerOptions): Promise<SpellChecker> {
  const key = dictionaryKeyFor(options.language)
  if (!key) return { dictionary: null, misspellings: () => [] }
  const { spell } = await loadDictionary(key)
  const custom = new Set<string>()
  for (const word of options.customWords ?? []) {
    const cleaned = normaliseApostrophes(word.trim())
    if (cleaned) custom.add(cleaned.toLowerCase())
  }
  // Pages repeat their words; hunspell lookups with affix stripping are not free.
  const verdicts = new Map<string, boolean>()
  const isCorrect = (word: string) => {
    let verdict = verdicts.get(word)
    if (verdict === undefined) {
      const lower = word.toLowerCase()
      verdict =
        custom.has(lower) ||
        spell.correct(word) ||
        // A possessive of a correct word (Canopy's) or a word in quotes ('word') is correct too.
        (/'s$/i.test(word) && (custom.has(lower.slice(0, -2)) || spell.correct(word.slice(0, -2))))
      verdicts.set(word, verdict)
    }
    return verdict
  }
  return {
    dictionary: key,
    misspellings(text) {
      const counts = new Map<string, Misspelling>()
      for (const word of tokeniseForSpelling(text)) {
        if (isCorrect(word)) continue
        // One entry per word whatever its case at the start of a sentence; the first spelling seen is shown.
        const entry = counts.get(word.toLowerCase())
        if (entry) entry.count += 1
        else counts.set(word.toLowerCase(), { word, count: 1 })
      }
      return [...counts.values()].sort((a, b) => b.count - a.count || a.word.localeCompare(b.word))
    },
  }
}
