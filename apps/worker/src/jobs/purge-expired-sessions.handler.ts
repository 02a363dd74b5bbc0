import type { PurgeExpiredSessionsPayload, PurgeExpiredSessionsResult } from '@canopy/contracts'
import { purgeExpiredSessionsAndTokens } from '@canopy/db'
import type { JobContext } from './define-job.js'

/**
 * Deleting is idempotent: a retry after a partial failure simply finds fewer rows. Used tokens go too,
 * since a link can be consumed only once and an expired one can never be.
 */
export async function purgeExpiredSessions(
  _payload: PurgeExpiredSessionsPayload,
  { prisma, logger }: JobContext,
): Promise<PurgeExpiredSessionsResult> {
  const result = await purgeExpiredSessionsAndTokens(prisma)
  logger.info(result, 'purged expired sessions and account tokens')
  return result
}
