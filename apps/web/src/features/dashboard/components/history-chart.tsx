import type { HistoryChartPoint } from '@canopy/contracts'
import { lazy, Suspense } from 'react'
import { Button, Disclosure, DisclosurePanel } from 'react-aria-components'
import { Icon } from '@/components/ui/icon'
import { ScrollRegion } from '@/components/ui/scroll-region'
import { formatDate, numberFormat, pointValue } from '../format'
import styles from './dashboard.module.css'

export type ChartSeries = { key: string; label: string; points: HistoryChartPoint[] }

/** One scan's values, a column per series; null where the scan has no value. */
export type ChartRow = { x: string; label: string } & Record<string, number | string | null>

/** The chart library loads only when a chart is on screen, so it stays out of the first download. */
const HistoryChartCanvas = lazy(() => import('./history-chart-canvas'))

/** The scans of every series, oldest first, as rows by the time each scan finished. */
export function toChartRows(series: ChartSeries[]): ChartRow[] {
  const rows = new Map<string, ChartRow>()
  for (const line of series) {
    for (const point of line.points) {
      const row = rows.get(point.x) ?? { x: point.x, label: formatDate(point.x) }
      row[line.key] = pointValue(point)
      rows.set(point.x, row)
    }
  }
  return [...rows.values()].sort((a, b) => a.x.localeCompare(b.x))
}

function formatCell(value: number | string | null | undefined): string {
  return typeof value === 'number' ? numberFormat.format(Math.round(value * 100) / 100) : 'No data'
}

/** The chart's text alternative: the same numbers as a table, one row per scan. */
function ChartTable({ title, rows, series }: { title: string; rows: ChartRow[]; series: ChartSeries[] }) {
  return (
    <Disclosure className={styles.details}>
      <Button slot="trigger" className={styles.detailsTrigger}>
        <Icon name="chevronRight" size={16} className={styles.detailsChevron} />
        Data of {title.toLowerCase()} as a table
      </Button>
      <DisclosurePanel>
        <ScrollRegion className={styles.tableWrap} label={`${title}: data`}>
          <table className={styles.chartTable}>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Scan finished</th>
                {series.map((line) => (
                  <th key={line.key} scope="col">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.x}>
                  <th scope="row">{row.label}</th>
                  {series.map((line) => (
                    <td key={line.key}>{formatCell(row[line.key])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </DisclosurePanel>
    </Disclosure>
  )
}

/**
 * A line chart over the scans with its text alternative: a summary of the latest values in the figure's
 * caption and the whole data as a table. The drawing itself is hidden from assistive technology.
 */
export function HistoryChart({
  id,
  title,
  series,
  domain,
}: {
  id: string
  title: string
  series: ChartSeries[]
  domain?: [number, number]
}) {
  const rows = toChartRows(series)
  const latest = rows.at(-1)
  const summary = latest
    ? `Latest scan, ${latest.label}: ${series.map((line) => `${line.label} ${formatCell(latest[line.key])}`).join(', ')}.`
    : 'No scans yet.'
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardHeading}>
        {title}
      </h2>
      <figure className={styles.chart}>
        <figcaption className={styles.muted}>
          {rows.length > 0 ? `${rows.length} scans. ` : ''}
          {summary}
        </figcaption>
        {rows.length > 1 ? (
          <div className={styles.chartCanvas} aria-hidden="true">
            <Suspense fallback={null}>
              <HistoryChartCanvas rows={rows} series={series} domain={domain} />
            </Suspense>
          </div>
        ) : null}
      </figure>
      {rows.length > 0 ? <ChartTable title={title} rows={rows} series={series} /> : null}
    </section>
  )
}
