import type { DbClient } from './db-client.js'

export function updateUserProfile(
  db: DbClient,
  userId: string,
  data: { firstName?: string; lastName?: string; userRole?: string | null },
) {
  return db.user.update({ where: { id: userId }, data })
}

/**
 * Records the user's consent to product news e-mails. Giving it again keeps the date it was first given
 * (only a user without it is changed); withdrawing it clears the date.
 */
export async function setProductNewsConsent(
  db: DbClient,
  userId: string,
  consent: boolean,
  now: Date = new Date(),
): Promise<void> {
  if (consent) {
    await db.user.updateMany({
      where: { id: userId, productNewsConsent: false },
      data: { productNewsConsent: true, productNewsConsentAt: now },
    })
  } else {
    await db.user.update({
      where: { id: userId },
      data: { productNewsConsent: false, productNewsConsentAt: null },
    })
  }
}

/** The user's sessions still valid, most recently seen first. */
export function listActiveUserSessions(db: DbClient, userId: string, now: Date = new Date()) {
  return db.session.findMany({
    where: { userId, expiresAt: { gt: now } },
    orderBy: { lastSeenAt: 'desc' },
    select: { id: true, userAgent: true, ip: true, createdAt: true, lastSeenAt: true },
  })
}

/** Ends one of the user's own sessions; false when it is not theirs or already gone. */
export async function deleteUserSession(db: DbClient, userId: string, sessionId: string): Promise<boolean> {
  const { count } = await db.session.deleteMany({ where: { id: sessionId, userId } })
  return count > 0
}

export function upsertUserAvatar(db: DbClient, userId: string, image: Uint8Array<ArrayBuffer>) {
  return db.userAvatar.upsert({ where: { userId }, create: { userId, image }, update: { image } })
}

export function deleteUserAvatar(db: DbClient, userId: string) {
  return db.userAvatar.deleteMany({ where: { userId } })
}

export function findUserAvatar(db: DbClient, userId: string) {
  return db.userAvatar.findUnique({ where: { userId } })
}

/**
 * Whether `viewerId` may see `userId`'s avatar: it is themselves, or both see a common site (by a direct
 * membership or one of the site's groups).
 */
export async function usersShareASite(db: DbClient, viewerId: string, userId: string): Promise<boolean> {
  if (viewerId === userId) return true
  const rows = await db.$queryRaw<{ shared: boolean }[]>`
    WITH visible AS (
      SELECT m."siteId", m."userId" FROM "SiteMembership" m WHERE m."userId" IN (${viewerId}, ${userId})
      UNION
      SELECT g."siteId", gm."userId" FROM "GroupMember" gm JOIN "Group" g ON g.id = gm."groupId"
        WHERE gm."userId" IN (${viewerId}, ${userId})
    )
    SELECT EXISTS (
      SELECT 1 FROM visible a JOIN visible b ON a."siteId" = b."siteId"
      WHERE a."userId" = ${viewerId} AND b."userId" = ${userId}
    ) AS shared`
  return rows[0]?.shared ?? false
}
