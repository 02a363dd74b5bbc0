import type { DbClient } from './db-client.js'

/**
 * The dashboard alerts to show now: those for every site, plus those of one site when given, newest
 * first. An expired alert is no longer shown.
 */
export function listCurrentAlerts(db: DbClient, { siteId, now }: { siteId: string | null; now: Date }) {
  return db.alert.findMany({
    where: {
      OR: [{ siteId: null }, ...(siteId ? [{ siteId }] : [])],
      AND: [{ OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }, { publishedAt: { lte: now } }],
    },
    orderBy: [{ publishedAt: 'desc' }, { id: 'asc' }],
    take: 20,
  })
}
