import { MASQUERADE_MESSAGES } from '@canopy/contracts'
import {
  type ActiveSession,
  createSession,
  deleteSession,
  findActiveSessionWithUser,
  setSessionMasquerade,
  touchSession,
  type User,
} from '@canopy/db'
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { forbidden, unauthorized } from '../../http-errors.js'
import { LookupCache } from '../../lib/lookup-cache.js'
import { createSecretToken, hashToken } from '../../services/tokens.js'

export const SESSION_COOKIE = 'canopy_session'

/** lastSeenAt is informative; writing it on every request would turn each read into a write. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000

/**
 * How long a session read from the database serves this process's requests without another lookup: long
 * enough that a page's burst of requests costs one lookup, short enough that a session revoked by another
 * process ends soon. Changes made through this process (sign-out, password reset) take effect at once.
 */
export const SESSION_CACHE_TTL_MS = 10_000
const SESSION_CACHE_MAX_ENTRIES = 10_000

export interface SessionAuth {
  /** onRequest hook of the API routes: sets request.user from the session cookie */
  loadSession: onRequestAsyncHookHandler
  /**
   * Makes the session act as `userId` (a staff member's masquerade), or as its own user again (null), from
   * this request on.
   */
  setMasquerade(request: FastifyRequest, userId: string | null): Promise<void>
  /** onRequest hook: 401 unless signed in */
  requireUser: onRequestAsyncHookHandler
  start(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>
  /** the session and user of a raw `Cookie` header (for Socket.IO handshakes), or null */
  findSessionByCookieHeader(
    cookieHeader: string | undefined,
  ): Promise<{ sessionId: string; user: User } | null>
  /**
   * Call after changing a user or ending their sessions outside `end` (password reset, account changes):
   * this process's next request of any of their sessions reads the database again.
   */
  forgetUser(userId: string): void
  /**
   * Call after ending every session of a user but `keptSessionId` outside `end` (password reset): what
   * listens for ended sessions (open sockets) lets them go.
   */
  endedOtherSessions(userId: string, keptSessionId: string | null): void
  /** `listener` hears of each ended session: by id (sign-out), or all of a user's but one (reset). */
  onSessionsEnded(listener: (ended: EndedSessions) => void): void
}

export type EndedSessions = { sessionId: string } | { userId: string; keptSessionId: string | null }

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionAuth
  }
  interface FastifyRequest {
    /** who the request acts as: the signed-in user, or the user a staff member masquerades as */
    user: User | null
    /** who signed in (the staff member while masquerading): the one audit records name */
    realUser: User | null
    sessionId: string | null
  }
  interface FastifyContextConfig {
    /** a sensitive action (password, tokens, deleting a site): refused (403) while masquerading */
    refusedWhileMasquerading?: boolean
  }
}

/** Whether a staff member is acting as someone else in this request. */
export function isMasquerading(request: FastifyRequest): boolean {
  return request.realUser !== null && request.user !== null && request.realUser.id !== request.user.id
}

/** The user who signed in (the staff member while masquerading). */
export function getRealUser(request: FastifyRequest): User {
  if (!request.realUser) throw unauthorized()
  return request.realUser
}

/** The signed-in user of a request that passed `requireUser`. */
export function getSignedInUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized()
  return request.user
}

/** A route declaring refusedWhileMasquerading answers 403 to a staff member acting as someone else. */
async function refuseSensitiveWhileMasquerading(request: FastifyRequest) {
  if (request.routeOptions.config?.refusedWhileMasquerading && isMasquerading(request)) {
    throw forbidden(MASQUERADE_MESSAGES.refused)
  }
}

/** Who hears of ended sessions (open sockets), told by sign-out and password reset. */
function endedSessionsBus() {
  const listeners: ((ended: EndedSessions) => void)[] = []
  return {
    announce(ended: EndedSessions) {
      for (const listener of listeners) listener(ended)
    },
    listen(listener: (ended: EndedSessions) => void) {
      listeners.push(listener)
    },
  }
}

/** Sessions by cookie token, through this process's short-lived cache (see SESSION_CACHE_TTL_MS). */
function sessionLookup(prisma: FastifyInstance['prisma']) {
  const cache = new LookupCache<ActiveSession>({
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_MAX_ENTRIES,
  })

  async function findSession(token: string): Promise<ActiveSession | null> {
    const id = hashToken(token)
    const session = await cache.getOrLoad(id, () => findActiveSessionWithUser(prisma, id))
    if (session && Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      // Set first: the cached copy is shared, so concurrent requests do not touch it again.
      session.lastSeenAt = new Date()
      await touchSession(prisma, id, session.lastSeenAt)
    }
    return session
  }
  return { cache, findSession }
}

async function authPlugin(fastify: FastifyInstance) {
  const { prisma } = fastify
  const { cookieSecure, sessionTtlHours } = fastify.config
  const ttlMs = sessionTtlHours * 60 * 60 * 1000
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: cookieSecure } as const

  fastify.decorateRequest('user', null)
  fastify.decorateRequest('realUser', null)
  fastify.decorateRequest('sessionId', null)
  // preValidation: after the session is read (the routes' onRequest hooks), before the body is looked at.
  fastify.addHook('preValidation', refuseSensitiveWhileMasquerading)

  const { cache, findSession } = sessionLookup(prisma)
  const ended = endedSessionsBus()

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
      request.realUser = session.user
      request.user = session.masqueradeAs ?? session.user
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

    async setMasquerade(request, userId) {
      if (!request.sessionId) throw unauthorized()
      await setSessionMasquerade(prisma, request.sessionId, userId)
      cache.forget(request.sessionId)
    },

    async end(request, reply) {
      if (request.sessionId) {
        await deleteSession(prisma, request.sessionId)
        cache.forget(request.sessionId)
        ended.announce({ sessionId: request.sessionId })
      }
      request.user = null
      request.realUser = null
      request.sessionId = null
      reply.clearCookie(SESSION_COOKIE, cookieOptions)
    },

    async findSessionByCookieHeader(cookieHeader) {
      if (!cookieHeader) return null
      const token = fastify.parseCookie(cookieHeader)[SESSION_COOKIE]
      if (!token) return null
      const session = await findSession(token)
      return session ? { sessionId: session.id, user: session.masqueradeAs ?? session.user } : null
    },

    forgetUser(userId) {
      cache.forgetUser(userId)
    },

    endedOtherSessions(userId, keptSessionId) {
      cache.forgetUser(userId)
      ended.announce({ userId, keptSessionId })
    },

    onSessionsEnded: ended.listen,
  }

  fastify.decorate('sessions', sessions)
}

export default fp(authPlugin, { name: 'auth', dependencies: ['cookie', 'prisma'] })
