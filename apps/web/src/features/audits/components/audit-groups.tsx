import type { Audit, AuditGroups as AuditGroupsData, AuditOutcome, WcagTarget } from '@canopy/contracts'
import { type ReactNode, useMemo } from 'react'
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components'
import { Icon } from '@/components/ui/icon'
import { ACCESSIBILITY_UI } from '@/config/accessibility-messages'
import { MESSAGES } from '@/config/messages'
import { hasVisibleDetails, type Json } from '../details'
import { AdviceBadge, AuditCredits } from './audit-credits'
import { AuditDetails } from './audit-details'
import { type AuditRendererOptions, AuditRendererProvider } from './audit-renderer-context'
import styles from './audits.module.css'
import { MarkdownText } from './markdown-text'

type GroupDefinition = { outcome: AuditOutcome; label: string }

/**
 * The audit page's groups: Failed, Manual, Passed, Not applicable; performance calls them Opportunities, Manual
 * checks, Diagnostics, Passed audits. Lighthouse lists informative (not-applicable-to-a-score) performance
 * audits as diagnostics, so those are the Diagnostics group, shown before the passed audits.
 */
export function listAuditGroups(kind: 'standard' | 'performance'): GroupDefinition[] {
  const labels = MESSAGES.audits.groups
  return kind === 'performance'
    ? [
        { outcome: 'failed', label: labels.opportunities },
        { outcome: 'manual', label: labels.manualChecks },
        { outcome: 'notApplicable', label: labels.diagnostics },
        { outcome: 'passed', label: labels.passedAudits },
      ]
    : [
        { outcome: 'failed', label: labels.failed },
        { outcome: 'manual', label: labels.manual },
        { outcome: 'passed', label: labels.passed },
        { outcome: 'notApplicable', label: labels.notApplicable },
      ]
}

type Group = { id: string; label: string; audits: Audit[]; expanded: boolean }

/**
 * Measured against a WCAG target (a page's accessibility tab), the failed results split into the target's
 * failures and advice (best practices and criteria above the target, shown on demand), and the manual ones
 * are the results that need review, those a reviewer dismissed apart (confirmed ones are failures).
 */
export function listTargetGroups(
  audits: AuditGroupsData,
  target: WcagTarget,
  isDismissed: (audit: Audit) => boolean = () => false,
): Group[] {
  const isAdvice = (audit: Audit) => audit.conformance === 'advice'
  return [
    {
      id: 'failed',
      label: ACCESSIBILITY_UI.failuresOf(target),
      audits: audits.failed.filter((audit) => !isAdvice(audit)),
      expanded: true,
    },
    { id: 'advice', label: ACCESSIBILITY_UI.advice, audits: audits.failed.filter(isAdvice), expanded: false },
    {
      id: 'manual',
      label: ACCESSIBILITY_UI.review.heading,
      audits: audits.manual.filter((audit) => !isDismissed(audit)),
      expanded: true,
    },
    {
      id: 'dismissed',
      label: ACCESSIBILITY_UI.review.dismissedGroup,
      audits: audits.manual.filter(isDismissed),
      expanded: false,
    },
    { id: 'passed', label: MESSAGES.audits.groups.passed, audits: audits.passed, expanded: false },
    {
      id: 'notApplicable',
      label: MESSAGES.audits.groups.notApplicable,
      audits: audits.notApplicable,
      expanded: false,
    },
  ]
}

function listGroups(
  audits: AuditGroupsData,
  kind: 'standard' | 'performance',
  target?: WcagTarget,
  isDismissed?: (audit: Audit) => boolean,
): Group[] {
  if (target && kind === 'standard') return listTargetGroups(audits, target, isDismissed)
  return listAuditGroups(kind).map(({ outcome, label }) => ({
    id: outcome,
    label,
    audits: audits[outcome],
    expanded: outcome === 'failed',
  }))
}

type HeadingLevel = 2 | 3 | 4

/** What a screen adds under an audit's details (the page detail: its lifecycle and template problems). */
export type RenderAuditExtra = (audit: Audit) => ReactNode

function AuditItem({
  audit,
  headingLevel,
  renderExtra,
}: {
  audit: Audit
  headingLevel: HeadingLevel
  renderExtra?: RenderAuditExtra
}) {
  return (
    <Disclosure className={styles.audit}>
      <Heading level={headingLevel} className={styles.auditHeading}>
        <Button slot="trigger" className={styles.auditTrigger}>
          <Icon name="chevronRight" className={styles.chevron} />
          <span className={styles.auditTitle}>
            <MarkdownTitle text={audit.title} />
          </span>
          {audit.displayValue ? <span className={styles.displayValue}>{audit.displayValue}</span> : null}
          {audit.conformance === 'advice' ? <AdviceBadge /> : null}
          <span className={styles.level}>
            <span className="visually-hidden">Level </span>
            {audit.issueLevel}
          </span>
        </Button>
      </Heading>
      <DisclosurePanel className={styles.auditPanel}>
        {audit.description ? (
          <p className={styles.description}>
            <MarkdownText text={audit.description} />
          </p>
        ) : null}
        <AuditCredits audit={audit} />
        {hasVisibleDetails(audit.details) ? (
          <AuditDetails details={audit.details as Json} label={audit.title} />
        ) : null}
        {renderExtra?.(audit)}
      </DisclosurePanel>
    </Disclosure>
  )
}

function WellDone() {
  return (
    <div className={styles.wellDone} role="status">
      <Icon name="star" size={28} />
      <div>
        <p className={styles.wellDoneTitle}>{MESSAGES.audits.wellDoneTitle}</p>
        <p>{MESSAGES.audits.wellDoneBody}</p>
      </div>
    </div>
  )
}

/** Titles may hold `code` too; a title is never a link. */
function MarkdownTitle({ text }: { text: string }) {
  return <>{text.replace(/`([^`]+)`/g, '$1')}</>
}

export type AuditGroupsProps = AuditRendererOptions & {
  audits: AuditGroupsData
  kind?: 'standard' | 'performance'
  /** the level of the group headings; audits sit one level below */
  headingLevel?: 2 | 3
  renderAuditExtra?: RenderAuditExtra
  /** the site's WCAG target: failures of it and advice apart, and the manual results as needing review */
  wcagTarget?: WcagTarget
  /** with a target: the manual results a reviewer dismissed, listed apart from those still to review */
  isDismissed?: (audit: Audit) => boolean
}

/**
 * The audit groups of one category as disclosures, only the failed group open at first (with a target,
 * the results needing review too), and 'Well done / All of your audits have passed' when nothing failed.
 */
export function AuditGroups({
  audits,
  kind = 'standard',
  headingLevel = 3,
  fullPageScreenshot,
  elementScreenshotUrl,
  onHighlightNode,
  renderAuditExtra,
  wcagTarget,
  isDismissed,
}: AuditGroupsProps) {
  const rendererOptions = useMemo(
    () => ({ fullPageScreenshot, elementScreenshotUrl, onHighlightNode }),
    [fullPageScreenshot, elementScreenshotUrl, onHighlightNode],
  )
  const auditLevel = (headingLevel + 1) as HeadingLevel
  const groups = useMemo(
    () => listGroups(audits, kind, wcagTarget, isDismissed),
    [audits, kind, wcagTarget, isDismissed],
  )
  return (
    <AuditRendererProvider value={rendererOptions}>
      <div className={styles.groups}>
        {groups[0]?.audits.length === 0 ? <WellDone /> : null}
        {groups.map((group) =>
          group.audits.length === 0 ? null : (
            <Disclosure key={group.id} className={styles.group} defaultExpanded={group.expanded}>
              <Heading level={headingLevel} className={styles.groupHeading}>
                <Button slot="trigger" className={styles.groupTrigger}>
                  <Icon name="chevronRight" className={styles.chevron} />
                  {group.label} <span className={styles.count}>{group.audits.length}</span>
                </Button>
              </Heading>
              <DisclosurePanel className={styles.groupPanel}>
                {group.id === 'advice' ? (
                  <p className={styles.subgroupNote}>{ACCESSIBILITY_UI.adviceHelp}</p>
                ) : null}
                {group.audits.map((audit) => (
                  <AuditItem
                    key={audit.id}
                    audit={audit}
                    headingLevel={auditLevel}
                    renderExtra={renderAuditExtra}
                  />
                ))}
              </DisclosurePanel>
            </Disclosure>
          ),
        )}
      </div>
    </AuditRendererProvider>
  )
}
