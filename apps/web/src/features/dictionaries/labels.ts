import { GLOBAL_DICTIONARY } from '@canopy/contracts'

/** The wording of the misspellings and dictionaries screens (messages.json, verbatim where it quotes). */
export const DICTIONARY_TEXT = {
  globalDictionary: 'Global',
  allLanguages: '(all languages)',
  addTo: (dictionary: string) => `Add to ${dictionary} dictionary`,
  adding: 'Adding...',
  addedTo: (dictionary: string) => `Added to ${dictionary} dictionary`,
  addFailed: 'Error - Please try again',
  addedToast: (word: string, dictionary: string) =>
    `"${word}" has been added to your ${dictionary} dictionary. Your word will be cleaned up in the next scan.`,
  addError: 'Error adding word to dictionary. Please try again.',
  /** shown instead of the add and delete controls to a viewer (editDictionaries is for editors and admins) */
  editorsOnly: "Only the site's editors and administrators can change its dictionaries.",
  removedToast: (word: string) => `${word} has been removed from the dictionary`,
  removeError: 'There was an error removing the word',
  removeErrors: 'There was an error removing the words',
  deleted: (word: string) => `${word} deleted`,
  dontShowAgain: "Don't show me this confirmation again",
  enterOneWord: 'Please enter at least one word',
  upgradeTitle: 'Upgrade your plan',
  noMisspellings: 'No misspellings found',
  goToDictionaries: 'Go to dictionaries',
  availableAfterNextScan: 'This content will be available after your next scan.',
} as const

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' })

/** 'en' → 'English'; an undetermined or unknown code stays as it is. */
export function languageName(code: string): string {
  try {
    return LANGUAGE_NAMES.of(code) ?? code
  } catch {
    return code
  }
}

/** The dictionary's name in the texts: 'Global', or the language's name. */
export function dictionaryName(lang: string): string {
  return lang === GLOBAL_DICTIONARY ? DICTIONARY_TEXT.globalDictionary : languageName(lang)
}

/** The dictionary a misspelling of a page language goes to: its base language ('en-GB' → 'en'). */
export function dictionaryLangOf(language: string): string | null {
  const base = language.split('-')[0]?.toLowerCase() ?? ''
  return /^[a-z]{2,3}$/.test(base) && base !== 'und' ? base : null
}
