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
import { ACCESSIBILITY_UI, listEngines } from '@/config/accessibility-messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatCount, formatDate } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { issuesPath, useIssues } from '../api/get-issues'
import {
  ALL_CONFORMANCE,
  ALL_LEVELS,
  CONFORMANCE_OPTIONS,
  LEVEL_NAMES,
  LEVEL_OPTIONS,
  STATUS_OPTIONS,
} from '../labels'
import styles from './accessibility.module.css'
import type { AreaScreenProps } from './accessibility-pages'

export const ISSUE_FILTERS = { status: 'current', level: ALL_LEVELS, conformance: ALL_CONFORMANCE }

/** The API query of an accessibility issue list: the level and conformance filters are absent for all. */
export function toIssueQuery(query: ListApiQuery): ListApiQuery {
  return {
    ...query,
    category: 'accessibility',
    level: query.level === ALL_LEVELS ? undefined : query.level,
    conformance: query.conformance === ALL_CONFORMANCE ? undefined : query.conformance,
  }
}

/** The issue's title with its Advice badge when it is advice rather than a failure of the site's target. */
function IssueTitle({ item, href }: { item: IssueListItem; href: string }) {
  return (
    <>
      <Link to={href}>{item.title.replace(/`/g, '')}</Link>
      {item.conformance === 'advice' ? (
        <>
          {' '}
          <span className={styles.adviceBadge} title={ACCESSIBILITY_UI.adviceHelp}>
            {ACCESSIBILITY_UI.advice}
          </span>
        </>
      ) : null}
    </>
  )
}

/** Pages where a reviewer has decided it, for the issues that need review somewhere. */
function reviewedCount(item: IssueListItem): string {
  return item.pagesManual > 0 || item.pagesReviewed > 0 ? formatCount(item.pagesReviewed) : ''
}

function issueColumns(issueHref: (item: IssueListItem) => string): ListColumn<IssueListItem>[] {
  const count = (value: number) => formatCount(value)
  return [
    {
      id: 'title',
      label: 'Issue',
      sortable: true,
      isRowHeader: true,
      render: (item) => <IssueTitle item={item} href={issueHref(item)} />,
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
    {
      id: 'pagesReviewed',
      label: 'Pages reviewed',
      align: 'end',
      render: reviewedCount,
    },
    { id: 'engines', label: 'Found by', render: (item) => listEngines(item.engines) },
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
 * frequent first, filtered by status (failing now, failed, needs review, new, fixed), level, and failures of
 * the site's WCAG target or advice; each with the engines that found it and the pages reviewed.
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
            <FilterSelect
              label={ACCESSIBILITY_UI.conformanceFilter}
              value={list.filters.conformance ?? ALL_CONFORMANCE}
              options={CONFORMANCE_OPTIONS}
              onChange={(value) => list.setFilter('conformance', value)}
            />
            <ExportMenu listPath={issuesPath(siteSlug)} query={query} fileName="accessibility-issues" />
          </div>
        }
      />
    </div>
  )
}
