import { ANALYTICS_INTERVALS, DEFAULT_ANALYTICS_INTERVAL } from '@canopy/contracts'
import { AppLink } from '@/components/ui/app-link'
import { MESSAGES } from '@/config/messages'
import { isApiError } from '@/lib/api-client'
import { isAnalyticsNotConnected } from '../api/analytics-paths'
import { useViewsPerDay } from '../api/get-views-per-day'
import { describeViews } from '../format'
import styles from './analytics.module.css'
import { ReportError } from './analytics-states'

/**
 * A page's views over the default range, for its detail screen beside its issues, with the way to its
 * analytics; nothing at all while the site's web analytics is not connected (or the user may not read it).
 */
export function PageViewsPanel({
  siteSlug,
  pageId,
  analyticsHref,
}: {
  siteSlug: string
  pageId: string
  analyticsHref: string
}) {
  const interval = DEFAULT_ANALYTICS_INTERVAL
  const views = useViewsPerDay(siteSlug, interval, pageId)
  // not connected, or not this user's to see: the detail simply has no views
  if (isAnalyticsNotConnected(views.error) || isApiError(views.error, 403) || isApiError(views.error, 404))
    return null
  const { label, granularity } = ANALYTICS_INTERVALS[interval]
  return (
    <section className={styles.card} aria-labelledby="page-views-heading" aria-busy={views.isPending}>
      <h3 id="page-views-heading">{MESSAGES.analytics.pageViews}</h3>
      {views.data ? (
        <p className={styles.summary}>{describeViews(views.data, label, granularity)}</p>
      ) : views.isError ? (
        <ReportError error={views.error} />
      ) : (
        <p className={styles.summary}>Loading</p>
      )}
      <AppLink href={analyticsHref}>
        Page analytics<span className="visually-hidden">: views over time and by country</span>
      </AppLink>
    </section>
  )
}
