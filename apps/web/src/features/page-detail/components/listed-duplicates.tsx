import { type AuditIssue, DUPLICATE_CHECK_OF_KIND, type DuplicateKind } from '@canopy/contracts'
import { Link } from 'react-router'
import { plural } from '@/lib/format-values'
import styles from './page-detail.module.css'

/** What the pages of each kind of duplicate share, as the link to them names it. */
const SHARED: Record<DuplicateKind, string> = { title: 'title', description: 'description', content: 'text' }

/** The kind of duplicate a check is about; undefined for other checks. */
function duplicateKindOf(issueId: string): DuplicateKind | undefined {
  const kinds = Object.keys(DUPLICATE_CHECK_OF_KIND) as DuplicateKind[]
  return kinds.find((kind) => DUPLICATE_CHECK_OF_KIND[kind] === issueId)
}

/** The rows a check's details list (its table's items). */
function listedRows(details: AuditIssue['details']): number {
  return Array.isArray(details?.items) ? details.items.length : 0
}

/**
 * Under a duplicate check whose table lists only some of the pages sharing the page's title, description or
 * text (the scan stores a capped list per page): how many it lists of how many, and the screen that
 * lists every group of that kind with all its pages.
 */
export function ListedDuplicates({ issue, href }: { issue: AuditIssue; href: string }) {
  const listed = listedRows(issue.details)
  const kind = duplicateKindOf(issue.issueId)
  if (!kind || issue.nodeCount <= listed) return null
  return (
    <p className={styles.template}>
      Listed here: {listed} of the {plural(issue.nodeCount, 'other page')} sharing it.{' '}
      <Link to={`${href}?type=${kind}`}>See every page with this {SHARED[kind]}</Link>
    </p>
  )
}
