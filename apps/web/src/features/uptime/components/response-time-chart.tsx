import type { UptimeBucket } from '@canopy/contracts'
import { lazy, Suspense } from 'react'
import { Button, Disclosure, DisclosurePanel } from 'react-aria-components'
import type { ChartRow, ChartSeries } from '@/components/charts/history-chart'
import chartStyles from '@/components/charts/history-chart.module.css'
import { Icon } from '@/components/ui/icon'
import { ScrollRegion } from '@/components/ui/scroll-region'
import { formatCount } from '@/lib/format-values'
import { bucketLabel, formatAvailability, formatResponseTime, meanResponseTime } from '../format'

/** The chart library loads only when a chart is on screen, so it stays out of the first download. */
const HistoryChartCanvas = lazy(() => import('@/components/charts/history-chart-canvas'))

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
    <Disclosure className={chartStyles.details}>
      <Button slot="trigger" className={chartStyles.detailsTrigger}>
        <Icon name="chevronRight" size={16} className={chartStyles.detailsChevron} />
        Data of {title.toLowerCase()} as a table
      </Button>
      <DisclosurePanel>
        <ScrollRegion className={chartStyles.tableWrap} label={`${title}: data`}>
          <table className={chartStyles.table}>
            <caption className="visually-hidden">{title}</caption>
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
          </table>
        </ScrollRegion>
      </DisclosurePanel>
    </Disclosure>
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
 * alternative: a summary in the figure's caption and every bucket in a table behind a disclosure. The
 * drawing itself is hidden from assistive technology.
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
  const hasAnswers = buckets.some((bucket) => bucket.averageResponseTimeMs !== null)
  return (
    <>
      <figure className={chartStyles.chart}>
        <figcaption className={chartStyles.summary}>
          {describeResponseTimes(buckets, bucketMinutes)}
        </figcaption>
        {hasAnswers ? (
          <div className={chartStyles.canvas} aria-hidden="true">
            <Suspense fallback={null}>
              <HistoryChartCanvas rows={toRows(buckets)} series={SERIES} />
            </Suspense>
          </div>
        ) : null}
      </figure>
      <BucketTable title={title} buckets={buckets} />
    </>
  )
}
