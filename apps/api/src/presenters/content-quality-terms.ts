import type {
  DictionaryListItem,
  DictionaryWord,
  MaliciousLinkListItem,
  MisspellingListItem,
} from '@canopy/contracts'
import type { MaliciousLinkListRow, MisspellingListRow } from '@canopy/db'
import type { ExportColumn } from '../lib/list-export.js'

/** Misspellings, the pages a link or misspelling affects, dictionaries and malicious links on the wire. */

export function presentMisspelling(row: MisspellingListRow): MisspellingListItem {
  return {
    sys: { id: row.id, version: { created: row.firstSeenAt.toISOString() } },
    entryTitle: row.word,
    language: row.language,
    totalCount: row.totalCount,
    pageCount: row.pageCount,
  }
}

export const MISSPELLING_EXPORT_COLUMNS: ExportColumn<MisspellingListItem>[] = [
  { header: 'id', value: (item) => item.sys.id },
  { header: 'misspelling', value: (item) => item.entryTitle },
  { header: 'language', value: (item) => item.language },
  { header: 'occurrences', value: (item) => item.totalCount },
  { header: 'pages', value: (item) => item.pageCount },
]

export function presentMaliciousLink(row: MaliciousLinkListRow): MaliciousLinkListItem {
  return {
    sys: { id: row.id, version: { created: row.firstSeenAt.toISOString() } },
    entryTitle: row.url,
    riskType: row.riskType,
    totalCount: row.linkingPages,
  }
}

export const MALICIOUS_LINK_EXPORT_COLUMNS: ExportColumn<MaliciousLinkListItem>[] = [
  { header: 'id', value: (item) => item.sys.id },
  { header: 'link', value: (item) => item.entryTitle },
  { header: 'type', value: (item) => item.riskType },
  { header: 'occurrences', value: (item) => item.totalCount },
  { header: 'discovered', value: (item) => item.sys.version?.created ?? null },
]

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' })

/** 'Global' for the dictionary of every language, else the language's English name ('en' → 'English'). */
export function dictionaryTitle(language: string | null): string {
  if (language === null) return 'Global'
  try {
    return LANGUAGE_NAMES.of(language) ?? language
  } catch {
    return language
  }
}

export function presentDictionary(dictionary: {
  id: string | null
  language: string | null
  createdAt: Date | null
  wordCount: number
}): DictionaryListItem {
  return {
    sys: {
      id: dictionary.id ?? dictionary.language ?? 'global',
      ...(dictionary.createdAt ? { version: { created: dictionary.createdAt.toISOString() } } : {}),
    },
    entryTitle: dictionaryTitle(dictionary.language),
    language: dictionary.language,
    wordCount: dictionary.wordCount,
  }
}

export function presentDictionaryWord(row: {
  id: string
  word: string
  createdAt: Date
  author: { firstName: string; lastName: string } | null
}): DictionaryWord {
  const author = row.author ? `${row.author.firstName} ${row.author.lastName}`.trim() : null
  return {
    sys: { id: row.id, version: { created: row.createdAt.toISOString() } },
    word: row.word,
    entryTitle: row.word,
    author: author || null,
    creationDate: row.createdAt.toISOString(),
  }
}
