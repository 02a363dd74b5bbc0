import { ANALYTICS_NOT_CONNECTED_MESSAGE } from '@canopy/contracts'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { AppLink } from '@/components/ui/app-link'
import { NoticePanel, PageLoader, StatusMessage } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'
import { type ApiError, isApiError } from '@/lib/api-client'
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
}: {
  /** the integrations settings, for those who may change them */
  integrationsHref: string | null
}) {
  return (
    <NoticePanel icon="info" title="Web analytics is not connected">
      <p>{ANALYTICS_NOT_CONNECTED_MESSAGE}</p>
      {integrationsHref ? <AppLink href={integrationsHref}>Go to Settings, Integrations</AppLink> : null}
    </NoticePanel>
  )
}

/**
 * A failed report: the shared title, and what the API said when it says why (the property's service failed,
 * no OAuth client on this server), else the shared advice.
 */
export function ReportError({ error }: { error: unknown }) {
  const reason = isApiError(error) && error.statusCode >= 500 && hasOwnMessage(error) ? error.message : null
  return (
    <StatusMessage title={MESSAGES.detailError.title}>{reason ?? MESSAGES.detailError.body}</StatusMessage>
  )
}

function hasOwnMessage(error: ApiError): boolean {
  const body = error.data as { message?: unknown } | null
  return typeof body?.message === 'string' && body.message.trim() !== ''
}

/** A report's card body: loading, the error of a report that failed, or the report. */
export function ReportState<T>({
  query,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isError' | 'error'>
  children: (data: T) => ReactNode
}) {
  if (query.isError && query.data === undefined) {
    return <ReportError error={query.error} />
  }
  if (query.data === undefined) return <PageLoader />
  return <>{children(query.data)}</>
}
