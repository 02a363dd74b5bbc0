import { HISTORY_NO_DATA, type HistoryChartPoint } from '@canopy/contracts'

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' })
export const numberFormat = new Intl.NumberFormat('en-GB')

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '–'
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '–' : dateTimeFormat.format(date)
}

export function formatDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date)
}

/** A history point's value, or null for the "no data" marker (-0.1) and anything below zero. */
export function pointValue(point: HistoryChartPoint | undefined): number | null {
  if (!point || point.y === HISTORY_NO_DATA || point.y < 0) return null
  return point.y
}

/** The score of the last scan and of the scan before it (the swing of the score card). */
export function latestAndPrevious(series: HistoryChartPoint[]): {
  latest: number | null
  previous: number | null
} {
  return { latest: pointValue(series.at(-1)), previous: pointValue(series.at(-2)) }
}

export function plural(count: number, one: string, many: string): string {
  return `${numberFormat.format(count)} ${count === 1 ? one : many}`
}
