import {
  ISSUE_PAGES_DEFAULT_SORT,
  type IssueDetail,
  type IssuePageItem,
  type IssueTemplate,
} from '@canopy/contracts'
import { useMemo } from 'react'
import { plainText } from '@/components/area/issue-pages-view'
import { PageLink } from '@/components/area/page-link'
import { pageViewsColumn } from '@/components/area/page-views-column'
import { AssignmentControl } from '@/components/assignment/assignment-control'
import { TicketControl } from '@/components/tickets/ticket-control'
import { BreadcrumbHeader } from '@/components/ui/breadcrumb-header'
import { Button } from '@/components/ui/button'
import { FactList } from '@/components/ui/fact-list'
import {
  ExportMenu,
  FilterSelect,
  type ListColumn,
  type ListController,
  ListView,
  useListParams,
} from '@/components/ui/list'
import { NoticePanel, PageLoader } from '@/components/ui/notice'
import { ACCESSIBILITY_UI, listEngines } from '@/config/accessibility-messages'
import { MESSAGES } from '@/config/messages'
import { useAnalyticsConnected } from '@/hooks/use-analytics-connected'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useGoBack } from '@/hooks/use-go-back'
import { isApiError } from '@/lib/api-client'
import { describeScan, formatCount, formatDate, plural } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { useIssue } from '../api/get-issue'
import { issuePagesPath, useIssuePages } from '../api/get-issue-pages'
import { LEVEL_NAMES, PAGE_STATUS_LABELS, STATUS_OPTIONS } from '../labels'
import styles from './accessibility.module.css'
import type { AreaScreenProps } from './accessibility-pages'

const pages = (count: number) => plural(count, 'page')

/** Whether tickets are offered on this site (tracker on, product version above 2.1.0) and to this caller. */
export type TicketAccess = { isOffered: boolean; canManage: boolean }

function ticketColumn(siteSlug: string, access: TicketAccess): ListColumn<IssuePageItem> {
  return {
    id: 'ticket',
    label: 'Ticket',
    render: (item) =>
      item.status === 'failed' || item.linkedJiraIssue ? (
        <TicketControl
          siteSlug={siteSlug}
          pageId={item.sys.id}
          issueId={item.issueId}
          issueTitle={item.pageTitle ?? item.entryTitle}
          ticket={item.linkedJiraIssue}
          isOffered={access.isOffered}
          canManage={access.canManage}
        />
      ) : null,
  }
}

type AssignColumn = { siteSlug: string; issueTitle: string; canAssign: boolean }

function pageColumns(
  pageHref: (item: IssuePageItem) => string,
  assign: AssignColumn,
): ListColumn<IssuePageItem>[] {
  return [
    {
      id: 'entryTitle',
      label: 'Page',
      sortable: true,
      isRowHeader: true,
      render: (item) => <PageLink title={item.pageTitle} url={item.entryTitle} href={pageHref(item)} />,
    },
    { id: 'status', label: 'Status', render: (item) => PAGE_STATUS_LABELS[item.status] },
    { id: 'review', label: 'Review', render: (item) => <PageReview item={item} /> },
    {
      id: 'nodeCount',
      label: 'Elements',
      sortable: true,
      align: 'end',
      render: (item) => formatCount(item.nodeCount),
    },
    {
      id: 'failingSince',
      label: 'Failing since',
      sortable: true,
      render: (item) => `${describeScan(item.lifecycle.failingSince)}${item.lifecycle.isNew ? ' (new)' : ''}`,
    },
    { id: 'fixedIn', label: 'Fixed in', render: (item) => describeScan(item.lifecycle.fixedIn) },
    { id: 'assignment', label: 'Assigned to', render: (item) => item.assignment?.assignedToName ?? '' },
    ...(assign.canAssign ? [assignmentColumn(assign)] : []),
  ]
}

/** A reviewer's decision on the page (what, who, when, why), or "To review" while a result awaits one. */
function PageReview({ item }: { item: IssuePageItem }) {
  const { review } = item
  if (!review) return item.status === 'manual' ? ACCESSIBILITY_UI.review.toReview : null
  const text = ACCESSIBILITY_UI.review
  return (
    <span className={styles.review}>
      <strong>{review.decision === 'confirmed' ? text.confirmed : text.dismissed}</strong>{' '}
      <span className={styles.muted}>
        {text.decidedBy(review.decidedBy?.name ?? null, formatDate(review.decidedAt))}
      </span>
      {review.reason ? <span className={styles.reviewReason}>“{review.reason}”</span> : null}
    </span>
  )
}

/** Assign issue, or Edit issue and Unassign issue, per page (editors and admins). */
function assignmentColumn({ siteSlug, issueTitle }: AssignColumn): ListColumn<IssuePageItem> {
  return {
    id: 'assign',
    label: 'Assignment',
    render: (item) => (
      <AssignmentControl
        siteSlug={siteSlug}
        canAssign
        compact
        target={{ issueId: item.issueId, pageId: item.sys.id, issueTitle, assignment: item.assignment }}
      />
    ),
  }
}

function IssueFacts({ issue }: { issue: IssueDetail }) {
  const facts = [
    { term: 'Level', value: LEVEL_NAMES[issue.issueLevel] },
    { term: 'WCAG success criteria', value: issue.wcag.join(', ') },
    ...(issue.conformance === 'advice'
      ? [{ term: ACCESSIBILITY_UI.advice, value: ACCESSIBILITY_UI.adviceHelp }]
      : []),
    { term: 'Found by', value: listEngines(issue.engines) },
    { term: 'Fails on', value: pages(issue.results.totalCount) },
    { term: 'Needs review on', value: pages(issue.pagesManual) },
    { term: 'Reviewed on', value: pages(issue.pagesReviewed) },
    { term: 'New in the last scan on', value: pages(issue.pagesNew) },
    { term: 'Fixed in the last scan on', value: pages(issue.pagesFixed) },
    { term: 'Failing elements', value: formatCount(issue.nodesFailed) },
    { term: 'First seen', value: formatDate(issue.firstSeen) },
  ]
  return <FactList facts={facts} />
}

/** The issue's template problems: one element failing alike on many pages, so one fix clears them. */
function IssueTemplates({ templates, list }: { templates: IssueTemplate[]; list: ListController }) {
  if (templates.length === 0) return null
  return (
    <section className={styles.card} aria-labelledby="issue-templates">
      <h2 id="issue-templates">Template problems</h2>
      <ul className={styles.templates}>
        {templates.map((template) => (
          <li key={template.signature}>
            <code className={styles.snippet}>{template.snippet || template.selector}</code>
            <span>
              <code>{template.selector}</code> fails on {pages(template.pageCount)}: fix once, clears{' '}
              {pages(template.clearsPages)}.
            </span>
            <span>
              <Button
                variant="secondary"
                size="small"
                onPress={() => list.setFilter('template', template.signature)}
              >
                Show these pages<span className="visually-hidden"> ({template.selector})</span>
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

function TemplateFilterNote({ issue, list }: { issue: IssueDetail; list: ListController }) {
  const signature = list.filters.template
  if (!signature) return null
  const template = issue.templates.find((candidate) => candidate.signature === signature)
  return (
    <p className={styles.filterNote} role="status">
      Showing the pages where {template ? <code>{template.selector}</code> : 'one template element'} fails.
      <Button variant="quiet" size="small" onPress={() => list.setFilter('template', '')}>
        Show every page
      </Button>
    </p>
  )
}

/**
 * accessibility/issues/:issueName: one issue with its lifecycle and template problems, and the pages it
 * affects, filtered by status and by template.
 */
export function IssueDetailScreen({
  siteSlug,
  sectionSlug,
  sectionId,
  issueName,
  ticketAccess,
  canAssign = false,
}: AreaScreenProps & { issueName: string; ticketAccess?: TicketAccess; canAssign?: boolean }) {
  const issue = useIssue(siteSlug, issueName, { sectionId })
  useDocumentTitle(issue.data ? plainText(issue.data.title) : 'Accessibility issue')
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
  return (
    <IssueDetailView
      issue={issue.data}
      siteSlug={siteSlug}
      sectionSlug={sectionSlug}
      sectionId={sectionId}
      issueName={issueName}
      ticketAccess={ticketAccess}
      canAssign={canAssign}
    />
  )
}

function IssueDetailView({
  issue,
  siteSlug,
  sectionSlug,
  sectionId,
  issueName,
  ticketAccess,
  canAssign = false,
}: AreaScreenProps & {
  issue: IssueDetail
  issueName: string
  ticketAccess?: TicketAccess
  canAssign?: boolean
}) {
  const goBack = useGoBack()
  const at = (rest: string) => sitePath(siteSlug, sectionSlug, rest)
  const list = useListParams({
    ...ISSUE_PAGES_DEFAULT_SORT,
    sectionId,
    filters: { status: 'current', template: '' },
  })
  const query = useMemo(() => ({ ...list.query, category: 'accessibility' }), [list.query])
  const affected = useIssuePages(siteSlug, issueName, query)
  // Fix the most viewed pages first: with web analytics on, each page's views, sortable.
  const showViews = useAnalyticsConnected(siteSlug)
  const columns = useMemo(
    () => [
      ...pageColumns(
        (item) => sitePath(siteSlug, sectionSlug, `pages/${encodeURIComponent(item.sys.id)}/accessibility`),
        { siteSlug, issueTitle: plainText(issue.title), canAssign },
      ),
      ...(showViews ? [pageViewsColumn<IssuePageItem>()] : []),
      ...(ticketAccess ? [ticketColumn(siteSlug, ticketAccess)] : []),
    ],
    [siteSlug, sectionSlug, issue.title, canAssign, ticketAccess, showViews],
  )
  return (
    <div className={styles.screen}>
      <BreadcrumbHeader
        title={plainText(issue.title)}
        crumbs={[
          { label: MESSAGES.sidebar.dashboard, href: at('') },
          { label: 'Accessibility', href: at('accessibility') },
          { label: 'Issues', href: at('accessibility/issues') },
        ]}
        fallbackHref={at('accessibility/issues')}
        onBack={goBack}
      />
      <p className={styles.description}>{plainText(issue.description)}</p>
      {issue.scan ? <p className={styles.muted}>As of {describeScan(issue.scan)}</p> : null}
      <IssueFacts issue={issue} />
      <IssueTemplates templates={issue.templates} list={list} />
      <section aria-labelledby="issue-pages">
        <h2 id="issue-pages">Pages affected</h2>
        <TemplateFilterNote issue={issue} list={list} />
        <ListView
          caption="Pages affected by this issue"
          captionHidden
          filterLabel="Filter pages"
          columns={columns}
          list={list}
          query={affected}
          getRowKey={(item) => item.sys.id}
          toolbar={
            <div className={styles.filterNote}>
              <FilterSelect
                label="Status"
                value={list.filters.status ?? 'current'}
                options={STATUS_OPTIONS}
                onChange={(value) => list.setFilter('status', value)}
              />
              <ExportMenu
                listPath={issuePagesPath(siteSlug, issueName)}
                query={query}
                fileName={`accessibility-issue-${issueName}`}
              />
            </div>
          }
        />
      </section>
    </div>
  )
}
