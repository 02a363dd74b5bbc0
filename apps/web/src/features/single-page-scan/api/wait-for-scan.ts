import {
  SCAN_SOCKET_EVENTS,
  ScanErrorEventSchema,
  type SinglePageScanAnswer,
  SinglePageScanAnswerSchema,
  WaitForScanAckSchema,
} from '@canopy/contracts'
import { queryOptions } from '@tanstack/react-query'
import { MESSAGES } from '@/config/messages'
import type { AppSocket } from '@/lib/socket'
import { singlePageScanQueryKeys } from './query-keys'

/** The wait ended without a result: the server's message when it sent one, else the spec's text. */
export class ScanFailedError extends Error {
  constructor(message?: string) {
    super(message && message.trim() !== '' ? message : MESSAGES.singlePageScan.loadError)
    this.name = 'ScanFailedError'
  }
}

/** The listeners of one wait on the shared socket, removed together when the wait ends. */
type WaitListeners = {
  connect: () => void
  response: (payload: unknown) => void
  error: (payload: unknown) => void
  lost: () => void
}

function removeWaitListeners(socket: AppSocket, listeners: WaitListeners) {
  socket.off('connect', listeners.connect)
  socket.off(SCAN_SOCKET_EVENTS.response, listeners.response)
  socket.off(SCAN_SOCKET_EVENTS.error, listeners.error)
  socket.off('connect_error', listeners.lost)
  socket.off('disconnect', listeners.lost)
}

/**
 * Emit waitForScan with the scan id and wait for scan-response or scan-error, on the session's
 * one socket (which stays open for everything else). A disconnect, a refused connection, no socket at all
 * or an abort ends the wait as a failure.
 */
export function waitForScan(socket: AppSocket | null, scanId: string, signal?: AbortSignal) {
  return new Promise<SinglePageScanAnswer>((resolve, reject) => {
    if (!socket || signal?.aborted) return reject(new ScanFailedError())
    const finish = (outcome: () => void) => {
      signal?.removeEventListener('abort', abort)
      removeWaitListeners(socket, listeners)
      outcome()
    }
    const fail = (message?: string) => finish(() => reject(new ScanFailedError(message)))
    const abort = () => fail()
    const listeners: WaitListeners = {
      connect: () =>
        socket.emit(SCAN_SOCKET_EVENTS.waitForScan, scanId, (ack) => {
          const parsed = WaitForScanAckSchema.safeParse(ack)
          if (parsed.success && !parsed.data.ok) fail(parsed.data.error)
        }),
      response: (payload) => {
        const answer = SinglePageScanAnswerSchema.safeParse(payload)
        if (!answer.success) return fail()
        if (answer.data.id !== scanId) return
        if (!answer.data.success || !answer.data.result) return fail(answer.data.message)
        finish(() => resolve(answer.data))
      },
      error: (payload) => {
        const error = ScanErrorEventSchema.safeParse(payload)
        if (error.success && error.data.id !== scanId) return
        fail(error.success ? error.data.message : undefined)
      },
      lost: () => fail(),
    }
    signal?.addEventListener('abort', abort)
    socket.on('connect', listeners.connect)
    socket.on(SCAN_SOCKET_EVENTS.response, listeners.response)
    socket.on(SCAN_SOCKET_EVENTS.error, listeners.error)
    socket.on('connect_error', listeners.lost)
    socket.on('disconnect', listeners.lost)
    if (socket.connected) listeners.connect()
  })
}

export const waitForScanQueryOptions = (socket: AppSocket | null, scanId: string) =>
  queryOptions({
    queryKey: singlePageScanQueryKeys.answer(scanId),
    queryFn: ({ signal }) => waitForScan(socket, scanId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
