/**
 * Number formats of Lighthouse's report renderer, so a value reads the same here as in a Lighthouse report:
 * byte sizes in KiB, durations in ms, counts with their granularity.
 */
const NUMBER_LOCALE = 'en-GB'

function roundTo(value: number, granularity: number): number {
  const step = granularity > 0 ? granularity : 1
  return Math.round(value / step) * step
}

function fractionDigits(granularity: number): number {
  if (granularity >= 1) return 0
  return Math.min(20, Math.max(0, Math.ceil(-Math.log10(granularity) - 1e-9)))
}

export function formatNumber(value: number, granularity = 0.1): string {
  const digits = fractionDigits(granularity)
  return roundTo(value, granularity).toLocaleString(NUMBER_LOCALE, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
}

const BYTE_UNITS = { byte: 1, kb: 1024, KiB: 1024, MB: 1024 * 1024, MiB: 1024 * 1024 } as const

/** Lighthouse shows byte sizes in KiB unless a heading asks for another unit. */
export function formatBytes(bytes: number, granularity = 0.1, displayUnit = 'kb'): string {
  const unit = displayUnit in BYTE_UNITS ? (displayUnit as keyof typeof BYTE_UNITS) : 'kb'
  const label = unit === 'byte' ? 'bytes' : unit === 'kb' ? 'KiB' : unit === 'MB' ? 'MiB' : unit
  return `${formatNumber(bytes / BYTE_UNITS[unit], granularity)} ${label}`
}

export function formatMilliseconds(ms: number, granularity = 10): string {
  return `${formatNumber(ms, granularity)} ms`
}

/** Links in audit details are live only when they use http or https. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** A long URL shown as its path and query, with the host beside it when it differs from the page's. */
export function splitUrl(value: string): { file: string; host: string | null } {
  try {
    const url = new URL(value)
    const file = `${url.pathname}${url.search}` || '/'
    return { file: file === '' ? '/' : file, host: url.host || null }
  } catch {
    return { file: value, host: null }
  }
}
