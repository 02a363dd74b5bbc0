import { Link } from 'react-aria-components'
import { StatusMessage } from '@/components/ui/notice'
import { TIMING } from '@/config/constants'
import { MESSAGES } from '@/config/messages'
import { useDebouncedValue } from '@/hooks/use-debounced-value'
import { useSectionBySlug } from '@/hooks/use-section-by-slug'
import { isSearchable, useSiteSearch } from '../api/get-site-search'
import { searchPageHref } from './result-paths'
import { SearchGroupSection, SearchGroups, type SearchScope } from './search-results'
import styles from './search-results.module.css'

/** Results per group in the search panel: a glance, the search page has the rest. */
const PREVIEW_PAGE_SIZE = 3

type SearchPreviewProps = SearchScope & {
  /** the text typed in the panel so far */
  term: string
  /** closes the panel when a result is opened */
  onNavigate: () => void
}

/**
 * The global search panel's results as the user types: sent once typing pauses (the search debounce),
 * the first few of each group with links to where they live, and the way to every result. The count is
 * said by screen readers as it changes.
 */
export function SearchPreview({ siteSlug, sectionSlug, term, onNavigate }: SearchPreviewProps) {
  const settled = useDebouncedValue(term.trim(), TIMING.searchDebounceMs)
  const section = useSectionBySlug(siteSlug, sectionSlug)
  const sectionId = section.section?.sys.id
  // Sent once the section of the URL is known, so that a section's search never answers for the whole site.
  const results = useSiteSearch(siteSlug, {
    search: section.isPending ? '' : settled,
    sectionId,
    pageSize: PREVIEW_PAGE_SIZE,
  })
  const scope = { siteSlug, sectionSlug }
  const searchable = isSearchable(settled) && !section.isPending
  const found = results.data?.groups.reduce((sum, group) => sum + group.totalCount, 0) ?? 0
  return (
    <div className={styles.compact}>
      <p role="status" className="visually-hidden">
        {searchable && results.data ? `${found} results for ${results.data.search}` : ''}
      </p>
      {!searchable || !results.data ? null : found === 0 ? (
        <StatusMessage title={MESSAGES.list.noResultsFor(results.data.search)}>
          {MESSAGES.list.noResultsHint}
        </StatusMessage>
      ) : (
        <>
          <SearchGroups groups={results.data.groups} compact>
            {(group) => (
              <SearchGroupSection
                key={group.group}
                group={group}
                scope={scope}
                search={results.data.search}
                headingLevel={3}
                showMoreLink={false}
                onNavigate={onNavigate}
              />
            )}
          </SearchGroups>
          <Link
            className={styles.more}
            href={searchPageHref(scope, results.data.search)}
            onPress={onNavigate}
          >
            See all results for {results.data.search}
          </Link>
        </>
      )}
      {results.isError && searchable ? <StatusMessage title={MESSAGES.list.errorTitle} /> : null}
    </div>
  )
}
