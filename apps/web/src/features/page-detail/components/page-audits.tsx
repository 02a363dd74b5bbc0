import type { Audit, AuditGroups, AuditIssue, AuditPageData, PageDetail, WcagTarget } from '@canopy/contracts'
import { type ReactNode, useCallback, useMemo } from 'react'
import { AssignmentControl } from '@/components/assignment/assignment-control'
import { ScoreCard } from '@/components/ui/score-card'
import { pageElementScreenshotUrl } from '../api/page-artifact-urls'
import { type CategoryTab, categoryData, issuesById, toAuditGroups } from '../audit-page-data'
import { IssueLifecycle } from './issue-lifecycle'
import { IssueReviewPanel } from './issue-review'
import { ListedDuplicates } from './listed-duplicates'
import styles from './page-detail.module.css'

export type HighlightTarget = { selector?: string; nodeLabel?: string }

/** The audit renderer, given by the app (features do not import each other). */
export type RenderPageAudits = (props: {
  audits: AuditGroups
  kind: 'standard' | 'performance'
  onHighlightNode: (node: HighlightTarget) => void
  elementScreenshotUrl: (screenshotPath: string) => string | undefined
  renderAuditExtra: (audit: Audit) => ReactNode
  /** the accessibility tab: the site's WCAG target, failures of it and advice apart */
  wcagTarget?: WcagTarget
  /** the accessibility tab: results needing review that a reviewer dismissed, listed apart */
  isDismissed?: (audit: Audit) => boolean
}) => ReactNode

/** The ticket control of a failed issue, given by the app (it knows the site's tracker and the caller's role). */
export type RenderTicket = (issue: AuditIssue, pageId: string) => ReactNode

export const CATEGORY_LABELS: Record<CategoryTab, string> = {
  accessibility: 'Accessibility',
  seo: 'SEO',
  performance: 'Performance',
  'content-quality': 'Content quality',
}

type PageAuditsProps = {
  page: PageDetail
  tab: CategoryTab
  siteSlug: string
  renderAudits: RenderPageAudits
  onHighlightNode: (node: HighlightTarget) => void
  templateHref?: (issueId: string, signature: string) => string
  /** the SEO tab: the duplicate groups screen, for duplicate checks that list only some of the pages */
  duplicateContentHref?: string
  renderTicket?: RenderTicket
  canAssign?: boolean
  wcagTarget?: WcagTarget
  canReview?: boolean
}

/**
 * What the page detail adds under each audit: the review (guidance and decision) of a result that needs
 * review, its lifecycle and template problems, its ticket when failed, and its assignment while it is still
 * to act on (failed or needing review).
 */
function useAuditExtra(
  data: AuditPageData,
  {
    page,
    tab,
    siteSlug,
    templateHref,
    duplicateContentHref,
    renderTicket,
    canAssign = false,
    canReview = false,
  }: PageAuditsProps,
) {
  const issues = useMemo(() => issuesById(data), [data])
  const pageId = page.sys.id
  const isAccessibility = tab === 'accessibility'
  return useCallback(
    (audit: Audit) => {
      const issue = issues.get(audit.id)
      if (!issue) return null
      const failed = data.issuesFailed.includes(issue)
      // a result needing review stays in issuesManual until decided; a confirmed one moves to issuesFailed
      const needsReview = isAccessibility && (data.issuesManual.includes(issue) || issue.review !== null)
      return (
        <>
          {needsReview ? (
            <IssueReviewPanel issue={issue} pageId={pageId} siteSlug={siteSlug} canReview={canReview} />
          ) : null}
          <IssueLifecycle
            issue={issue}
            templateHref={templateHref ? (signature) => templateHref(issue.issueId, signature) : undefined}
          />
          {duplicateContentHref ? <ListedDuplicates issue={issue} href={duplicateContentHref} /> : null}
          {failed && renderTicket ? renderTicket(issue, pageId) : null}
          {failed || data.issuesManual.includes(issue) ? (
            <AssignmentControl
              siteSlug={siteSlug}
              canAssign={canAssign}
              target={{
                issueId: issue.issueId,
                pageId,
                issueTitle: issue.title,
                assignment: issue.assignment,
              }}
            />
          ) : null}
        </>
      )
    },
    [
      issues,
      data,
      isAccessibility,
      pageId,
      siteSlug,
      canReview,
      templateHref,
      duplicateContentHref,
      renderTicket,
      canAssign,
    ],
  )
}

/**
 * One category tab: its score and its audits in their groups, each failed audit with its nodes, element
 * screenshots, lifecycle on this page and template problems; on the accessibility tab, failures of the
 * site's WCAG target apart from advice, and the results that need review with their decisions.
 */
export function PageAudits(props: PageAuditsProps) {
  const { page, tab, siteSlug, renderAudits, onHighlightNode, wcagTarget } = props
  const data = categoryData(page, tab)
  const isAccessibility = tab === 'accessibility'
  const audits = useMemo(() => toAuditGroups(data), [data])
  const pageId = page.sys.id
  const isDismissed = useCallback(
    (audit: Audit) =>
      data.issuesManual.some((issue) => issue.issueId === audit.id && issue.review?.decision === 'dismissed'),
    [data],
  )
  const elementScreenshotUrl = useCallback(
    (screenshotPath: string) => pageElementScreenshotUrl(siteSlug, pageId, screenshotPath),
    [siteSlug, pageId],
  )
  const renderAuditExtra = useAuditExtra(data, props)
  return (
    <>
      <div className={styles.score}>
        <ScoreCard title={`${CATEGORY_LABELS[tab]} score`} score={data.score} />
      </div>
      {renderAudits({
        audits,
        kind: tab === 'performance' ? 'performance' : 'standard',
        onHighlightNode,
        elementScreenshotUrl,
        renderAuditExtra,
        wcagTarget: isAccessibility ? wcagTarget : undefined,
        isDismissed: isAccessibility ? isDismissed : undefined,
      })}
    </>
  )
}
