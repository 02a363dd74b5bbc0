import { ISSUE_LIST_DEFAULT_SORT, type IssueListItem } from '@canopy/contracts'
import { useMemo } from 'react'
import { Link } from 'react-router'
import {
  ExportMenu,
  FilterSelect,
  type ListApiQuery,
  type ListColumn,
  ListView,
  useListParams,
} from '@/components/ui/list'
import { PageHeader } from '@/components/ui/notice'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatCount, formatDate } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { issuesPath, useIssues } from '../api/get-issues'
import { ALL_LEVELS, LEVEL_NAMES, LEVEL_OPTIONS, STATUS_OPTIONS } from '../labels'
import styles from './accessibility.module.css'
import type { AreaScreenProps } from './accessibility-pages'

export const ISSUE_FILTERS = { status: 'current', level: ALL_LEVELS }

/** The API query of an accessibility issue list: the level filter is absent for every level. */
export function toIssueQuery(query: ListApiQuery): ListApiQuery {
  return { ...query, category: 'accessibility', level: query.level === ALL_LEVELS ? undefined : query.level }
}

function issueColumns(issueHref: (item: IssueListItem) => string): ListColumn<IssueListItem>[] {
  const count = (value: number) => formatCount(value)
  return [
    {
      id: 'title',
      label: 'Issue',
      sortable: true,
      isRowHeader: true,
      render: (item) => <Link to={issueHref(item)}>{item.title.replace(/`/g, '')}</Link>,
    },
    {
      id: 'issueLevel',
      label: 'Level',
      sortable: true,
      render: (item) => (
        <span className={styles.level} title={LEVEL_NAMES[item.issueLevel]}>
          {item.issueLevel}
        </span>
      ),
    },
    {
      id: 'totalCount',
      label: 'Pages',
      sortable: true,
      align: 'end',
      render: (item) => count(item.results.totalCount),
    },
    { id: 'pagesNew', label: 'New', sortable: true, align: 'end', render: (item) => count(item.pagesNew) },
    {
      id: 'pagesFixed',
      label: 'Fixed',
      sortable: true,
      align: 'end',
      render: (item) => count(item.pagesFixed),
    },
    {
      id: 'nodesFailed',
      label: 'Elements',
      sortable: true,
      align: 'end',
      render: (item) => count(item.nodesFailed),
    },
    { id: 'firstSeen', label: 'First seen', sortable: true, render: (item) => formatDate(item.firstSeen) },
    {
      id: 'templates',
      label: 'Template problems',
      align: 'end',
      render: (item) => count(item.templateCount),
    },
  ]
}

/**
 * accessibility/issues: every accessibility issue of the site with the pages it fails on, the most
 * frequent first, filtered by status (failing now, failed, needs review, new, fixed) and level.
 */
export function IssueListScreen({ siteSlug, sectionSlug, sectionId, headerActions }: AreaScreenProps) {
  useDocumentTitle('Accessibility issues')
  const list = useListParams({ ...ISSUE_LIST_DEFAULT_SORT, sectionId, filters: ISSUE_FILTERS })
  const query = useMemo(() => toIssueQuery(list.query), [list.query])
  const issues = useIssues(siteSlug, query)
  const columns = useMemo(
    () =>
      issueColumns((item) =>
        sitePath(siteSlug, sectionSlug, `accessibility/issues/${encodeURIComponent(item.id)}`),
      ),
    [siteSlug, sectionSlug],
  )
  return (
    <div className={styles.screen}>
      <PageHeader eyebrow="Accessibility" title="Issues" actions={headerActions} />
      <ListView
        caption="Accessibility issues"
        captionHidden
        filterLabel="Filter issues"
        columns={columns}
        list={list}
        query={issues}
        getRowKey={(item) => item.id}
        toolbar={
          <div className={styles.filterNote}>
            <FilterSelect
              label="Status"
              value={list.filters.status ?? 'current'}
              options={STATUS_OPTIONS}
              onChange={(value) => list.setFilter('status', value)}
            />
            <FilterSelect
              label="Level"
              value={list.filters.level ?? ALL_LEVELS}
              options={LEVEL_OPTIONS}
              onChange={(value) => list.setFilter('level', value)}
            />
            <ExportMenu listPath={issuesPath(siteSlug)} query={query} fileName="accessibility-issues" />
          </div>
        }
      />
    </div>
  )
}
