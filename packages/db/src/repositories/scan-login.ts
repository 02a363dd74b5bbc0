import type { Prisma } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

/** The site's way of signing in for scans (a login form or a cookie set), its secrets still sealed; null: none. */
export function findSiteScanLogin(db: DbClient, siteId: string) {
  return db.siteScanLogin.findUnique({
    where: { siteId },
    select: { kind: true, config: true, sealed: true, updatedAt: true },
  })
}

/** Stores the site's sign-in for scans, replacing the one it had. */
export function saveSiteScanLogin(
  db: DbClient,
  siteId: string,
  login: { kind: 'form' | 'cookies'; config: Prisma.InputJsonValue; sealed: string },
) {
  return db.siteScanLogin.upsert({
    where: { siteId },
    create: { siteId, ...login },
    update: login,
    select: { kind: true, config: true, sealed: true, updatedAt: true },
  })
}

/** Scans of the site sign in no more; true when it had a sign-in. */
export async function deleteSiteScanLogin(db: DbClient, siteId: string): Promise<boolean> {
  const { count } = await db.siteScanLogin.deleteMany({ where: { siteId } })
  return count > 0
}

/** What a test sign-in needs of the site: its root address. */
export function findSiteRoot(db: DbClient, siteId: string) {
  return db.site.findUnique({ where: { id: siteId }, select: { id: true, rootUri: true } })
}
