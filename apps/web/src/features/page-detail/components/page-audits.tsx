import type { Audit, AuditGroups, AuditIssue, PageDetail, WcagTarget } from '@canopy/contracts'
import { type ReactNode, useCallback, useMemo } from 'react'
import { AssignmentControl } from '@/components/assignment/assignment-control'
import { ScoreCard } from '@/components/ui/score-card'
import { pageElementScreenshotUrl } from '../api/page-artifact-urls'
import { type CategoryTab, categoryData, issuesById, toAuditGroups } from '../audit-page-data'
import { IssueLifecycle } from './issue-lifecycle'
import { IssueReviewPanel } from './issue-review'
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
}) => ReactNode

/** The ticket control of a failed issue, given by the app (it knows the site's tracker and the caller's role). */
export type RenderTicket = (issue: AuditIssue, pageId: string) => ReactNode

export const CATEGORY_LABELS: Record<CategoryTab, string> = {
  accessibility: 'Accessibility',
  seo: 'SEO',
  performance: 'Performance',
  'content-quality': 'Content quality',
}

/**
 * One category tab: its score and its audits in their groups, each failed audit with its nodes, element
 * screenshots, lifecycle on this page and template problems.
 */
export function PageAudits({
  page,
  tab,
  siteSlug,
  renderAudits,
  onHighlightNode,
  templateHref,
  renderTicket,
  canAssign = false,
  wcagTarget,
  canReview = false,
}: {
  page: PageDetail
  tab: CategoryTab
  siteSlug: string
  renderAudits: RenderPageAudits
  onHighlightNode: (node: HighlightTarget) => void
  templateHref?: (issueId: string, signature: string) => string
  renderTicket?: RenderTicket
  canAssign?: boolean
  wcagTarget?: WcagTarget
  canReview?: boolean
}) {
  const data = categoryData(page, tab)
  const isAccessibility = tab === 'accessibility'
  const audits = useMemo(() => toAuditGroups(data), [data])
  const issues = useMemo(() => issuesById(data), [data])
  // the issues still to act on (failed or needing review) can be assigned
  const assignable = useMemo(
    () => new Set([...data.issuesFailed, ...data.issuesManual].map((issue) => issue.issueId)),
    [data],
  )
  const pageId = page.sys.id
  const elementScreenshotUrl = useCallback(
    (screenshotPath: string) => pageElementScreenshotUrl(siteSlug, pageId, screenshotPath),
    [siteSlug, pageId],
  )
  const renderAuditExtra = useCallback(
    (audit: Audit) => {
      const issue = issues.get(audit.id)
      if (!issue) return null
      const failed = data.issuesFailed.includes(issue)
      const needsReview = isAccessibility && data.issuesManual.includes(issue)
      return (
        <>
          {needsReview ? (
            <IssueReviewPanel issue={issue} pageId={pageId} siteSlug={siteSlug} canReview={canReview} />
          ) : null}
          <IssueLifecycle
            issue={issue}
            templateHref={templateHref ? (signature) => templateHref(issue.issueId, signature) : undefined}
          />
          {failed && renderTicket ? renderTicket(issue, pageId) : null}
          {assignable.has(issue.issueId) ? (
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
      assignable,
      templateHref,
      siteSlug,
      pageId,
      canAssign,
      data,
      renderTicket,
      isAccessibility,
      canReview,
    ],
  )
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
      })}
    </>
  )
}
