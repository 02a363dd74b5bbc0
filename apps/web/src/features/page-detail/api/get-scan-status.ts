import { ScanStatusSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import { TIMING } from '@/config/constants'
import { requestApi } from '@/lib/api-client'

const isUnderWay = (state: string | undefined) =>
  state === undefined || state === 'queued' || state === 'running'

/** GET /api/v1/sites/:slug/scans/:scanId: the state of the page's rescan, asked again every 10 s until it ends. */
export function useScanStatus(siteSlug: string, scanId: string | undefined) {
  return useQuery({
    queryKey: ['sites', 'detail', siteSlug, 'scans', scanId] as const,
    queryFn: ({ signal }) =>
      requestApi(`/api/v1/sites/${encodeURIComponent(siteSlug)}/scans/${encodeURIComponent(scanId ?? '')}`, {
        schema: ScanStatusSchema,
        signal,
      }),
    enabled: Boolean(scanId),
    refetchInterval: (query) => (isUnderWay(query.state.data?.state) ? TIMING.scanProgressPollMs : false),
  })
}
