import type { PrismaClient, User } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

export interface CreateSessionInput {
  /** sha256 of the cookie token */
  id: string
  userId: string
  expiresAt: Date
  userAgent?: string | null
  ip?: string | null
}

export function createSession(db: DbClient, input: CreateSessionInput) {
  return db.session.create({ data: input })
}

export interface ActiveSession {
  id: string
  userId: string
  masqueradeAsUserId: string | null
  lastSeenAt: Date
  expiresAt: Date
  user: User
  /** the user a staff member is acting as (masquerade), or null */
  masqueradeAs: User | null
}

type SessionUserRow = User & {
  sessionMasqueradeAsUserId: string | null
  sessionLastSeenAt: Date
  sessionExpiresAt: Date
}

/**
 * The session and its user, or null when it is unknown or expired, or its user's account has expired. One query (a join): it runs before
 * every signed-in request whose session is not cached, where Prisma's include would take two.
 */
export async function findActiveSessionWithUser(
  db: DbClient,
  id: string,
  now: Date = new Date(),
): Promise<ActiveSession | null> {
  const rows = await db.$queryRaw<SessionUserRow[]>`
    SELECT u.*, s."masqueradeAsUserId" AS "sessionMasqueradeAsUserId", s."lastSeenAt" AS "sessionLastSeenAt",
      s."expiresAt" AS "sessionExpiresAt"
    FROM "Session" s JOIN "User" u ON u.id = s."userId"
    WHERE s.id = ${id} AND s."expiresAt" > ${now}
      AND (u."accountExpiry" IS NULL OR u."accountExpiry" > ${now})`
  const row = rows[0]
  if (!row) return null
  const { sessionMasqueradeAsUserId, sessionLastSeenAt, sessionExpiresAt, ...user } = row
  const masqueradeAs = sessionMasqueradeAsUserId
    ? await db.user.findUnique({ where: { id: sessionMasqueradeAsUserId } })
    : null
  return {
    id,
    userId: user.id,
    masqueradeAsUserId: sessionMasqueradeAsUserId,
    lastSeenAt: sessionLastSeenAt,
    expiresAt: sessionExpiresAt,
    user,
    masqueradeAs,
  }
}

/** Starts (a user id) or ends (null) acting as another user in one session. */
export function setSessionMasquerade(db: DbClient, id: string, masqueradeAsUserId: string | null) {
  return db.session.updateMany({ where: { id }, data: { masqueradeAsUserId } })
}

export function touchSession(db: DbClient, id: string, seenAt: Date = new Date()) {
  return db.session.updateMany({ where: { id }, data: { lastSeenAt: seenAt } })
}

/** deleteMany: signing out twice, or with an already expired session, is not an error. */
export function deleteSession(db: DbClient, id: string) {
  return db.session.deleteMany({ where: { id } })
}

/** Signs a user out everywhere, except in the session `exceptId` (the one making the request, if any). */
export function deleteUserSessions(
  db: DbClient,
  userId: string,
  { exceptId }: { exceptId?: string | null } = {},
) {
  return db.session.deleteMany({ where: { userId, ...(exceptId ? { id: { not: exceptId } } : {}) } })
}

/**
 * Sessions past their expiry and account tokens (verify e-mail, reset password) used or expired, deleted in
 * one transaction. Deleting is idempotent: a retry after a partial failure simply finds fewer rows.
 */
export async function purgeExpiredSessionsAndTokens(db: PrismaClient, now: Date = new Date()) {
  const [sessions, accountTokens] = await db.$transaction([
    db.session.deleteMany({ where: { expiresAt: { lte: now } } }),
    db.accountToken.deleteMany({ where: { OR: [{ usedAt: { not: null } }, { expiresAt: { lte: now } }] } }),
  ])
  return { sessionsDeleted: sessions.count, accountTokensDeleted: accountTokens.count }
}
