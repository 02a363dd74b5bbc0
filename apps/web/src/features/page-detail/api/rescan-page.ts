import { SCAN_MESSAGES, StartScanResponseSchema } from '@canopy/contracts'
import { useMutation } from '@tanstack/react-query'
import { showToast } from '@/components/ui/toast'
import { isApiError, requestApi } from '@/lib/api-client'

export type RescanPageInput = { uri: string; pageTitle?: string }

/** POST /api/v1/sites/:slug/scans {uri, pageTitle}: adds the page to the site's scans (site admins). */
export function rescanPage(siteSlug: string, input: RescanPageInput) {
  return requestApi(`/api/v1/sites/${encodeURIComponent(siteSlug)}/scans`, {
    method: 'POST',
    body: input,
    schema: StartScanResponseSchema,
  })
}

/**
 * The Rescan page control's request: a toast says the page is queued, or why it is not (a scan already
 * queued or running answers 409, an address outside the site 400, each with its own message; a server or
 * network failure gets the generic one).
 */
export function useRescanPage(siteSlug: string) {
  return useMutation({
    mutationFn: (input: RescanPageInput) => rescanPage(siteSlug, input),
    onSuccess: () => showToast(SCAN_MESSAGES.pageScanQueued),
    onError: (error) => showToast(isApiError(error, 409) ? error.message : SCAN_MESSAGES.notQueued, 'error'),
  })
}
