import { ISSUE_PAGES_DEFAULT_SORT, type IssueDetail, type IssuePageItem } from '@canopy/contracts'
import { useMemo } from 'react'
import { PageLink } from '@/components/area/page-link'
import { pageViewsColumn } from '@/components/area/page-views-column'
import { BreadcrumbHeader } from '@/components/ui/breadcrumb-header'
import { FactList } from '@/components/ui/fact-list'
import { ExportMenu, type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { NoticePanel, PageLoader } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'
import { useAnalyticsConnected } from '@/hooks/use-analytics-connected'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useGoBack } from '@/hooks/use-go-back'
import { isApiError } from '@/lib/api-client'
import { describeScan, formatCount, formatDate, plural } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { useIssue } from '../api/get-issue'
import { issuePagesPath, useIssuePages } from '../api/get-issue-pages'
import { CONTENT_QUALITY_MESSAGES as TEXT } from '../labels'
import styles from './content-quality.module.css'
import type { AreaScreenProps } from './content-quality-overview'

function issuePageColumns(pageHref: (item: IssuePageItem) => string): ListColumn<IssuePageItem>[] {
  return [
    {
      id: 'entryTitle',
      label: 'Page',
      sortable: true,
      isRowHeader: true,
      render: (item) => <PageLink title={item.pageTitle} url={item.entryTitle} href={pageHref(item)} />,
    },
    {
      id: 'nodeCount',
      label: 'Occurrences',
      sortable: true,
      align: 'end',
      render: (item) => formatCount(item.nodeCount),
    },
    {
      id: 'failingSince',
      label: 'Failing since',
      sortable: true,
      render: (item) => describeScan(item.lifecycle.failingSince),
    },
    { id: 'lastFailed', label: 'Last failed', render: (item) => describeScan(item.lifecycle.lastFailed) },
  ]
}

function IssueView({
  issue,
  siteSlug,
  sectionSlug,
  sectionId,
  issueName,
}: AreaScreenProps & { issue: IssueDetail; issueName: string }) {
  const goBack = useGoBack()
  const at = (rest: string) => sitePath(siteSlug, sectionSlug, rest)
  const list = useListParams({ ...ISSUE_PAGES_DEFAULT_SORT, sectionId })
  const query = useMemo(() => ({ ...list.query, category: 'content-quality' }), [list.query])
  const pages = useIssuePages(siteSlug, issueName, query)
  const showViews = useAnalyticsConnected(siteSlug)
  const columns = useMemo(
    () => [
      ...issuePageColumns((item) =>
        sitePath(siteSlug, sectionSlug, `pages/${encodeURIComponent(item.sys.id)}/content-quality`),
      ),
      ...(showViews ? [pageViewsColumn<IssuePageItem>()] : []),
    ],
    [siteSlug, sectionSlug, showViews],
  )
  return (
    <div className={styles.screen}>
      <BreadcrumbHeader
        title={issue.title}
        crumbs={[{ label: TEXT.title, href: at('content-quality') }]}
        fallbackHref={at('content-quality')}
        onBack={goBack}
      />
      <p>{issue.description}</p>
      <FactList
        facts={[
          { term: 'Fails on', value: plural(issue.results.totalCount, 'page') },
          { term: 'New in the last scan on', value: plural(issue.pagesNew, 'page') },
          { term: 'Fixed in the last scan on', value: plural(issue.pagesFixed, 'page') },
          { term: 'First seen', value: formatDate(issue.firstSeen) },
        ]}
      />
      <section aria-labelledby="issue-pages">
        <h2 id="issue-pages">Pages affected</h2>
        <ListView
          caption="Pages affected by this issue"
          captionHidden
          filterLabel={TEXT.filterPages}
          columns={columns}
          list={list}
          query={pages}
          getRowKey={(item) => item.sys.id}
          toolbar={
            <ExportMenu
              listPath={issuePagesPath(siteSlug, issueName)}
              query={query}
              fileName={`content-quality-${issueName}`}
            />
          }
        />
      </section>
    </div>
  )
}

/** content-quality/issues/:issueName: one content quality check (broken images, ...) and the pages it fails on. */
export function ContentQualityIssueScreen(props: AreaScreenProps & { issueName: string }) {
  const { issueName, ...scope } = props
  const issue = useIssue(scope.siteSlug, issueName, { sectionId: scope.sectionId })
  useDocumentTitle(issue.data?.title ?? 'Content quality issue')
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
  return <IssueView {...scope} issue={issue.data} issueName={issueName} />
}
