import type { AuditIssue } from '@canopy/contracts'
import { Link } from 'react-router'
import { describeScan, plural } from '@/lib/format-values'
import styles from './page-detail.module.css'

const pages = (count: number) => plural(count, 'page', 'pages')

/**
 * Where an issue stands on the page over the scans (new in the last scan, failing since, fixed in) and the
 * template problems it is part of: the same element failing on several pages, so fixing it once clears
 * them all. `templateHref` links to the pages sharing a template, when the area has that list.
 */
export function IssueLifecycle({
  issue,
  templateHref,
}: {
  issue: AuditIssue
  templateHref?: (signature: string) => string
}) {
  const { lifecycle, templates } = issue
  const facts = [
    lifecycle.isNew ? 'New in the last scan' : null,
    lifecycle.failingSince && !lifecycle.fixedIn
      ? `Failing since ${describeScan(lifecycle.failingSince)}`
      : null,
    lifecycle.fixedIn ? `Fixed in ${describeScan(lifecycle.fixedIn)}` : null,
    lifecycle.fixedIn && lifecycle.lastFailed ? `Last failed in ${describeScan(lifecycle.lastFailed)}` : null,
  ].filter((fact): fact is string => fact !== null)
  if (facts.length === 0 && templates.length === 0) return null
  return (
    <div className={styles.lifecycle}>
      {facts.length > 0 ? (
        <ul className={styles.lifecycleFacts} aria-label="History of this issue on the page">
          {facts.map((fact) => (
            <li key={fact} className={fact.startsWith('New') ? styles.newBadge : undefined}>
              {fact}
            </li>
          ))}
        </ul>
      ) : null}
      {templates.map((template) => (
        <p key={template.signature} className={styles.template}>
          <code>{template.selector}</code> fails this check on {pages(template.pageCount)}: fix once, clears{' '}
          {pages(template.pageCount)}.{' '}
          {templateHref ? (
            <Link to={templateHref(template.signature)}>
              See the pages with this element<span className="visually-hidden"> ({template.selector})</span>
            </Link>
          ) : null}
        </p>
      ))}
    </div>
  )
}
