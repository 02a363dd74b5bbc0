import { type UptimePeriod, UptimeResponseSchema } from '@canopy/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { requestApi } from '@/lib/api-client'

/** A check lands every few minutes: the screen re-reads once a minute while it is open. */
const UPTIME_REFRESH_MS = 60_000

/** GET /api/v1/sites/:slug/performance/uptime?period= */
export const uptimePath = (siteSlug: string) =>
  `/api/v1/sites/${encodeURIComponent(siteSlug)}/performance/uptime`

export const getUptimeQueryOptions = (siteSlug: string, period: UptimePeriod) =>
  queryOptions({
    queryKey: ['sites', 'detail', siteSlug, 'uptime', period] as const,
    queryFn: ({ signal }) =>
      requestApi(uptimePath(siteSlug), { params: { period }, schema: UptimeResponseSchema, signal }),
    staleTime: UPTIME_REFRESH_MS,
    refetchInterval: UPTIME_REFRESH_MS,
    // Switching the period keeps the previous answer on screen until the new one arrives.
    placeholderData: keepPreviousData,
  })

export function useUptime(siteSlug: string, period: UptimePeriod) {
  return useQuery(getUptimeQueryOptions(siteSlug, period))
}
