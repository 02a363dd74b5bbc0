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
import { bearerTokenOf, type EndedSessions } from './auth.js'
import { SITE_NOT_FOUND_MESSAGE } from './site-access.js'

export interface SocketData {
  userId: string
  /** the session the socket signed in with (null: an API token): signing out of it closes the socket */
  sessionId: string | null
  /** the API token the socket connected with (null: a session): revoking it closes the socket */
  apiTokenId: string | null
  /** the sites an API token is limited to; null: every site the user sees */
  tokenSiteIds: string[] | null
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

/** Whether the socket belongs to what ended: its session, its user's other sessions, or its API token. */
function isEndedBy(socket: { data: SocketData }, ended: EndedSessions): boolean {
  if ('apiTokenId' in ended) return socket.data.apiTokenId === ended.apiTokenId
  // API tokens outlive sessions: signing out or resetting the password leaves them (and their sockets) be.
  if (socket.data.sessionId === null) return false
  if ('sessionId' in ended) return socket.data.sessionId === ended.sessionId
  return socket.data.userId === ended.userId && socket.data.sessionId !== ended.keptSessionId
}

async function disconnectEndedSessions(io: SocketServer, ended: EndedSessions) {
  const sockets = await io.fetchSockets()
  for (const socket of sockets) if (isEndedBy(socket, ended)) socket.disconnect(true)
}

/** Whether the socket may follow the site: an API token limited to some sites covers only those. */
export function socketMaySeeSite(socket: { data: SocketData }, siteId: string): boolean {
  return socket.data.tokenSiteIds === null || socket.data.tokenSiteIds.includes(siteId)
}

/** The API token a handshake carries: Socket.IO's `auth: { token }`, or an `Authorization: Bearer` header. */
function handshakeTokenOf(socket: ServerSocket): string | undefined {
  const auth: unknown = socket.handshake.auth
  const token = typeof auth === 'object' && auth !== null ? (auth as { token?: unknown }).token : undefined
  if (typeof token === 'string' && token !== '') return token
  return bearerTokenOf(socket.request.headers.authorization)
}

/** setTimeout takes at most 2^31 - 1 ms (24.8 days); a longer wait would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1

/**
 * Signs the socket in with the API token it carries (a program: the CLI, a CI job), else with the
 * session cookie (the web app). A token's socket closes when the token expires or is revoked, any socket
 * when its account expires.
 */
async function authenticate(fastify: FastifyInstance, socket: ServerSocket): Promise<boolean> {
  const token = handshakeTokenOf(socket)
  if (token !== undefined) {
    const found = await fastify.sessions.findApiToken(token)
    if (!found) return false
    socket.data = {
      userId: found.user.id,
      sessionId: null,
      apiTokenId: found.apiToken.id,
      tokenSiteIds: found.apiToken.siteIds,
    }
    closeAtExpiry(socket, earliest(found.apiToken.expiresAt, found.user.accountExpiry))
    return true
  }
  const session = await fastify.sessions.findSessionByCookieHeader(socket.request.headers.cookie)
  if (!session) return false
  socket.data = {
    userId: session.user.id,
    sessionId: session.sessionId,
    apiTokenId: null,
    tokenSiteIds: null,
  }
  if (session.user.accountExpiry) closeAtExpiry(socket, session.user.accountExpiry)
  return true
}

/** The earlier of a token's expiry and its account's (null: the account does not expire). */
function earliest(tokenExpiry: Date, accountExpiry: Date | null): Date {
  return accountExpiry && accountExpiry < tokenExpiry ? accountExpiry : tokenExpiry
}

function closeAtExpiry(socket: ServerSocket, expiresAt: Date) {
  const remainingMs = expiresAt.getTime() - Date.now()
  if (remainingMs > LONGEST_TIMER_MS) return
  const timer = setTimeout(() => socket.disconnect(true), remainingMs)
  socket.once('disconnect', () => clearTimeout(timer))
}

/**
 * Before the connection is accepted the socket is in its user's room (single-page scans they asked for)
 * and in the room of every site they may see, so scan progress reaches it without asking; site:join
 * covers a site shared with them later. A token limited to some sites joins only those sites' rooms, and
 * not the user's room (whose single-page scans may be of any site).
 */
async function joinOwnRooms(fastify: FastifyInstance, socket: ServerSocket) {
  const { userId, tokenSiteIds } = socket.data
  const siteIds = (await listSiteIdsVisibleToUser(fastify.prisma, userId)).filter((siteId) =>
    socketMaySeeSite(socket, siteId),
  )
  const userRoom = tokenSiteIds === null ? [userRoomName(userId)] : []
  await socket.join([...userRoom, ...siteIds.map(siteRoomName)])
}

async function changeSiteRoom(
  fastify: FastifyInstance,
  socket: ServerSocket,
  action: RoomAction,
  payload: unknown,
): Promise<SiteRoomAck> {
  const request = SiteRoomRequestSchema.safeParse(payload)
  if (!request.success) return { ok: false, error: 'slug: a site slug is required.' }
  try {
    const access = await fastify.siteAccess.resolve(socket.data.userId, request.data.slug)
    if (!socketMaySeeSite(socket, access.siteId)) return { ok: false, error: SITE_NOT_FOUND_MESSAGE }
    const room = siteRoomName(access.siteId)
    if (action === 'join') await socket.join(room)
    else await socket.leave(room)
    return { ok: true }
  } catch {
    return { ok: false, error: SITE_NOT_FOUND_MESSAGE }
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
      const signedIn = await authenticate(fastify, socket)
      if (!signedIn) return next(new Error(SOCKET_UNAUTHORIZED_MESSAGE))
      await joinOwnRooms(fastify, socket)
      next()
    } catch (error) {
      fastify.log.error({ err: error }, 'socket authentication failed')
      next(new Error(SOCKET_UNAUTHORIZED_MESSAGE))
    }
  })

  io.on('connection', (socket) => {
    for (const action of ['join', 'leave'] as const) {
      socket.on(`site:${action}`, (payload, ack) => {
        changeSiteRoom(fastify, socket, action, payload).then((answer) => {
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
