export { countSyllables } from './count-syllables.js'
export { detectLanguage, type LanguageScore, normaliseLanguageTag, rankLanguages } from './detect-language.js'
export {
  FLESCH_MAX,
  levelForFlesch,
  MIN_READABILITY_WORDS,
  measureReadability,
  READABILITY_BANDS,
  type Readability,
  type ReadabilityOptions,
} from './measure-readability.js'
