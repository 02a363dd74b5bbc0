import type { ReactNode } from 'react'
import { PageHeader } from '@/components/ui/notice'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { usePopularPages } from '../api/get-popular-pages'
import { useViewsPerCountry } from '../api/get-views-per-country'
import { useViewsPerDay } from '../api/get-views-per-day'
import styles from './analytics.module.css'
import { AnalyticsNotConnected, anyNotConnected, ReportState } from './analytics-states'
import { CountryViews } from './country-views'
import { DateRangePicker, useAnalyticsInterval } from './date-range'
import { type PageHrefs, PopularPages } from './popular-pages'
import { ViewsChart } from './views-chart'

export function ReportCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

export type AnalyticsScreenProps = {
  siteSlug: string
  /** the integrations settings for a site administrator, null for others */
  integrationsHref: string | null
  pageHrefs: PageHrefs
}

/**
 * analytics: the site's page views over the chosen range, views by country (map and table) and the most
 * visited pages; while web analytics is not connected, says so instead.
 */
export function AnalyticsScreen({ siteSlug, integrationsHref, pageHrefs }: AnalyticsScreenProps) {
  useDocumentTitle('Analytics')
  const [interval, chooseInterval] = useAnalyticsInterval()
  const views = useViewsPerDay(siteSlug, interval)
  const countries = useViewsPerCountry(siteSlug, interval)
  const popular = usePopularPages(siteSlug)
  const header = <PageHeader title="Analytics" subtitle="Page views from the site's web analytics." />
  if (anyNotConnected([views, countries, popular])) {
    return (
      <div className={styles.screen}>
        {header}
        <AnalyticsNotConnected integrationsHref={integrationsHref} />
      </div>
    )
  }
  return (
    <div className={styles.screen}>
      {header}
      <DateRangePicker value={interval} onChange={chooseInterval} />
      <ReportCard id="analytics-views" title="Page views">
        <ReportState query={views}>
          {(data) => <ViewsChart title="Page views" views={data} interval={interval} />}
        </ReportState>
      </ReportCard>
      <ReportCard id="analytics-countries" title="Page views by country">
        <ReportState query={countries}>
          {(data) =>
            data.data.length === 0 ? (
              <p className={styles.summary}>No page views from any country in this period.</p>
            ) : (
              <CountryViews countries={data.data} />
            )
          }
        </ReportState>
      </ReportCard>
      <ReportCard id="analytics-popular" title="Most visited pages">
        <ReportState query={popular}>{(data) => <PopularPages pages={data} hrefs={pageHrefs} />}</ReportState>
      </ReportCard>
    </div>
  )
}
