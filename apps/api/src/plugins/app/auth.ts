import { MASQUERADE_MESSAGES, PROFILE_MESSAGES } from '@canopy/contracts'
import {
  type ActiveApiToken,
  type ActiveSession,
  createSession,
  deleteSession,
  findActiveApiToken,
  findActiveSessionWithUser,
  isAccountExpired,
  setSessionMasquerade,
  touchApiToken,
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
  /**
   * onRequest hook of the API routes: sets request.user from an `Authorization: Bearer` API token when the
   * request carries one (the cookie is then ignored), else from the session cookie
   */
  loadSession: onRequestAsyncHookHandler
  /** onRequest hook of routes only a signed-in browser may use (password, sessions, tokens): 403 for a token */
  requireSessionCookie: onRequestAsyncHookHandler
  /** Call after revoking an API token: this process refuses it at once. */
  forgetApiToken(tokenId: string): void
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
  /** the API token and its user (for Socket.IO handshakes made with a token), or null when unknown or expired */
  findApiToken(token: string): Promise<{ apiToken: ActiveApiToken; user: User } | null>
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
  /**
   * `listener` hears of each ended session: by id (sign-out), all of a user's but one (reset), or an API
   * token revoked.
   */
  onSessionsEnded(listener: (ended: EndedSessions) => void): void
}

export type EndedSessions =
  | { sessionId: string }
  | { userId: string; keptSessionId: string | null }
  | { apiTokenId: string }

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
    /** the API token the request was made with (its access and sites cap the user's), else null */
    apiToken: ActiveApiToken | null
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

/** The token of an `Authorization: Bearer <token>` header; undefined without one. */
export function bearerTokenOf(authorization: string | undefined): string | undefined {
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i)
  return match?.[1]
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

async function requireUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized()
}

async function requireSessionCookie(request: FastifyRequest) {
  if (request.apiToken) throw forbidden(PROFILE_MESSAGES.tokensNotAllowed)
  if (!request.user) throw unauthorized()
}

/** Sessions by the cookie token's hash, remembered SESSION_CACHE_TTL_MS; lastSeenAt touched now and then. */
function sessionLookup(prisma: FastifyInstance['prisma']) {
  const cache = new LookupCache<ActiveSession>({
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_MAX_ENTRIES,
  })
  return {
    async find(token: string): Promise<ActiveSession | null> {
      const id = hashToken(token)
      const session = await cache.getOrLoad(id, () => findActiveSessionWithUser(prisma, id))
      // A remembered session ends at its account's expiry too, not up to the cache's lifetime later.
      if (session && isAccountExpired(session.user)) return null
      if (session && Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        // Set first: the cached copy is shared, so concurrent requests do not touch it again.
        session.lastSeenAt = new Date()
        await touchSession(prisma, id, session.lastSeenAt)
      }
      return session
    },
    forget: (id: string) => cache.forget(id),
    forgetUser: (userId: string) => cache.forgetUser(userId),
  }
}

/** API tokens by their hash, remembered like sessions; `load` sets the request's user and token. */
function apiTokenLookup(prisma: FastifyInstance['prisma']) {
  const cache = new LookupCache<ActiveApiToken & { user: User }>({
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_MAX_ENTRIES,
  })

  async function find(token: string) {
    const hash = hashToken(token)
    const found = await cache.getOrLoad(hash, async () => {
      const row = await findActiveApiToken(prisma, hash)
      return row && { ...row.token, user: row.user }
    })
    if (found && (found.expiresAt <= new Date() || isAccountExpired(found.user))) return null
    if (found && Date.now() - (found.lastUsedAt?.getTime() ?? 0) > TOUCH_INTERVAL_MS) {
      found.lastUsedAt = new Date()
      await touchApiToken(prisma, found.id, found.lastUsedAt)
    }
    return found
  }

  return {
    async find(token: string) {
      const found = await find(token)
      if (!found) return null
      const { user, ...apiToken } = found
      return { user, apiToken }
    },
    async load(request: FastifyRequest, token: string) {
      const found = await find(token)
      if (!found) return
      const { user, ...apiToken } = found
      request.user = user
      request.realUser = user
      request.apiToken = apiToken
    },
    forget(tokenId: string) {
      cache.forgetWhere((token) => token.id === tokenId)
    },
    forgetUser(userId: string) {
      cache.forgetUser(userId)
    },
  }
}

type SessionCache = ReturnType<typeof sessionLookup>
type ApiTokens = ReturnType<typeof apiTokenLookup>
type SessionsBus = ReturnType<typeof endedSessionsBus>

/** Reading, starting and ending the session of a request's cookie (or the API token of its Bearer header). */
function requestSessions(
  fastify: FastifyInstance,
  { cache, apiTokens, ended }: { cache: SessionCache; apiTokens: ApiTokens; ended: SessionsBus },
): Pick<SessionAuth, 'loadSession' | 'start' | 'end' | 'findSessionByCookieHeader'> {
  const { prisma } = fastify
  const { cookieSecure, sessionTtlHours } = fastify.config
  const ttlMs = sessionTtlHours * 60 * 60 * 1000
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: cookieSecure } as const
  return {
    async loadSession(request, reply) {
      const bearer = bearerTokenOf(request.headers.authorization)
      if (bearer !== undefined) return apiTokens.load(request, bearer)
      const token = request.cookies[SESSION_COOKIE]
      if (!token) return
      const session = await cache.find(token)
      if (!session) {
        // An expired or revoked session: drop the cookie so the browser stops sending it.
        reply.clearCookie(SESSION_COOKIE, cookieOptions)
        return
      }
      request.realUser = session.user
      request.user = session.masqueradeAs ?? session.user
      request.sessionId = session.id
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
      const session = await cache.find(token)
      return session ? { sessionId: session.id, user: session.masqueradeAs ?? session.user } : null
    },
  }
}

async function authPlugin(fastify: FastifyInstance) {
  const { prisma } = fastify
  fastify.decorateRequest('user', null)
  fastify.decorateRequest('realUser', null)
  fastify.decorateRequest('sessionId', null)
  fastify.decorateRequest('apiToken', null)
  // preValidation: after the session is read (the routes' onRequest hooks), before the body is looked at.
  fastify.addHook('preValidation', refuseSensitiveWhileMasquerading)

  const cache = sessionLookup(prisma)
  const apiTokens = apiTokenLookup(prisma)
  const ended = endedSessionsBus()

  const sessions: SessionAuth = {
    ...requestSessions(fastify, { cache, apiTokens, ended }),
    requireUser,
    requireSessionCookie,
    findApiToken: apiTokens.find,

    forgetApiToken(tokenId) {
      apiTokens.forget(tokenId)
      ended.announce({ apiTokenId: tokenId })
    },

    async setMasquerade(request, userId) {
      if (!request.sessionId) throw unauthorized()
      await setSessionMasquerade(prisma, request.sessionId, userId)
      cache.forget(request.sessionId)
    },

    forgetUser(userId) {
      cache.forgetUser(userId)
      apiTokens.forgetUser(userId)
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
