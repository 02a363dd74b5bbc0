import {
  type ClientToServerEvents,
  SCAN_SOCKET_EVENTS,
  ScanErrorEventSchema,
  type ServerToClientEvents,
  type SinglePageScanAnswer,
  SinglePageScanAnswerSchema,
  SOCKET_IO_PATH,
  WaitForScanAckSchema,
} from '@canopy/contracts'
import { queryOptions } from '@tanstack/react-query'
import { createContext, useContext } from 'react'
import { io, type Socket } from 'socket.io-client'
import { API_BASE } from '@/config/env'
import { MESSAGES } from '@/config/messages'
import { singlePageScanQueryKeys } from './query-keys'

export type ScanSocket = Socket<ServerToClientEvents, ClientToServerEvents>

/** The API's Socket.IO endpoint with the session cookie; a context so tests can point it at their server. */
export function connectScanSocket(): ScanSocket {
  return io(API_BASE || window.location.origin, { path: SOCKET_IO_PATH, withCredentials: true })
}

export const ScanSocketContext = createContext<() => ScanSocket>(connectScanSocket)

export function useConnectScanSocket() {
  return useContext(ScanSocketContext)
}

/** The wait ended without a result: the server's message when it sent one, else the spec's text. */
export class ScanFailedError extends Error {
  constructor(message?: string) {
    super(message && message.trim() !== '' ? message : MESSAGES.singlePageScan.loadError)
    this.name = 'ScanFailedError'
  }
}

/**
 * Emit waitForScan and wait for scan-response or scan-error. A disconnect, a refused connection
 * or an abort ends the wait as a failure.
 */
export function waitForScan(connect: () => ScanSocket, scanId: string, signal?: AbortSignal) {
  return new Promise<SinglePageScanAnswer>((resolve, reject) => {
    const socket = connect()
    const finish = (outcome: () => void) => {
      signal?.removeEventListener('abort', abort)
      socket.removeAllListeners()
      socket.disconnect()
      outcome()
    }
    const fail = (message?: string) => finish(() => reject(new ScanFailedError(message)))
    const abort = () => fail()
    if (signal?.aborted) return fail()
    signal?.addEventListener('abort', abort)

    socket.on('connect', () => {
      socket.emit(SCAN_SOCKET_EVENTS.waitForScan, { id: scanId }, (ack) => {
        const parsed = WaitForScanAckSchema.safeParse(ack)
        if (parsed.success && !parsed.data.ok) fail(parsed.data.error)
      })
    })
    socket.on(SCAN_SOCKET_EVENTS.response, (payload) => {
      const answer = SinglePageScanAnswerSchema.safeParse(payload)
      if (!answer.success) return fail()
      if (answer.data.id !== scanId) return
      if (!answer.data.success || !answer.data.result) return fail(answer.data.message)
      finish(() => resolve(answer.data))
    })
    socket.on(SCAN_SOCKET_EVENTS.error, (payload) => {
      const error = ScanErrorEventSchema.safeParse(payload)
      if (error.success && error.data.id !== scanId) return
      fail(error.success ? error.data.message : undefined)
    })
    socket.on('connect_error', () => fail())
    socket.on('disconnect', () => fail())
  })
}

export const waitForScanQueryOptions = (connect: () => ScanSocket, scanId: string) =>
  queryOptions({
    queryKey: singlePageScanQueryKeys.answer(scanId),
    queryFn: ({ signal }) => waitForScan(connect, scanId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
