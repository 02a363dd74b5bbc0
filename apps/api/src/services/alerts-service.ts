import type { AlertsQuery, DashboardAlert } from '@canopy/contracts'
import { listCurrentAlerts, type PrismaClient } from '@canopy/db'
import type { SiteAccessChecks } from '../plugins/app/site-access.js'
import { presentDashboardAlert } from '../presenters/alert.js'

/**
 * The dashboard alerts for every site, plus those of ?site= when the user may see that site (otherwise
 * 404, as for any site route). Dismissal is kept by the browser, keyed by alert id and timestamp.
 */
export async function listDashboardAlerts(
  { prisma, siteAccess }: { prisma: PrismaClient; siteAccess: SiteAccessChecks },
  userId: string,
  query: AlertsQuery,
): Promise<DashboardAlert[]> {
  const siteId = query.site ? (await siteAccess.resolve(userId, query.site)).siteId : null
  const rows = await listCurrentAlerts(prisma, { siteId, now: new Date() })
  return rows.map(presentDashboardAlert)
}
