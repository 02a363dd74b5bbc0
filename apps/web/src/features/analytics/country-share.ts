import {
  ANALYTICS_COUNTRY_OTHER_BELOW_PERCENT,
  ANALYTICS_COUNTRY_TOP_N,
  type ViewsPerCountry,
} from '@canopy/contracts'

type CountryViews = ViewsPerCountry['data'][number]

/** A country's line of the chart, or 'Other' (countryCode null) for the rest together. */
export type CountryShare = {
  countryCode: string | null
  countryName: string
  count: number
  /** percent of all views of the period, 0 to 100 */
  percent: number
}

export const OTHER_COUNTRIES = 'Other'

export function totalViews(countries: readonly CountryViews[]): number {
  return countries.reduce((sum, country) => sum + country.count, 0)
}

/** A count's share of the total, in percent (0 when there is nothing to share). */
export function sharePercent(count: number, total: number): number {
  return total > 0 ? (count / total) * 100 : 0
}

/** '12.3%', '< 0.1%' for a share too small to show with one decimal, '0%' for none. */
export function formatPercent(percent: number): string {
  if (percent === 0) return '0%'
  if (percent < 0.1) return '< 0.1%'
  return `${(Math.round(percent * 10) / 10).toLocaleString('en-GB')}%`
}

/** Most viewed first; ties by name so the order never flickers between answers. */
export function byViewsDescending(countries: readonly CountryViews[]): CountryViews[] {
  return [...countries].sort(
    (a, b) => b.count - a.count || a.countryName.localeCompare(b.countryName, 'en-GB'),
  )
}

/**
 * The country chart's lines: the top countries whose share is at least the threshold, at most the top N
 * of them, and every other country summed into one 'Other' line (left out when it holds no views).
 */
export function groupCountryShares(countries: readonly CountryViews[]): CountryShare[] {
  const total = totalViews(countries)
  const ranked = byViewsDescending(countries).map((country) => ({
    ...country,
    percent: sharePercent(country.count, total),
  }))
  const kept = ranked
    .filter((country) => country.count > 0 && country.percent >= ANALYTICS_COUNTRY_OTHER_BELOW_PERCENT)
    .slice(0, ANALYTICS_COUNTRY_TOP_N)
  const otherCount = total - totalViews(kept)
  const lines: CountryShare[] = kept
  if (otherCount > 0) {
    lines.push({
      countryCode: null,
      countryName: OTHER_COUNTRIES,
      count: otherCount,
      percent: sharePercent(otherCount, total),
    })
  }
  return lines
}
