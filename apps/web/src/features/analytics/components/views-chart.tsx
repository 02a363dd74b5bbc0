import { ANALYTICS_INTERVALS, type AnalyticsInterval, type ViewsPerDay } from '@canopy/contracts'
import {
  ChartDataTable,
  ChartFigure,
  type ChartRow,
  type ChartSeries,
} from '@/components/charts/history-chart'
import { MESSAGES } from '@/config/messages'
import { formatCount } from '@/lib/format-values'
import { describeViews, formatBucket } from '../format'

const BUCKET_HEADINGS = { day: 'Day', week: 'Week', month: 'Month' } as const

const SERIES: ChartSeries[] = [{ key: 'views', label: MESSAGES.analytics.pageViews, points: [] }]

/**
 * The page views over the range as a line chart (recharts, drawn lazily and hidden from assistive
 * technology) with its text alternative: the total and busiest bucket as the caption, every bucket in a table.
 */
export function ViewsChart({
  title,
  views,
  interval,
}: {
  title: string
  views: ViewsPerDay
  interval: AnalyticsInterval
}) {
  const { granularity, label } = ANALYTICS_INTERVALS[interval]
  const rows: ChartRow[] = views.data.map((bucket) => ({
    x: bucket.label,
    label: formatBucket(bucket.label, granularity),
    views: bucket.count,
  }))
  return (
    <>
      <ChartFigure
        summary={describeViews(views, label, granularity)}
        rows={rows}
        series={SERIES}
        drawn={rows.length > 1}
      />
      {rows.length > 0 ? (
        <ChartDataTable title={title}>
          <thead>
            <tr>
              <th scope="col">{BUCKET_HEADINGS[granularity]}</th>
              <th scope="col">{MESSAGES.analytics.pageViews}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.x}>
                <th scope="row">{row.label}</th>
                <td>{formatCount(Number(row.views))}</td>
              </tr>
            ))}
          </tbody>
        </ChartDataTable>
      ) : null}
    </>
  )
}
