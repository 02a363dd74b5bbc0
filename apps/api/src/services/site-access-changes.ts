import { SITE_USER_MESSAGES } from '@canopy/contracts'
import { type DbClient, lockSiteAccess, type PrismaClient, runInTransaction, siteHasAdmin } from '@canopy/db'
import { conflict } from '../http-errors.js'

/**
 * A change to who has which role on the site (its members and its groups alike), in one transaction that
 * first takes the site's access lock: the checks it makes and the writes they allow cannot interleave with
 * another such change of the same site.
 */
export function changeSiteAccess<T>(
  prisma: PrismaClient,
  siteId: string,
  work: (tx: DbClient) => Promise<T>,
): Promise<T> {
  return runInTransaction(prisma, async (tx) => {
    await lockSiteAccess(tx, siteId)
    return work(tx)
  })
}

/**
 * Inside changeSiteAccess, after a change that may take a role away: the site must still have an
 * administrator (directly, through a group or through a group's ancestor). Else 409 on `field`, and the
 * transaction, with the change, is rolled back.
 */
export async function assertSiteKeepsAdmin(tx: DbClient, siteId: string, field: string): Promise<void> {
  if (!(await siteHasAdmin(tx, siteId))) throw conflict(field, SITE_USER_MESSAGES.lastAdmin)
}
