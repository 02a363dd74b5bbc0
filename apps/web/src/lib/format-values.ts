/** Dates, sizes and counts as the screens show them: en-GB, dates and times in the viewer's time zone. */
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
})
const numberFormat = new Intl.NumberFormat('en-GB')

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}

/** '20 Nov 2026'; '' for a missing or unreadable date. */
export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso)
  return date ? dateFormat.format(date) : ''
}

/** '20 Nov 2026, 10:00' (24-hour); '' for a missing or unreadable date. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso)
  return date ? dateTimeFormat.format(date) : ''
}

export function formatCount(value: number): string {
  return numberFormat.format(value)
}

/** A count with its noun: '1 page', '1,204 pages'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${numberFormat.format(count)} ${count === 1 ? one : many}`
}

const SIZE_UNITS = ['KB', 'MB', 'GB'] as const

/** File sizes in KB, MB or GB, 1024-based, rounded to a whole number; '' when unknown. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || bytes < 0) return ''
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${numberFormat.format(Math.max(value < 1 && bytes > 0 ? 1 : 0, Math.round(value)))} ${SIZE_UNITS[unit]}`
}

/** 'scan 12' when the scan has a number, else 'a scan'; with its finish date when it has one. */
export function describeScan(scan: { number: number | null; finishedAt: string | null } | null): string {
  if (!scan) return ''
  const name = scan.number === null ? 'a scan' : `scan ${scan.number}`
  const date = formatDate(scan.finishedAt)
  return date ? `${name} (${date})` : name
}

/** A scan's percent is shown to two decimals. */
export function formatScanPercent(progress: number): string {
  return `${Math.min(100, Math.max(0, progress)).toFixed(2)}%`
}
