import { HISTORY_NO_DATA, type HistoryChartPoint, type HistoryResponse } from '@canopy/contracts'
import { HistoryChart } from '@/components/charts/history-chart'

/** The pages each scan counted, as points on the same scans as the score. */
const pageCounts = (points: HistoryChartPoint[]): HistoryChartPoint[] =>
  points.map((point) => ({ ...point, y: point.numberOfPages }))

/**
 * The accessibility score over the scans, then the audits failed and passed and the pages scanned (counts
 * on a scale of their own, so the score's 0-100 line is not flattened by them). Each chart has its numbers
 * as a table beside it.
 */
export function ProgressCharts({ history }: { history: HistoryResponse }) {
  const points = history.accessibility
  const { issuesFailed, issuesPassed } = history.accessibilityMetricHistory
  if (points.length === 0) return <p>No scan has finished yet.</p>
  return (
    <>
      <h3>Score</h3>
      <HistoryChart
        title="Accessibility score by scan"
        series={[{ key: 'score', label: 'Score', points }]}
        domain={[0, 100]}
      />
      <h3>Audits and pages</h3>
      <HistoryChart
        title="Audits and pages by scan"
        series={[
          { key: 'failed', label: 'Audits failed', points: issuesFailed },
          { key: 'passed', label: 'Audits passed', points: issuesPassed },
          { key: 'pages', label: 'Pages', points: pageCounts(points) },
        ]}
      />
    </>
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
