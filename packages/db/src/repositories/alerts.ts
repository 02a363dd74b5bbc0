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

export interface AlertRowInput {
  siteId: string | null
  title: string
  description: string
  linkText: string | null
  linkUrl: string | null
  buttonText: string | null
  illustration: string | null
  publishedAt: Date
  expiresAt: Date | null
}

const WITH_SITE = { site: { select: { slug: true, siteName: true } } } as const

/** Every alert, current, future and expired, newest first (staff administer them). */
export function listAllAlerts(db: DbClient, { take = 200 }: { take?: number } = {}) {
  return db.alert.findMany({ include: WITH_SITE, orderBy: [{ publishedAt: 'desc' }, { id: 'asc' }], take })
}

export function createAlert(db: DbClient, input: AlertRowInput) {
  return db.alert.create({ data: input, include: WITH_SITE })
}

/** The changed alert, or null when there is none with that id. */
export async function updateAlert(db: DbClient, id: string, changes: Partial<AlertRowInput>) {
  const { count } = await db.alert.updateMany({ where: { id }, data: changes })
  return count === 0 ? null : db.alert.findUnique({ where: { id }, include: WITH_SITE })
}

export async function deleteAlert(db: DbClient, id: string): Promise<boolean> {
  const { count } = await db.alert.deleteMany({ where: { id } })
  return count > 0
}

export function findAlertSiteBySlug(db: DbClient, slug: string) {
  return db.site.findUnique({ where: { slug }, select: { id: true } })
}
