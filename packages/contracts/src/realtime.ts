import { z } from 'zod'
import type {
  ScanErrorEvent,
  ScanProgressEvent,
  SinglePageScanAnswer,
  WaitForScanAck,
  WaitForScanRequest,
} from './scans.js'

/**
 * Socket.IO at /socket.io on the API's port. A socket is accepted only with a valid session cookie;
 * it then asks to join the room of a site it may see (the same access check as the HTTP routes).
 */
export const SOCKET_IO_PATH = '/socket.io'
export const SOCKET_UNAUTHORIZED_MESSAGE = 'unauthorized'

export const SiteRoomRequestSchema = z.object({ slug: z.string().min(1).max(200) })
export type SiteRoomRequest = z.infer<typeof SiteRoomRequestSchema>

export const SiteRoomAckSchema = z.object({ ok: z.boolean(), error: z.string().optional() })
export type SiteRoomAck = z.infer<typeof SiteRoomAckSchema>

export function siteRoomName(siteId: string): string {
  return `site:${siteId}`
}

/** Every socket of a user joins this room on connecting (single-page scans they asked for report here). */
export function userRoomName(userId: string): string {
  return `user:${userId}`
}

export interface ClientToServerEvents {
  'site:join': (request: SiteRoomRequest, ack: (answer: SiteRoomAck) => void) => void
  'site:leave': (request: SiteRoomRequest, ack: (answer: SiteRoomAck) => void) => void
  /** join the room of a scan the user asked for or whose site they may see (single-page scans) */
  waitForScan: (request: WaitForScanRequest, ack?: (answer: WaitForScanAck) => void) => void
}

export interface ServerToClientEvents {
  'scan-response': (answer: SinglePageScanAnswer) => void
  'scan-error': (error: ScanErrorEvent) => void
  'scan-progress': (progress: ScanProgressEvent) => void
}
