import type { Audit, AuditGroups as AuditGroupsData, AuditOutcome } from '@canopy/contracts'
import { type ReactNode, useMemo } from 'react'
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components'
import { Icon } from '@/components/ui/icon'
import { MESSAGES } from '@/config/messages'
import { hasVisibleDetails, type Json } from '../details'
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
        {audit.wcag.length > 0 ? <p className={styles.muted}>WCAG {audit.wcag.join(', ')}</p> : null}
        {hasVisibleDetails(audit.details) ? (
          <AuditDetails details={audit.details as Json} label={audit.title} />
        ) : null}
        {renderExtra?.(audit)}
      </DisclosurePanel>
    </Disclosure>
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
}

/**
 * The audit groups of one category as disclosures, only the failed group open at first, and
 * 'Well done / All of your audits have passed' when nothing failed.
 */
export function AuditGroups({
  audits,
  kind = 'standard',
  headingLevel = 3,
  fullPageScreenshot,
  elementScreenshotUrl,
  onHighlightNode,
  renderAuditExtra,
}: AuditGroupsProps) {
  const rendererOptions = useMemo(
    () => ({ fullPageScreenshot, elementScreenshotUrl, onHighlightNode }),
    [fullPageScreenshot, elementScreenshotUrl, onHighlightNode],
  )
  const auditLevel = (headingLevel + 1) as HeadingLevel
  return (
    <AuditRendererProvider value={rendererOptions}>
      <div className={styles.groups}>
        {audits.failed.length === 0 ? (
          <div className={styles.wellDone} role="status">
            <Icon name="star" size={28} />
            <div>
              <p className={styles.wellDoneTitle}>{MESSAGES.audits.wellDoneTitle}</p>
              <p>{MESSAGES.audits.wellDoneBody}</p>
            </div>
          </div>
        ) : null}
        {listAuditGroups(kind).map(({ outcome, label }) => {
          const list = audits[outcome]
          if (list.length === 0) return null
          return (
            <Disclosure key={outcome} className={styles.group} defaultExpanded={outcome === 'failed'}>
              <Heading level={headingLevel} className={styles.groupHeading}>
                <Button slot="trigger" className={styles.groupTrigger}>
                  <Icon name="chevronRight" className={styles.chevron} />
                  {label} <span className={styles.count}>{list.length}</span>
                </Button>
              </Heading>
              <DisclosurePanel className={styles.groupPanel}>
                {list.map((audit) => (
                  <AuditItem
                    key={audit.id}
                    audit={audit}
                    headingLevel={auditLevel}
                    renderExtra={renderAuditExtra}
                  />
                ))}
              </DisclosurePanel>
            </Disclosure>
          )
        })}
      </div>
    </AuditRendererProvider>
  )
}
