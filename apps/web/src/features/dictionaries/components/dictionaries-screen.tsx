import { type DictionaryListItem, GLOBAL_DICTIONARY } from '@canopy/contracts'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import screenStyles from '@/components/area/screen.module.css'
import { type ListColumn, ListView, useInMemoryList } from '@/components/ui/list'
import { PageHeader, StatusMessage } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatCount, formatDate } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { useDictionaries } from '../api/get-dictionaries'
import { DICTIONARY_TEXT } from '../labels'

const EMPTY: DictionaryListItem[] = []

/** A dictionary's language as each row shows it: '(all languages)' for the global one. */
const languageOf = (item: DictionaryListItem) =>
  item.language === null ? DICTIONARY_TEXT.allLanguages : `(${item.language})`

const SEARCH = {
  searchText: (item: DictionaryListItem) => `${item.entryTitle} ${item.language ?? ''}`,
  sortValues: {
    entryTitle: (item: DictionaryListItem) => (item.language === null ? '' : item.entryTitle),
    created: (item: DictionaryListItem) => item.sys.version?.created ?? '',
  },
}

function dictionaryColumns(href: (item: DictionaryListItem) => string): ListColumn<DictionaryListItem>[] {
  return [
    {
      id: 'entryTitle',
      label: 'Dictionary',
      sortable: true,
      isRowHeader: true,
      render: (item) => (
        <span className={screenStyles.pageCell}>
          <Link to={href(item)}>{item.entryTitle}</Link>
          <span className={screenStyles.muted}>
            {languageOf(item)} · {formatCount(item.wordCount)} {item.wordCount === 1 ? 'word' : 'words'}
          </span>
        </span>
      ),
    },
    {
      id: 'created',
      label: 'Date created',
      sortable: true,
      render: (item) => (item.sys.version?.created ? formatDate(item.sys.version.created) : 'No words yet'),
    },
  ]
}

/** content-quality/dictionaries: the global dictionary and one per language, each leading to its words. */
export function DictionariesScreen({
  siteSlug,
  sectionSlug,
  headerActions,
}: {
  siteSlug: string
  sectionSlug: string | null
  headerActions?: ReactNode
}) {
  useDocumentTitle('Dictionaries')
  const dictionaries = useDictionaries(siteSlug)
  const { list, query } = useInMemoryList(
    dictionaries.data ?? EMPTY,
    { sortBy: 'entryTitle', sortDir: 'asc' },
    SEARCH,
  )
  const href = (item: DictionaryListItem) =>
    sitePath(
      siteSlug,
      sectionSlug,
      item.language === null
        ? 'content-quality/dictionaries/dictionary'
        : `content-quality/dictionaries/dictionary/${encodeURIComponent(item.language ?? GLOBAL_DICTIONARY)}`,
    )
  return (
    <div className={screenStyles.screen}>
      <PageHeader eyebrow="Content quality" title="Dictionaries" actions={headerActions} />
      <p>
        Words in a dictionary are never reported as misspellings: the global one on every page, a language's
        on its pages.
      </p>
      {dictionaries.isError ? (
        <StatusMessage title={MESSAGES.list.errorTitle}>{MESSAGES.list.errorBody}</StatusMessage>
      ) : (
        <ListView
          caption="Dictionaries"
          captionHidden
          filterLabel="Filter dictionaries"
          columns={dictionaryColumns(href)}
          list={list}
          query={dictionaries.isPending ? { ...query, data: undefined, isPending: true } : query}
          getRowKey={(item) => item.sys.id}
        />
      )}
    </div>
  )
}
