import type { UptimeBucket } from '@canopy/contracts'
import {
  ChartDataTable,
  ChartFigure,
  type ChartRow,
  type ChartSeries,
} from '@/components/charts/history-chart'
import { formatCount } from '@/lib/format-values'
import { bucketLabel, formatAvailability, formatResponseTime, meanResponseTime } from '../format'

/** The lines drawn: the mean and the slowest answer of each bucket, in ms. */
const SERIES: ChartSeries[] = [
  { key: 'average', label: 'Average response time (ms)', points: [] },
  { key: 'slowest', label: 'Slowest response (ms)', points: [] },
]

function toRows(buckets: UptimeBucket[]): ChartRow[] {
  return buckets.map((bucket) => ({
    x: bucket.start,
    label: bucketLabel(bucket),
    average: bucket.averageResponseTimeMs,
    slowest: bucket.maxResponseTimeMs,
  }))
}

/** The chart's text alternative: every bucket as a row, with its checks and availability too. */
function BucketTable({ title, buckets }: { title: string; buckets: UptimeBucket[] }) {
  return (
    <ChartDataTable title={title}>
      <thead>
        <tr>
          <th scope="col">From</th>
          <th scope="col">Checks</th>
          <th scope="col">Down</th>
          <th scope="col">Availability</th>
          <th scope="col">Average response time</th>
          <th scope="col">Slowest response</th>
        </tr>
      </thead>
      <tbody>
        {buckets.map((bucket) => (
          <tr key={bucket.start}>
            <th scope="row">{bucketLabel(bucket)}</th>
            <td>{formatCount(bucket.checks)}</td>
            <td>{formatCount(bucket.downChecks)}</td>
            <td>{formatAvailability(bucket.availabilityPercent)}</td>
            <td>{bucket.checks === 0 ? '' : formatResponseTime(bucket.averageResponseTimeMs)}</td>
            <td>{bucket.checks === 0 ? '' : formatResponseTime(bucket.maxResponseTimeMs)}</td>
          </tr>
        ))}
      </tbody>
    </ChartDataTable>
  )
}

function describeResponseTimes(buckets: UptimeBucket[], bucketMinutes: number): string {
  const checked = buckets.filter((bucket) => bucket.checks > 0)
  if (checked.length === 0) return 'No checks in this period yet.'
  const width = bucketMinutes >= 1440 ? 'day' : bucketMinutes === 60 ? 'hour' : `${bucketMinutes / 60} hours`
  const mean = formatResponseTime(meanResponseTime(buckets))
  return `Response time per ${width}, ${buckets.length} points. Average over the period: ${mean}.`
}

/**
 * The response times over the period as a line chart (average and slowest per bucket) with its text
 * alternative: a summary in the figure's caption and every bucket in a table behind a disclosure.
 */
export function ResponseTimeChart({
  title,
  buckets,
  bucketMinutes,
}: {
  title: string
  buckets: UptimeBucket[]
  bucketMinutes: number
}) {
  return (
    <>
      <ChartFigure
        summary={describeResponseTimes(buckets, bucketMinutes)}
        rows={toRows(buckets)}
        series={SERIES}
        drawn={buckets.some((bucket) => bucket.averageResponseTimeMs !== null)}
      />
      <BucketTable title={title} buckets={buckets} />
    </>
  )
}
