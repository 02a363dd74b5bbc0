import { createSession, deleteSession, findActiveSessionWithUser, touchSession, type User } from '@canopy/db'
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { unauthorized } from '../../http-errors.js'
import { createSecretToken, hashToken } from '../../services/tokens.js'

export const SESSION_COOKIE = 'canopy_session'

/** lastSeenAt is informative; writing it on every request would turn each read into a write. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000

export interface SessionAuth {
  /** onRequest hook of the API routes: sets request.user from the session cookie */
  loadSession: onRequestAsyncHookHandler
  /** onRequest hook: 401 unless signed in */
  requireUser: onRequestAsyncHookHandler
  start(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>
  /** the user of a raw `Cookie` header (for Socket.IO handshakes), or null */
  findUserByCookieHeader(cookieHeader: string | undefined): Promise<User | null>
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionAuth
  }
  interface FastifyRequest {
    user: User | null
    sessionId: string | null
  }
}

/** The signed-in user of a request that passed `requireUser`. */
export function getSignedInUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized()
  return request.user
}

async function authPlugin(fastify: FastifyInstance) {
  const { prisma } = fastify
  const { cookieSecure, sessionTtlHours } = fastify.config
  const ttlMs = sessionTtlHours * 60 * 60 * 1000
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: cookieSecure } as const

  fastify.decorateRequest('user', null)
  fastify.decorateRequest('sessionId', null)

  async function findSession(token: string) {
    const id = hashToken(token)
    const session = await findActiveSessionWithUser(prisma, id)
    if (session && Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await touchSession(prisma, id)
    }
    return session
  }

  const sessions: SessionAuth = {
    async loadSession(request, reply) {
      const token = request.cookies[SESSION_COOKIE]
      if (!token) return
      const session = await findSession(token)
      if (!session) {
        // An expired or revoked session: drop the cookie so the browser stops sending it.
        reply.clearCookie(SESSION_COOKIE, cookieOptions)
        return
      }
      request.user = session.user
      request.sessionId = session.id
    },

    async requireUser(request) {
      if (!request.user) throw unauthorized()
    },

    async start(request, reply, userId) {
      const token = createSecretToken()
      const expiresAt = new Date(Date.now() + ttlMs)
      await createSession(prisma, {
        id: hashToken(token),
        userId,
        expiresAt,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        ip: request.ip,
      })
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt })
    },

    async end(request, reply) {
      if (request.sessionId) await deleteSession(prisma, request.sessionId)
      request.user = null
      request.sessionId = null
      reply.clearCookie(SESSION_COOKIE, cookieOptions)
    },

    async findUserByCookieHeader(cookieHeader) {
      if (!cookieHeader) return null
      const token = fastify.parseCookie(cookieHeader)[SESSION_COOKIE]
      if (!token) return null
      const session = await findSession(token)
      return session?.user ?? null
    },
  }

  fastify.decorate('sessions', sessions)
}

export default fp(authPlugin, { name: 'auth', dependencies: ['cookie', 'prisma'] })
