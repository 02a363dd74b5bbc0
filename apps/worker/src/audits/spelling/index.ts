export {
  createSpellChecker,
  type Misspelling,
  type SpellChecker,
  type SpellCheckerOptions,
  tokeniseForSpelling,
} from './create-spell-checker.js'
export {
  type DictionaryKey,
  dictionaryKeyFor,
  loadDictionary,
  preloadDictionaries,
  SPELLING_LANGUAGES,
} from './load-dictionary.js'
