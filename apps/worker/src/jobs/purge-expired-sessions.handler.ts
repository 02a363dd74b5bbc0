import type { PurgeExpiredSessionsPayload, PurgeExpiredSessionsResult } from '@canopy/contracts'
import type { JobContext } from './define-job.js'

/**
 * Deleting is idempotent: a retry after a partial failure simply finds fewer rows. Used tokens go too,
 * since a link can be consumed only once and an expired one can never be.
 */
export async function purgeExpiredSessions(
  _payload: PurgeExpiredSessionsPayload,
  { prisma, logger }: JobContext,
): Promise<PurgeExpiredSessionsResult> {
  const now = new Date()
  const [sessions, accountTokens] = await prisma.$transaction([
    prisma.session.deleteMany({ where: { expiresAt: { lte: now } } }),
    prisma.accountToken.deleteMany({
      where: { OR: [{ usedAt: { not: null } }, { expiresAt: { lte: now } }] },
    }),
  ])
  const result = { sessionsDeleted: sessions.count, accountTokensDeleted: accountTokens.count }
  logger.info(result, 'purged expired sessions and account tokens')
  return result
}
