import type { PageMisspelling } from '@canopy/contracts'
import { type InMemoryListOptions, type ListColumn, ListView, useInMemoryList } from '@/components/ui/list'
import { StatusMessage } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'
import { formatCount } from '@/lib/format-values'
import { usePageMisspellings } from '../api/get-page-misspellings'

const OPTIONS: InMemoryListOptions<PageMisspelling> = {
  searchText: (word) => `${word.entryTitle} ${word.language}`,
  sortValues: {
    entryTitle: (word) => word.entryTitle,
    language: (word) => word.language,
    totalCount: (word) => word.totalCount,
  },
}

const COLUMNS: ListColumn<PageMisspelling>[] = [
  {
    id: 'entryTitle',
    label: 'Misspelling',
    sortable: true,
    isRowHeader: true,
    render: (word) => word.entryTitle,
  },
  { id: 'language', label: 'Language', sortable: true, render: (word) => word.language },
  {
    id: 'totalCount',
    label: 'Occurrences',
    sortable: true,
    align: 'end',
    render: (word) => formatCount(word.totalCount),
  },
]

function MisspellingList({ words }: { words: PageMisspelling[] }) {
  const { list, query } = useInMemoryList(
    words,
    { paramPrefix: 'misspellings', sortBy: 'totalCount', sortDir: 'desc' },
    OPTIONS,
  )
  return (
    <ListView
      caption="Misspellings on this page"
      captionHidden
      filterLabel="Filter misspellings"
      columns={COLUMNS}
      list={list}
      query={query}
      getRowKey={(word) => word.sys.id}
      emptyMessage="No misspellings were found on this page."
    />
  )
}

/** The content-quality tab's misspelt words of the page, most frequent first. */
export function PageMisspellings({ siteSlug, pageId }: { siteSlug: string; pageId: string }) {
  const words = usePageMisspellings(siteSlug, pageId)
  return (
    <section aria-labelledby="page-misspellings">
      <h3 id="page-misspellings">Misspellings</h3>
      {words.isError ? (
        <StatusMessage title={MESSAGES.list.errorTitle}>{MESSAGES.list.errorBody}</StatusMessage>
      ) : words.data === undefined ? (
        <p role="status">Loading</p>
      ) : (
        <MisspellingList words={words.data} />
      )}
    </section>
  )
}
