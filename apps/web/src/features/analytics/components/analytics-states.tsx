import { ANALYTICS_NOT_CONNECTED_MESSAGE } from '@canopy/contracts'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { AppLink } from '@/components/ui/app-link'
import { NoticePanel, PageLoader, StatusMessage } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'
import { isAnalyticsNotConnected } from '../api/analytics-paths'

/** Whether any of the screen's reports answered that the site's web analytics is not connected. */
export function anyNotConnected(queries: readonly Pick<UseQueryResult, 'error'>[]): boolean {
  return queries.some((query) => isAnalyticsNotConnected(query.error))
}

/**
 * The screen's state while web analytics is not connected or not enabled: says so, and gives site
 * administrators the way to Settings, Integrations.
 */
export function AnalyticsNotConnected({
  integrationsHref,
  headingLevel = 2,
}: {
  /** the integrations settings, for those who may change them */
  integrationsHref: string | null
  headingLevel?: 1 | 2
}) {
  return (
    <NoticePanel icon="info" title="Web analytics is not connected" headingLevel={headingLevel}>
      <p>{ANALYTICS_NOT_CONNECTED_MESSAGE}</p>
      {integrationsHref ? <AppLink href={integrationsHref}>Go to Settings, Integrations</AppLink> : null}
    </NoticePanel>
  )
}

/** A report's card body: loading, the error of a report that failed, or the report. */
export function ReportState<T>({
  query,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isError'>
  children: (data: T) => ReactNode
}) {
  if (query.isError && query.data === undefined) {
    return <StatusMessage title={MESSAGES.detailError.title}>{MESSAGES.detailError.body}</StatusMessage>
  }
  if (query.data === undefined) return <PageLoader />
  return <>{children(query.data)}</>
}
