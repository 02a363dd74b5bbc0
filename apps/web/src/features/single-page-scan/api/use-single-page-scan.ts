import type { SinglePageScanRequest, SinglePageScanResult } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import { MESSAGES } from '@/config/messages'
import { useSocket } from '@/lib/socket'
import { startSinglePageScanQueryOptions } from './start-single-page-scan'
import { waitForScanQueryOptions } from './wait-for-scan'

export type SinglePageScanState =
  | { status: 'scanning'; scanId: string | undefined }
  | { status: 'done'; scanId: string; result: SinglePageScanResult }
  | { status: 'error'; message: string }

/** The whole single page scan: the request, then (when it answers an id) the wait over the socket. */
export function useSinglePageScan(request: SinglePageScanRequest): SinglePageScanState {
  const socket = useSocket()
  const start = useQuery(startSinglePageScanQueryOptions(request))
  const immediate = start.data?.result
  const scanId = start.data?.id ?? immediate?.id
  const wait = useQuery({
    ...waitForScanQueryOptions(socket, scanId ?? ''),
    enabled: Boolean(scanId) && !immediate,
  })
  const failed = (message?: string) => ({
    status: 'error' as const,
    message: message?.trim() ? message : MESSAGES.singlePageScan.loadError,
  })
  if (start.isError) return failed(start.error.message)
  if (wait.isError) return failed(wait.error.message)
  if (start.data && !scanId) return failed()
  const answer = immediate ?? wait.data
  if (answer) {
    if (!answer.success || !answer.result) return failed(answer.message)
    return { status: 'done', scanId: answer.id, result: answer.result }
  }
  return { status: 'scanning', scanId }
}
