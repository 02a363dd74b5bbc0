import type { SelectOption } from '@/components/ui/select-field'

export const DAY_OPTIONS: SelectOption[] = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
].map((label, index) => ({ id: String(index), label }))

export const HOUR_OPTIONS: SelectOption[] = Array.from({ length: 24 }, (_, hour) => ({
  id: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}))

/** The time zones the browser knows (the API checks against its own list of the same IANA names). */
export function timeZoneOptions(current: string): SelectOption[] {
  const zones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone'), current])
  return [...zones].map((zone) => ({ id: zone, label: zone.replaceAll('_', ' ') }))
}
