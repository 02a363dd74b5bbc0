import { type Audit, understandingUrl } from '@canopy/contracts'
import { ACCESSIBILITY_UI } from '@/config/accessibility-messages'
import { describeCriteria } from '../wcag'
import styles from './audits.module.css'

/**
 * What an accessibility audit is traced to: its WCAG success criteria, each linked to W3C's Understanding
 * page, and the engines that found it. A result with conformance but no criterion is a best practice.
 */
export function AuditCredits({ audit }: { audit: Audit }) {
  const criteria = describeCriteria(audit.wcag)
  const engines = audit.engines ?? []
  const isAccessibility = audit.conformance !== undefined || engines.length > 0
  if (criteria.length === 0 && !isAccessibility) return null
  return (
    <div className={styles.credits}>
      {criteria.length > 0 ? (
        <div>
          <span className={styles.creditsTerm}>{ACCESSIBILITY_UI.criteria}: </span>
          <ul className={styles.criteria}>
            {criteria.map(({ id, criterion }) => (
              <li key={id}>
                {criterion ? (
                  <a
                    href={understandingUrl(criterion.id) ?? undefined}
                    target="_blank"
                    rel="noreferrer noopener"
                  >
                    {ACCESSIBILITY_UI.understanding(criterion.id, criterion.title)}
                    <span className={styles.muted}> (level {criterion.level})</span>
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                ) : (
                  id
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className={styles.muted}>{ACCESSIBILITY_UI.bestPractice}</p>
      )}
      {engines.length > 0 ? <p className={styles.foundBy}>{ACCESSIBILITY_UI.foundBy(engines)}</p> : null}
    </div>
  )
}

/** The badge of a result that is advice rather than a failure of the site's target. */
export function AdviceBadge() {
  return (
    <span className={styles.adviceBadge} title={ACCESSIBILITY_UI.adviceHelp}>
      {ACCESSIBILITY_UI.advice}
    </span>
  )
}
