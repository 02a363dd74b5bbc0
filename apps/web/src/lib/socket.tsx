import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SiteRoomRequest,
  SOCKET_IO_PATH,
} from '@canopy/contracts'
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react'
import { io, type Socket } from 'socket.io-client'
import { API_BASE } from '@/config/env'

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>

/** The API's Socket.IO endpoint with the session cookie; it connects when the provider mounts. */
export function createAppSocket(): AppSocket {
  return io(API_BASE || window.location.origin, {
    path: SOCKET_IO_PATH,
    withCredentials: true,
    autoConnect: false,
  })
}

const SocketContext = createContext<AppSocket | null>(null)

/**
 * One connection for the whole signed-in session, shared by every live feature (scan progress, the single
 * page scan's wait). It opens when the provider mounts and closes when it unmounts (sign-out).
 */
export function SocketProvider({ socket, children }: { socket?: AppSocket; children: ReactNode }) {
  const [shared] = useState(() => socket ?? createAppSocket())
  useEffect(() => {
    shared.connect()
    return () => {
      shared.disconnect()
    }
  }, [shared])
  return <SocketContext.Provider value={shared}>{children}</SocketContext.Provider>
}

/** The session's socket; null outside the provider, where live updates are off and polling takes over. */
export function useSocket(): AppSocket | null {
  return useContext(SocketContext)
}

/** Whether the socket is connected now; re-renders on connect and disconnect. */
export function useSocketConnected(socket: AppSocket | null): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!socket) return () => {}
      socket.on('connect', onChange)
      socket.on('disconnect', onChange)
      return () => {
        socket.off('connect', onChange)
        socket.off('disconnect', onChange)
      }
    },
    [socket],
  )
  return useSyncExternalStore(
    subscribe,
    () => socket?.connected ?? false,
    () => false,
  )
}

/** The site rooms each socket has asked for; the server forgets them on reconnect, so they are re-joined. */
const joinedRooms = new WeakMap<AppSocket, Set<string>>()

function emitJoin(socket: AppSocket, slug: string) {
  const request: SiteRoomRequest = { slug }
  socket.emit('site:join', request, () => {})
}

/**
 * Puts the socket in the rooms of these sites (scan-progress of their scans reaches it). Rooms are kept for
 * the session: a visited site's scans stay live in the header, and no leave can race a later join.
 */
export function joinSiteRooms(socket: AppSocket, slugs: readonly string[]): void {
  let rooms = joinedRooms.get(socket)
  if (!rooms) {
    const created = new Set<string>()
    rooms = created
    joinedRooms.set(socket, created)
    socket.on('connect', () => {
      for (const slug of created) emitJoin(socket, slug)
    })
  }
  for (const slug of slugs) {
    if (rooms.has(slug)) continue
    rooms.add(slug)
    if (socket.connected) emitJoin(socket, slug)
  }
}
