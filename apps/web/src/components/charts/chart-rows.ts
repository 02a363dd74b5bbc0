import { HISTORY_NO_DATA, type HistoryChartPoint } from '@canopy/contracts'
import { formatDate } from '@/lib/format-values'

/** One line of a history chart: its column key, its name, and its points oldest first. */
export type ChartSeries = { key: string; label: string; points: HistoryChartPoint[] }

/** One scan's values, a column per series; null where the scan has no value. */
export type ChartRow = { x: string; label: string } & Record<string, number | string | null>

/** A history point's value, or null for the "no data" marker (-0.1) and anything below zero. */
export function pointValue(point: HistoryChartPoint | undefined): number | null {
  if (!point || point.y === HISTORY_NO_DATA || point.y < 0) return null
  return point.y
}

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
