import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SiteRoomAck,
  SiteRoomRequestSchema,
  SOCKET_IO_PATH,
  SOCKET_UNAUTHORIZED_MESSAGE,
  siteRoomName,
  userRoomName,
} from '@canopy/contracts'
import { listSiteIdsVisibleToUser } from '@canopy/db'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Server, type Socket } from 'socket.io'
import { isFromOwnPages } from '../../lib/request-origin.js'
import type { EndedSessions } from './auth.js'
import { SITE_NOT_FOUND_MESSAGE } from './site-access.js'

export interface SocketData {
  userId: string
  /** the session the socket signed in with: signing out of it closes the socket */
  sessionId: string
}

export type SocketServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>
export type ServerSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>

declare module 'fastify' {
  interface FastifyInstance {
    io: SocketServer
  }
}

type RoomAction = 'join' | 'leave'

async function disconnectEndedSessions(io: SocketServer, ended: EndedSessions) {
  const userId = 'sessionId' in ended ? null : ended.userId
  const sockets = await (userId ? io.in(userRoomName(userId)) : io).fetchSockets()
  for (const socket of sockets) {
    const isEnded =
      'sessionId' in ended
        ? socket.data.sessionId === ended.sessionId
        : socket.data.sessionId !== ended.keptSessionId
    if (isEnded) socket.disconnect(true)
  }
}

/**
 * Socket.IO on the API's own HTTP server. Scan progress is published to the rooms of the scan, its site and
 * (single-page scans) its requester; a socket gets into a site's room only through the same access check
 * the site routes use.
 */
async function socketIoPlugin(fastify: FastifyInstance) {
  const io: SocketServer = new Server(fastify.server, {
    path: SOCKET_IO_PATH,
    serveClient: false,
    // A handshake from another site's page is refused before it can use the visitor's cookie.
    allowRequest: (request, callback) =>
      callback(null, isFromOwnPages(request.headers, fastify.config.publicUrl)),
  })
  // Engine.IO answers its long-polling requests itself, past helmet: its text is never to be read as HTML.
  io.engine.on('headers', (headers: Record<string, string>) => {
    headers['X-Content-Type-Options'] = 'nosniff'
  })

  io.use(async (socket, next) => {
    try {
      const session = await fastify.sessions.findSessionByCookieHeader(socket.request.headers.cookie)
      if (!session) return next(new Error(SOCKET_UNAUTHORIZED_MESSAGE))
      socket.data.userId = session.user.id
      socket.data.sessionId = session.sessionId
      await joinOwnRooms(socket, session.user.id)
      next()
    } catch (error) {
      fastify.log.error({ err: error }, 'socket authentication failed')
      next(new Error(SOCKET_UNAUTHORIZED_MESSAGE))
    }
  })

  /**
   * Before the connection is accepted the socket is in its user's room (single-page scans they asked for)
   * and in the room of every site they may see, so scan progress reaches it without asking; site:join
   * covers a site shared with them later.
   */
  async function joinOwnRooms(socket: ServerSocket, userId: string) {
    const siteIds = await listSiteIdsVisibleToUser(fastify.prisma, userId)
    await socket.join([userRoomName(userId), ...siteIds.map(siteRoomName)])
  }

  async function changeSiteRoom(
    socket: ServerSocket,
    action: RoomAction,
    payload: unknown,
  ): Promise<SiteRoomAck> {
    const request = SiteRoomRequestSchema.safeParse(payload)
    if (!request.success) return { ok: false, error: 'slug: a site slug is required.' }
    try {
      const access = await fastify.siteAccess.resolve(socket.data.userId, request.data.slug)
      const room = siteRoomName(access.siteId)
      if (action === 'join') await socket.join(room)
      else await socket.leave(room)
      return { ok: true }
    } catch {
      return { ok: false, error: SITE_NOT_FOUND_MESSAGE }
    }
  }

  io.on('connection', (socket) => {
    for (const action of ['join', 'leave'] as const) {
      socket.on(`site:${action}`, (payload, ack) => {
        changeSiteRoom(socket, action, payload).then((answer) => {
          if (typeof ack === 'function') ack(answer)
        })
      })
    }
  })

  // A socket lives no longer than its session: signing out (or a password reset) closes it.
  fastify.sessions.onSessionsEnded((ended) => {
    disconnectEndedSessions(io, ended).catch((error: unknown) =>
      fastify.log.error({ err: error }, 'closing the sockets of an ended session failed'),
    )
  })

  fastify.decorate('io', io)
  // Open sockets would keep the HTTP server from closing, so they go first.
  fastify.addHook('preClose', async () => {
    io.disconnectSockets(true)
    io.engine.close()
  })
}

export default fp(socketIoPlugin, { name: 'socket-io', dependencies: ['prisma', 'auth', 'site-access'] })
