import { ANALYTICS_COUNTRIES_PER_PAGE, type ViewsPerCountry } from '@canopy/contracts'
import { useMemo } from 'react'
import { type InMemoryListOptions, type ListColumn, ListView, useInMemoryList } from '@/components/ui/list'
import { MESSAGES } from '@/config/messages'
import { formatCount } from '@/lib/format-values'
import { formatPercent, sharePercent, totalViews } from '../country-share'

type CountryRow = ViewsPerCountry['data'][number] & { percent: number }

const COLUMNS: ListColumn<CountryRow>[] = [
  {
    id: 'country',
    label: MESSAGES.analytics.country,
    sortable: true,
    isRowHeader: true,
    render: (row) => row.countryName,
  },
  {
    id: 'count',
    label: MESSAGES.analytics.pageViews,
    sortable: true,
    align: 'end',
    render: (row) => formatCount(row.count),
  },
  {
    id: 'percent',
    label: MESSAGES.analytics.userPercentage,
    sortable: true,
    align: 'end',
    render: (row) => formatPercent(row.percent),
  },
]

const OPTIONS: InMemoryListOptions<CountryRow> = {
  searchText: (row) => `${row.countryName} ${row.countryCode}`,
  sortValues: {
    country: (row) => row.countryName,
    count: (row) => row.count,
    percent: (row) => row.percent,
  },
}

/**
 * A page's countries in the list pattern (search by name, sort, 10 rows a page), most views first; the user
 * percentage is the country's share of the page's views in the range.
 */
export function PageCountryList({ countries }: { countries: ViewsPerCountry['data'] }) {
  const rows = useMemo(() => {
    const total = totalViews(countries)
    return countries.map((country) => ({ ...country, percent: sharePercent(country.count, total) }))
  }, [countries])
  const { list, query } = useInMemoryList(
    rows,
    { sortBy: 'count', sortDir: 'desc', pageSize: ANALYTICS_COUNTRIES_PER_PAGE },
    OPTIONS,
  )
  return (
    <ListView
      caption="Page views by country"
      captionHidden
      filterLabel="Search countries"
      columns={COLUMNS}
      list={list}
      query={query}
      getRowKey={(row) => row.countryCode}
      emptyMessage="No page views from any country in this period."
    />
  )
}
