import type { PerformanceMetric } from '@canopy/contracts'

/**
 * Timings are stored in milliseconds and shown in seconds with one decimal: '2.3 s' (a no-break space keeps
 * the unit with its number in a narrow column); '' when not measured.
 */
export function formatSeconds(metric: PerformanceMetric | null): string {
  if (!metric) return ''
  return `${(metric.value / 1000).toFixed(1)}\u00a0s`
}

/** Cumulative layout shift has no unit and shows with two decimals: '0.12'; '' when not measured. */
export function formatLayoutShift(metric: PerformanceMetric | null): string {
  if (!metric) return ''
  return metric.value.toFixed(2)
}
