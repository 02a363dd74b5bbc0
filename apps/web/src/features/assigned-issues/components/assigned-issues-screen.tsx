import { ASSIGNABLE_ROLES, type AssignedIssue, assignableRoleName, isAssignableRole } from '@canopy/contracts'
import { useMemo } from 'react'
import { Button as AriaButton, Disclosure, DisclosurePanel, Heading } from 'react-aria-components'
import { PageLink } from '@/components/area/page-link'
import { AssignmentControl } from '@/components/assignment/assignment-control'
import { BreadcrumbHeader } from '@/components/ui/breadcrumb-header'
import { ButtonLink } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Icon } from '@/components/ui/icon'
import { FilterSelect, type ListController, Pager, useListParams } from '@/components/ui/list'
import { NoticePanel, PageLoader, StatusMessage } from '@/components/ui/notice'
import { ASSIGNMENT_UI } from '@/config/assignment-messages'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useGoBack } from '@/hooks/use-go-back'
import { formatDateTime } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { useAssignedIssues } from '../api/get-assigned-issues'
import styles from './assigned-issues.module.css'

const ALL = 'all'

const ASSIGNED_TO_OPTIONS = [
  { id: ALL, label: ASSIGNMENT_UI.all },
  { id: 'me', label: ASSIGNMENT_UI.me },
  ...ASSIGNABLE_ROLES.map((role) => ({ id: role.slug, label: role.name })),
]

export type AssignedIssuesScreenProps = {
  siteSlug: string
  sectionSlug: string | null
  /** editors and admins may reassign and unassign */
  canAssign: boolean
}

/** The empty state's words for the filter: to me, to a role, by me, or none. */
function emptyMessage(assignedTo: string, assignedByMe: boolean): string {
  if (assignedTo === 'me') return ASSIGNMENT_UI.emptyMe
  if (isAssignableRole(assignedTo)) return ASSIGNMENT_UI.emptyRole(assignableRoleName(assignedTo))
  if (assignedByMe) return ASSIGNMENT_UI.emptyByMe
  return ASSIGNMENT_UI.empty
}

function Assignee({ item }: { item: AssignedIssue }) {
  return (
    <span className={styles.assignee}>
      {item.assignee ? (
        <img className={styles.avatar} src={item.assignee.avatarUrl} alt="" width={24} height={24} />
      ) : (
        <Icon name="assigned" size={24} />
      )}
      <span>
        {ASSIGNMENT_UI.assignedTo} <strong>{item.assignment.assignedToName}</strong>
      </span>
    </span>
  )
}

function AssignedIssueCard({
  item,
  siteSlug,
  sectionSlug,
  canAssign,
}: { item: AssignedIssue } & AssignedIssuesScreenProps) {
  const issueHref = sitePath(
    siteSlug,
    sectionSlug,
    `pages/${encodeURIComponent(item.pageId)}/${item.category}`,
  )
  return (
    <li className={styles.card}>
      <Disclosure>
        <Heading level={2} className={styles.cardHeading}>
          <AriaButton slot="trigger" className={styles.trigger}>
            <Icon name="chevronRight" className={styles.chevron} />
            <span className={styles.title}>{item.title}</span>
            <span className={styles.level}>
              <span className="visually-hidden">Level </span>
              {item.issueLevel}
            </span>
          </AriaButton>
        </Heading>
        <DisclosurePanel className={styles.panel}>
          <p>{item.issueDescription}</p>
        </DisclosurePanel>
      </Disclosure>
      <PageLink title={item.pageTitle} url={item.pageUrl} href={issueHref} />
      <Assignee item={item} />
      {item.assignment.comment ? <p className={styles.comment}>{item.assignment.comment}</p> : null}
      <p className={styles.muted}>
        {item.assignment.assignedByName} · {formatDateTime(item.assignment.dateTime)}
      </p>
      <div className={styles.actions}>
        <ButtonLink variant="primary" size="small" href={issueHref}>
          {ASSIGNMENT_UI.goToIssue}
          <span className="visually-hidden">: {item.title}</span>
        </ButtonLink>
        <AssignmentControl
          siteSlug={siteSlug}
          canAssign={canAssign}
          compact
          target={{
            issueId: item.issueId,
            pageId: item.pageId,
            issueTitle: item.title,
            assignment: item.assignment,
          }}
        />
      </div>
    </li>
  )
}

const LIST_DEFAULTS = {
  sortBy: 'dateTime',
  sortDir: 'desc',
  filters: { assignedTo: ALL, assignedBy: '' },
} as const

function AssignedIssuesBody({
  list,
  ...props
}: AssignedIssuesScreenProps & { list: ListController; assignedTo: string; assignedByMe: boolean }) {
  const query = useMemo(() => {
    const { assignedTo, assignedBy, ...rest } = list.query
    return {
      ...rest,
      ...(assignedTo && assignedTo !== ALL ? { assignedTo } : {}),
      ...(assignedBy && assignedTo !== 'me' ? { assignedBy } : {}),
    }
  }, [list.query])
  const issues = useAssignedIssues(props.siteSlug, query)
  if (issues.isError) {
    return (
      <NoticePanel icon="alert" tone="danger" title={ASSIGNMENT_UI.errorTitle}>
        <p>{ASSIGNMENT_UI.errorBody}</p>
      </NoticePanel>
    )
  }
  if (!issues.data) return <PageLoader />
  if (issues.data.items.length === 0) {
    return <StatusMessage title={emptyMessage(props.assignedTo, props.assignedByMe)} />
  }
  return (
    <>
      <ul className={styles.cards}>
        {issues.data.items.map((item) => (
          <AssignedIssueCard
            key={`${item.pageId} ${item.issueId}`}
            item={item}
            siteSlug={props.siteSlug}
            sectionSlug={props.sectionSlug}
            canAssign={props.canAssign}
          />
        ))}
      </ul>
      <Pager
        page={issues.data.pageIndex}
        pageSize={issues.data.pageSize}
        totalCount={issues.data.totalCount}
        pageCount={issues.data.pageCount}
        hrefForPage={list.searchForPage}
      />
    </>
  )
}

/**
 * assigned-issues: the issues assigned on the site as cards, filtered by whom they are assigned to (all, me or
 * a role) and, unless the filter is Me, by whether I assigned them; each leads to the issue on its page and
 * can be reassigned or unassigned.
 */
export function AssignedIssuesScreen(props: AssignedIssuesScreenProps) {
  useDocumentTitle(ASSIGNMENT_UI.assignedIssues)
  const goBack = useGoBack()
  const list = useListParams(LIST_DEFAULTS)
  const assignedTo = list.filters.assignedTo || ALL
  const assignedByMe = list.filters.assignedBy === 'me' && assignedTo !== 'me'
  const home = sitePath(props.siteSlug, props.sectionSlug)
  return (
    <div className={styles.screen}>
      <BreadcrumbHeader
        title={ASSIGNMENT_UI.assignedIssues}
        crumbs={[{ label: MESSAGES.sidebar.dashboard, href: home }]}
        fallbackHref={home}
        onBack={goBack}
      />
      <div className={styles.filters}>
        <FilterSelect
          label={ASSIGNMENT_UI.assignedTo}
          value={assignedTo}
          options={ASSIGNED_TO_OPTIONS}
          onChange={(value) => list.setFilter('assignedTo', value)}
        />
        {assignedTo !== 'me' ? (
          <Checkbox
            isSelected={assignedByMe}
            onChange={(selected) => list.setFilter('assignedBy', selected ? 'me' : '')}
          >
            {ASSIGNMENT_UI.assignedByMe}
          </Checkbox>
        ) : null}
      </div>
      <AssignedIssuesBody {...props} list={list} assignedTo={assignedTo} assignedByMe={assignedByMe} />
    </div>
  )
}
