import { AppLink } from '@/components/ui/app-link'
import { BreadcrumbHeader } from '@/components/ui/breadcrumb-header'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useGoBack } from '@/hooks/use-go-back'
import { useViewsPerCountry } from '../api/get-views-per-country'
import { useViewsPerDay } from '../api/get-views-per-day'
import styles from './analytics.module.css'
import { ReportCard } from './analytics-screen'
import { AnalyticsNotConnected, anyNotConnected, ReportState } from './analytics-states'
import { DateRangePicker, useAnalyticsInterval } from './date-range'
import { PageCountryList } from './page-country-list'
import { ViewsChart } from './views-chart'

export type PageAnalyticsScreenProps = {
  siteSlug: string
  pageId: string
  /** the page's title and address once known (the page detail's), for the header */
  page: { title: string; url: string } | null
  hrefs: { dashboard: string; analytics: string; pageDetail: string }
  integrationsHref: string | null
}

/**
 * analytics/:pageId: one page's views over the chosen range and its countries (Country, Page views, User
 * percentage) in the list pattern, with the way to the page's detail.
 */
export function PageAnalyticsScreen({
  siteSlug,
  pageId,
  page,
  hrefs,
  integrationsHref,
}: PageAnalyticsScreenProps) {
  const title = page ? `Analytics of ${page.title}` : 'Page analytics'
  useDocumentTitle(title)
  const goBack = useGoBack()
  const [interval, chooseInterval] = useAnalyticsInterval()
  const views = useViewsPerDay(siteSlug, interval, pageId)
  const countries = useViewsPerCountry(siteSlug, interval, pageId)
  const notConnected = anyNotConnected([views, countries])
  return (
    <div className={styles.screen}>
      <BreadcrumbHeader
        title={title}
        url={page?.url}
        crumbs={[
          { label: MESSAGES.sidebar.dashboard, href: hrefs.dashboard },
          { label: 'Analytics', href: hrefs.analytics },
        ]}
        fallbackHref={hrefs.analytics}
        onBack={goBack}
        actions={<AppLink href={hrefs.pageDetail}>Page details</AppLink>}
      />
      {notConnected ? (
        <AnalyticsNotConnected integrationsHref={integrationsHref} />
      ) : (
        <>
          <DateRangePicker value={interval} onChange={chooseInterval} />
          <ReportCard id="page-analytics-views" title="Page views">
            <ReportState query={views}>
              {(data) => <ViewsChart title="Page views" views={data} interval={interval} />}
            </ReportState>
          </ReportCard>
          <ReportCard id="page-analytics-countries" title="Countries">
            <ReportState query={countries}>{(data) => <PageCountryList countries={data.data} />}</ReportState>
          </ReportCard>
        </>
      )}
    </div>
  )
}
