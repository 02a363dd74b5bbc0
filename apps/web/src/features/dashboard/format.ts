import type { HistoryChartPoint } from '@canopy/contracts'
import { pointValue } from '@/components/charts/chart-rows'

/** The score of the last scan and of the scan before it (the swing of the score card). */
export function latestAndPrevious(series: HistoryChartPoint[]): {
  latest: number | null
  previous: number | null
} {
  return { latest: pointValue(series.at(-1)), previous: pointValue(series.at(-2)) }
}
