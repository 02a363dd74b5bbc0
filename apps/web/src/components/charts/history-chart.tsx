import { lazy, type ReactNode, Suspense } from 'react'
import { Button, Disclosure, DisclosurePanel } from 'react-aria-components'
import { Icon } from '@/components/ui/icon'
import { ScrollRegion } from '@/components/ui/scroll-region'
import { formatCount } from '@/lib/format-values'
import { type ChartRow, type ChartSeries, toChartRows } from './chart-rows'
import styles from './history-chart.module.css'

export type { ChartRow, ChartSeries } from './chart-rows'

/** The chart library loads only when a chart is on screen, so it stays out of the first download. */
const HistoryChartCanvas = lazy(() => import('./history-chart-canvas'))

function formatCell(value: number | string | null | undefined): string {
  return typeof value === 'number' ? formatCount(Math.round(value * 100) / 100) : 'No data'
}

/**
 * A chart's text alternative behind a disclosure ("Data of … as a table"): a table named `title`, scrolling
 * sideways in its own named region; the header and body rows are the caller's.
 */
export function ChartDataTable({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Disclosure className={styles.details}>
      <Button slot="trigger" className={styles.detailsTrigger}>
        <Icon name="chevronRight" size={16} className={styles.detailsChevron} />
        Data of {title.toLowerCase()} as a table
      </Button>
      <DisclosurePanel>
        <ScrollRegion className={styles.tableWrap} label={`${title}: data`}>
          <table className={styles.table}>
            <caption className="visually-hidden">{title}</caption>
            {children}
          </table>
        </ScrollRegion>
      </DisclosurePanel>
    </Disclosure>
  )
}

/**
 * The chart's figure: its summary as the caption, and the lines drawn (when `drawn`) by the chart library,
 * loaded lazily and hidden from assistive technology (the caption and the data table tell the same).
 */
export function ChartFigure({
  summary,
  rows,
  series,
  domain,
  drawn,
}: {
  summary: string
  rows: ChartRow[]
  series: ChartSeries[]
  domain?: [number, number]
  drawn: boolean
}) {
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.summary}>{summary}</figcaption>
      {drawn ? (
        <div className={styles.canvas} aria-hidden="true">
          <Suspense fallback={null}>
            <HistoryChartCanvas rows={rows} series={series} domain={domain} />
          </Suspense>
        </div>
      ) : null}
    </figure>
  )
}

/** The chart's text alternative: the same numbers as a table, one row per scan. */
function ChartTable({ title, rows, series }: { title: string; rows: ChartRow[]; series: ChartSeries[] }) {
  return (
    <ChartDataTable title={title}>
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
    </ChartDataTable>
  )
}

/** The figure's caption: how many scans, and the latest scan's value of every line. */
function describeLatest(rows: ChartRow[], series: ChartSeries[]): string {
  const latest = rows.at(-1)
  if (!latest) return 'No scans yet.'
  const values = series.map((line) => `${line.label} ${formatCell(latest[line.key])}`).join(', ')
  return `${rows.length} scans. Latest scan, ${latest.label}: ${values}.`
}

/**
 * A line chart over the scans with its text alternative: a summary of the latest values in the figure's
 * caption and the whole data as a table named `title`. The drawing itself is hidden from assistive
 * technology. The card and heading around it are the caller's.
 */
export function HistoryChart({
  title,
  series,
  domain,
}: {
  title: string
  series: ChartSeries[]
  /** the y axis; from 0 to the largest value unless given (scores: [0, 100]) */
  domain?: [number, number]
}) {
  const rows = toChartRows(series)
  return (
    <>
      <ChartFigure
        summary={describeLatest(rows, series)}
        rows={rows}
        series={series}
        domain={domain}
        drawn={rows.length > 1}
      />
      {rows.length > 0 ? <ChartTable title={title} rows={rows} series={series} /> : null}
    </>
  )
}
