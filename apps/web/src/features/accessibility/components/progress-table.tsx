import { HISTORY_NO_DATA, type HistoryResponse } from '@canopy/contracts'
import { formatCount, formatDate } from '@/lib/format-values'
import styles from './accessibility.module.css'

/** How many of the latest scans the table lists. */
const ROWS = 10

const showValue = (y: number | undefined) =>
  y === undefined || y === HISTORY_NO_DATA ? 'No data' : formatCount(y)

/** The accessibility score and issue counts of the latest scans, newest first, as a data table. */
export function ProgressTable({ history }: { history: HistoryResponse }) {
  const points = history.accessibility
  const { issuesFailed, issuesPassed } = history.accessibilityMetricHistory
  const rows = points
    .map((point, index) => ({
      date: point.x,
      score: point.y,
      failed: issuesFailed[index]?.y,
      passed: issuesPassed[index]?.y,
      pages: point.numberOfPages,
    }))
    .slice(-ROWS)
    .reverse()
  if (rows.length === 0) return <p>No scan has finished yet.</p>
  return (
    <div className={styles.tableFrame}>
      <table className={styles.table}>
        <caption className="visually-hidden">Accessibility score and issues by scan, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Scan finished</th>
            <th scope="col" className={styles.number}>
              Score
            </th>
            <th scope="col" className={styles.number}>
              Audits failed
            </th>
            <th scope="col" className={styles.number}>
              Audits passed
            </th>
            <th scope="col" className={styles.number}>
              Pages
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.date}>
              <th scope="row">{formatDate(row.date)}</th>
              <td className={styles.number}>{showValue(row.score)}</td>
              <td className={styles.number}>{showValue(row.failed)}</td>
              <td className={styles.number}>{showValue(row.passed)}</td>
              <td className={styles.number}>{formatCount(row.pages)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The latest score and the one before it, skipping points without data. */
export function latestScores(history: HistoryResponse | undefined): {
  score: number | null
  previous: number | null
} {
  const scored = (history?.accessibility ?? []).filter((point) => point.y !== HISTORY_NO_DATA)
  return { score: scored.at(-1)?.y ?? null, previous: scored.at(-2)?.y ?? null }
}
