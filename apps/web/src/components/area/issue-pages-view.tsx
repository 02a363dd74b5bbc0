import type { IssueDetail, IssuePageItem, PagedList } from '@canopy/contracts'
import type { UseQueryResult } from '@tanstack/react-query'
import { BreadcrumbHeader, type Crumb } from '@/components/ui/breadcrumb-header'
import { FactList } from '@/components/ui/fact-list'
import {
  ExportMenu,
  FilterSelect,
  type ListApiQuery,
  type ListColumn,
  type ListController,
  ListView,
} from '@/components/ui/list'
import { NoticePanel, PageLoader } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'
import { useAnalyticsConnected } from '@/hooks/use-analytics-connected'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useGoBack } from '@/hooks/use-go-back'
import { isApiError } from '@/lib/api-client'
import { describeScan, formatDate, plural } from '@/lib/format-values'
import styles from './area.module.css'
import { PageLink } from './page-link'
import { pageViewsColumn } from './page-views-column'

/** The issue pages list's status filter, failing now by default. */
const STATUS_OPTIONS = [
  { id: 'current', label: 'Failing now' },
  { id: 'new', label: 'New in the last scan' },
  { id: 'fixed', label: 'Fixed in the last scan' },
] as const

const STATUS_LABELS = { failed: 'Failed', manual: 'Needs review', fixed: 'Fixed' } as const

/** Markdown links and code marks of an audit's description, read as plain text. */
export function plainText(markdown: string): string {
  return markdown.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/`/g, '')
}

function pageColumns(pageHref: (item: IssuePageItem) => string): ListColumn<IssuePageItem>[] {
  return [
    {
      id: 'entryTitle',
      label: 'Page',
      sortable: true,
      isRowHeader: true,
      render: (item) => <PageLink title={item.pageTitle} url={item.entryTitle} href={pageHref(item)} />,
    },
    { id: 'status', label: 'Status', render: (item) => STATUS_LABELS[item.status] },
    {
      id: 'failingSince',
      label: 'Failing since',
      sortable: true,
      render: (item) => `${describeScan(item.lifecycle.failingSince)}${item.lifecycle.isNew ? ' (new)' : ''}`,
    },
    { id: 'fixedIn', label: 'Fixed in', render: (item) => describeScan(item.lifecycle.fixedIn) },
  ]
}

export type IssuePagesViewProps = {
  /** the area's name, e.g. 'SEO' */
  area: string
  siteSlug: string
  issue: Pick<UseQueryResult<IssueDetail>, 'data' | 'isError' | 'error'>
  affected: Pick<
    UseQueryResult<PagedList<IssuePageItem>>,
    'data' | 'isPending' | 'isError' | 'isFetching' | 'isPlaceholderData'
  >
  list: ListController
  query: ListApiQuery
  /** the pages list's API path, for its export */
  listPath: string
  exportName: string
  crumbs: Crumb[]
  pageHref: (item: IssuePageItem) => string
}

/** `<area>/issues/:issueName`: one issue of an area with its counts, and the pages it affects. */
export function IssuePagesView(props: IssuePagesViewProps) {
  const { issue, area } = props
  useDocumentTitle(issue.data ? plainText(issue.data.title) : `${area} issue`)
  if (issue.isError) {
    return isApiError(issue.error, 404) ? (
      <NoticePanel icon="alert" tone="warning" title="Issue not found" headingLevel={1}>
        <p>No page of this site has this issue now.</p>
      </NoticePanel>
    ) : (
      <NoticePanel icon="alert" tone="danger" title={MESSAGES.detailError.title} headingLevel={1}>
        <p>{MESSAGES.detailError.body}</p>
      </NoticePanel>
    )
  }
  if (!issue.data) return <PageLoader />
  return <IssuePagesContent {...props} detail={issue.data} />
}

function IssuePagesContent({
  siteSlug,
  detail,
  affected,
  list,
  query,
  listPath,
  exportName,
  crumbs,
  pageHref,
}: IssuePagesViewProps & { detail: IssueDetail }) {
  const goBack = useGoBack()
  const showViews = useAnalyticsConnected(siteSlug)
  const pages = (count: number) => plural(count, 'page')
  return (
    <div className={styles.screen}>
      <BreadcrumbHeader
        title={plainText(detail.title)}
        crumbs={crumbs}
        fallbackHref={crumbs.at(-1)?.href ?? '/'}
        onBack={goBack}
      />
      <p className={styles.description}>{plainText(detail.description)}</p>
      {detail.scan ? <p className={styles.muted}>As of {describeScan(detail.scan)}</p> : null}
      <FactList
        facts={[
          { term: 'Fails on', value: pages(detail.results.totalCount) },
          { term: 'New in the last scan on', value: pages(detail.pagesNew) },
          { term: 'Fixed in the last scan on', value: pages(detail.pagesFixed) },
          { term: 'First seen', value: formatDate(detail.firstSeen) },
        ]}
      />
      <section aria-labelledby="issue-pages">
        <h2 id="issue-pages">Pages affected</h2>
        <ListView
          caption="Pages affected by this issue"
          captionHidden
          filterLabel="Filter pages"
          columns={[...pageColumns(pageHref), ...(showViews ? [pageViewsColumn<IssuePageItem>()] : [])]}
          list={list}
          query={affected}
          getRowKey={(item) => item.sys.id}
          toolbar={
            <div className={styles.toolbar}>
              <FilterSelect
                label="Status"
                value={list.filters.status ?? 'current'}
                options={STATUS_OPTIONS}
                onChange={(value) => list.setFilter('status', value)}
              />
              <ExportMenu listPath={listPath} query={query} fileName={exportName} />
            </div>
          }
        />
      </section>
    </div>
  )
}
