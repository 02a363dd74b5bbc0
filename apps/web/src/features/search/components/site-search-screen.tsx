import {
  SEARCH_TERM_MIN_LENGTH,
  type SearchGroup,
  SearchGroupSchema,
  type SearchResponse,
} from '@canopy/contracts'
import { useEffect, useRef, useState } from 'react'
import { Input, Label, Link, SearchField } from 'react-aria-components'
import { useSearchParams } from 'react-router'
import { Pager, parsePage } from '@/components/ui/list'
import { PageHeader, PageLoader, StatusMessage } from '@/components/ui/notice'
import textFieldStyles from '@/components/ui/text-field.module.css'
import { PAGING, TIMING } from '@/config/constants'
import { MESSAGES } from '@/config/messages'
import { useDebouncedValue } from '@/hooks/use-debounced-value'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { isSearchable, useSiteSearch } from '../api/get-site-search'
import { searchPageHref } from './result-paths'
import { SearchGroupSection, SearchGroups, type SearchScope } from './search-results'
import styles from './search-results.module.css'

export type SiteSearchScreenProps = SearchScope & { sectionId: string | undefined }

function readGroup(value: string | null): SearchGroup | undefined {
  const parsed = SearchGroupSchema.safeParse(value)
  return parsed.success ? parsed.data : undefined
}

/**
 * The search box: typing is sent to the URL once it pauses (the search debounce), Enter at once; a new
 * term starts again from every group's first results.
 */
function SearchBox({ term, onSearch }: { term: string; onSearch: (term: string) => void }) {
  const [text, setText] = useState(term)
  const settled = useDebouncedValue(text, TIMING.searchDebounceMs)
  // The term last sent: a term the URL brings (back, forward, a link) is taken as sent, not sent again.
  const sent = useRef(term)
  const send = useRef(onSearch)
  send.current = onSearch
  useEffect(() => {
    sent.current = term
    setText(term)
  }, [term])
  useEffect(() => {
    const next = settled.trim()
    if (next === sent.current) return
    sent.current = next
    send.current(next)
  }, [settled])
  const submit = (value: string) => {
    sent.current = value.trim()
    onSearch(value.trim())
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for the browsers we support (Safari < 17)
    <div role="search">
      <SearchField
        name="searchInput"
        value={text}
        onChange={setText}
        onSubmit={submit}
        autoComplete="off"
        className={textFieldStyles.field}
      >
        <Label className={textFieldStyles.label}>Search this site</Label>
        <Input className={textFieldStyles.input} />
      </SearchField>
    </div>
  )
}

function ResultsSummary({ data }: { data: SearchResponse }) {
  const found = data.groups.reduce((sum, group) => sum + group.totalCount, 0)
  if (found === 0) {
    return (
      <StatusMessage title={MESSAGES.list.noResultsFor(data.search)}>
        {MESSAGES.list.noResultsHint}
      </StatusMessage>
    )
  }
  return null
}

type ResultsProps = SiteSearchScreenProps & { term: string; group: SearchGroup | undefined; page: number }

/** What the API found for the term: every group with its first results, or one group paged. */
function SearchResults({ siteSlug, sectionSlug, sectionId, term, group, page }: ResultsProps) {
  const scope = { siteSlug, sectionSlug }
  const pageSize = group ? PAGING.defaultPageSize : undefined
  const results = useSiteSearch(siteSlug, { search: term, sectionId, group, page, pageSize })
  if (!isSearchable(term)) {
    return <StatusMessage title={`Enter at least ${SEARCH_TERM_MIN_LENGTH} characters to search.`} />
  }
  if (results.isPending) return <PageLoader label="Searching" />
  if (results.isError) {
    return <StatusMessage title={MESSAGES.list.errorTitle}>{MESSAGES.list.errorBody}</StatusMessage>
  }
  const { data } = results
  return (
    <>
      <ResultsSummary data={data} />
      {group ? (
        <Link href={searchPageHref(scope, term)} className={styles.more}>
          All results for {term}
        </Link>
      ) : null}
      <SearchGroups groups={data.groups}>
        {(found) => (
          <SearchGroupSection
            key={found.group}
            group={found}
            scope={scope}
            search={term}
            headingLevel={2}
            showMoreLink={!group}
            footer={
              group ? (
                <Pager
                  page={data.pageIndex}
                  pageSize={data.pageSize}
                  totalCount={found.totalCount}
                  pageCount={Math.ceil(found.totalCount / data.pageSize)}
                  hrefForPage={(n) => searchPageHref(scope, term, { group, page: n })}
                />
              ) : null
            }
          />
        )}
      </SearchGroups>
    </>
  )
}

/** /site/:slug[/section/:sectionSlug]/search?search=: the global search results of the site or section. */
export function SiteSearchScreen(props: SiteSearchScreenProps) {
  useDocumentTitle('Search results')
  const [params, setParams] = useSearchParams()
  const term = (params.get('search') ?? '').trim()
  const group = readGroup(params.get('group'))
  const page = parsePage(params.get('page'))
  const onSearch = (next: string) => setParams(next ? { search: next } : {}, { replace: true })
  return (
    <div className={styles.groups}>
      <PageHeader eyebrow="Search" title="Search results" />
      <SearchBox term={term} onSearch={onSearch} />
      {term ? (
        <SearchResults {...props} term={term} group={group} page={page} />
      ) : (
        <StatusMessage title="Search this site's pages, issues, links, documents, e-mail addresses and telephone numbers." />
      )}
    </div>
  )
}
