import type { ReadabilityLevelSlug } from '@canopy/contracts'
import { countSyllables } from './count-syllables.js'
import { detectLanguage } from './detect-language.js'

/**
 * Flesch reading ease and its published adaptations, by ISO 639-1 language. Each takes words per sentence
 * (ASL) and syllables per word (ASW). Languages without an adaptation use the English formula.
 */
type FleschFormula = (asl: number, asw: number) => number

// Flesch (1948)
const englishFlesch: FleschFormula = (asl, asw) => 206.835 - 1.015 * asl - 84.6 * asw

const FLESCH_FORMULAS: Record<string, FleschFormula> = {
  en: englishFlesch,
  // Amstad (1978)
  de: (asl, asw) => 180 - asl - 58.5 * asw,
  // Kandel & Moles (1958)
  fr: (asl, asw) => 207 - 1.015 * asl - 73.6 * asw,
  // Fernández Huerta (1959), in its corrected per-word form
  es: (asl, asw) => 206.84 - 1.02 * asl - 60 * asw,
  // Douma (1960)
  nl: (asl, asw) => 206.835 - 0.93 * asl - 77 * asw,
}

/**
 * Flesch bands → the spec's eight levels. Flesch's own table has seven bands (90+, 80s, 70s, 60s, 50s, 30-49,
 * below 30); we split his 30-49 "difficult" band at 40 to get eight, so every band but the top and bottom is
 * ten points wide. Scores of 0 or less are no score (spec), so "very difficult" is 0 < flesch < 30.
 */
export const READABILITY_BANDS: readonly { min: number; level: ReadabilityLevelSlug }[] = [
  { min: 90, level: 'very-easy-to-read' },
  { min: 80, level: 'easy-to-read' },
  { min: 70, level: 'fairly-easy-to-read' },
  { min: 60, level: 'average-reading-level' },
  { min: 50, level: 'fairly-difficult-to-read' },
  { min: 40, level: 'moderately-difficult-to-read' },
  { min: 30, level: 'difficult-to-read' },
  { min: Number.NEGATIVE_INFINITY, level: 'very-difficult-to-read' },
]

/**
 * Languages written without spaces between words (or with syllable scripts): Flesch's word and syllable
 * counts mean nothing there, so their pages get no score rather than a wrong one.
 */
const LANGUAGES_WITHOUT_FLESCH = new Set(['zh', 'ja', 'ko', 'th', 'lo', 'km', 'my'])

/** Below this many words a Flesch score says more about the sample than about the page. */
export const MIN_READABILITY_WORDS = 30

export const FLESCH_MAX = 100

export interface Readability {
  /** 0 < flesch ≤ 100, one decimal; null when there is too little text or the formula gives 0 or less */
  flesch: number | null
  level: ReadabilityLevelSlug | null
  words: number
  sentences: number
  /** ISO 639-1, from the hint or detected; null when undetermined */
  language: string | null
  /** the language whose formula was used ('en' when the language has no adaptation) */
  formula: string
}

export interface ReadabilityOptions {
  minWords?: number
}

export function levelForFlesch(flesch: number): ReadabilityLevelSlug {
  const band = READABILITY_BANDS.find((b) => flesch >= b.min)
  return band ? band.level : 'very-difficult-to-read'
}

const WORD = /\p{L}[\p{L}\p{M}'’-]*/gu

/**
 * Sentences end at . ! ? … (followed by space or end) and at line breaks: the main text comes from block
 * elements, and a heading or list item without a full stop is still a unit of reading.
 */
function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…。])\s+|\n+/u)
    .map((s) => s.trim())
    .filter((s) => /\p{L}/u.test(s))
}

/**
 * Readability of a page's main text. `language` is the page's lang hint (e.g. 'en-GB'); when absent the
 * language is detected from the text.
 */
export function measureReadability(
  text: string,
  language?: string | null,
  options: ReadabilityOptions = {},
): Readability {
  const detected = detectLanguage(text, language)
  const formulaLanguage = detected && detected in FLESCH_FORMULAS ? detected : 'en'
  const sentences = splitSentences(text)
  let words = 0
  let syllables = 0
  let countedSentences = 0
  for (const sentence of sentences) {
    const sentenceWords = sentence.match(WORD) ?? []
    if (sentenceWords.length === 0) continue
    countedSentences += 1
    words += sentenceWords.length
    for (const word of sentenceWords) syllables += countSyllables(word, formulaLanguage)
  }
  const base = { words, sentences: countedSentences, language: detected, formula: formulaLanguage }
  const measurable = !(detected && LANGUAGES_WITHOUT_FLESCH.has(detected))
  if (!measurable || words < (options.minWords ?? MIN_READABILITY_WORDS) || countedSentences === 0) {
    return { ...base, flesch: null, level: null }
  }
  const formula = FLESCH_FORMULAS[formulaLanguage] ?? englishFlesch
  const raw = formula(words / countedSentences, syllables / words)
  if (raw <= 0) return { ...base, flesch: null, level: null }
  const flesch = Math.round(Math.min(FLESCH_MAX, raw) * 10) / 10
  return { ...base, flesch, level: levelForFlesch(flesch) }
}
