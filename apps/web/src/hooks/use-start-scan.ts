import { SCAN_MESSAGES, StartScanResponseSchema } from '@canopy/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { showToast } from '@/components/ui/toast'
import { isApiError, requestApi } from '@/lib/api-client'
import { liveScanQueryKeys } from '@/lib/live-scans'

/** What to scan: the whole site, one section of it, or one page (added to the site when it is new). */
export type ScanRequest =
  | { kind: 'site' }
  | { kind: 'section'; sectionId: string }
  | { kind: 'page'; uri: string; pageTitle?: string }

/** The toast once the scan is queued (a section's text is the spec's 'Section is re-scanning'). */
const QUEUED_MESSAGES: Record<ScanRequest['kind'], string> = {
  site: SCAN_MESSAGES.siteScanQueued,
  section: SCAN_MESSAGES.sectionRescanning,
  page: SCAN_MESSAGES.pageScanQueued,
}

/** A 409 without a message of its own still says why: a scan of the same scope is under way. */
const BUSY_MESSAGES: Record<ScanRequest['kind'], string> = {
  site: SCAN_MESSAGES.siteScanActive,
  section: SCAN_MESSAGES.sectionScanActive,
  page: SCAN_MESSAGES.siteScanActive,
}

const StartScanAnswerSchema = StartScanResponseSchema.nullable()

/** POST /sites/:slug/scan, /sites/:slug/sections/:sectionId/scan or /sites/:slug/scans {uri, pageTitle}. */
export function requestScan(siteSlug: string, request: ScanRequest) {
  const site = `/api/v1/sites/${encodeURIComponent(siteSlug)}`
  if (request.kind === 'site')
    return requestApi(`${site}/scan`, { method: 'POST', schema: StartScanAnswerSchema })
  if (request.kind === 'section') {
    return requestApi(`${site}/sections/${encodeURIComponent(request.sectionId)}/scan`, {
      method: 'POST',
      schema: StartScanAnswerSchema,
    })
  }
  return requestApi(`${site}/scans`, {
    method: 'POST',
    body: { uri: request.uri, ...(request.pageTitle ? { pageTitle: request.pageTitle } : {}) },
    schema: StartScanAnswerSchema,
  })
}

/** The words for a refused start: the server's message (409 names the scan under way), else the default. */
export function describeScanError(error: unknown, request: ScanRequest): string {
  if (isApiError(error, 409)) {
    const body = error.data as { message?: unknown } | null
    return typeof body?.message === 'string' && body.message.trim() !== ''
      ? body.message
      : BUSY_MESSAGES[request.kind]
  }
  return error instanceof Error ? error.message : SCAN_MESSAGES.notQueued
}

/**
 * Starts a scan of the site, a section or a page, and says so in a toast: queued, or why not (a 409 while
 * a scan of the same scope is queued or running). Either way the site's scan status, the active scans and
 * the site lists are fetched again, so every control and the header show the scan at once.
 */
export function useStartScan(siteSlug: string) {
  const queryClient = useQueryClient()
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: liveScanQueryKeys.siteStatus(siteSlug), exact: true })
    void queryClient.invalidateQueries({ queryKey: liveScanQueryKeys.active(), exact: true })
    void queryClient.invalidateQueries({ queryKey: liveScanQueryKeys.siteLists() })
  }
  return useMutation({
    mutationFn: (request: ScanRequest) => requestScan(siteSlug, request),
    onSuccess: (_answer, request) => {
      showToast(QUEUED_MESSAGES[request.kind])
      refresh()
    },
    onError: (error, request) => {
      showToast(describeScanError(error, request), 'error')
      refresh()
    },
  })
}
