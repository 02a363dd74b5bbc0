import { AlertsResponseSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'
import { dashboardQueryKeys } from './query-keys'

/** GET /api/v1/alerts?site=: the alerts for every site plus those of this one. */
export function getAlerts(siteSlug: string, signal?: AbortSignal) {
  return requestApi('/api/v1/alerts', { params: { site: siteSlug }, schema: AlertsResponseSchema, signal })
}

export const getAlertsQueryOptions = (siteSlug: string) =>
  queryOptions({
    queryKey: dashboardQueryKeys.alerts(siteSlug),
    queryFn: ({ signal }) => getAlerts(siteSlug, signal),
    staleTime: 15 * 60_000,
  })

export function useAlerts(siteSlug: string) {
  return useQuery(getAlertsQueryOptions(siteSlug))
}
