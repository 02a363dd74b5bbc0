import { roleAllows, type SiteScanStatus } from '@canopy/contracts'
import {
  countScansQueuedBefore,
  findLastFinishedSiteScan,
  listSiteActiveScans,
  type PrismaClient,
  type SiteAccess,
} from '@canopy/db'
import { presentScanStatus } from '../presenters/scan.js'

/**
 * What the dashboard says about scanning the site: the scan under way (a running one before a queued one)
 * with the scans of any site queued before it, the last scan that finished, and whether this user may
 * start a full scan now (a site admin, while no full scan is queued or running).
 */
export async function getSiteScanStatus(prisma: PrismaClient, access: SiteAccess): Promise<SiteScanStatus> {
  const [active, lastFinished] = await Promise.all([
    listSiteActiveScans(prisma, access.siteId),
    findLastFinishedSiteScan(prisma, access.siteId),
  ])
  const current = active[0] ?? null
  const queuePosition =
    current === null ? null : current.state === 'running' ? 0 : await countScansQueuedBefore(prisma, current)
  const fullScanActive = active.some((scan) => scan.kind === 'site')
  return {
    active: current ? presentScanStatus(current) : null,
    queuePosition,
    lastFinished: lastFinished ? presentScanStatus(lastFinished) : null,
    canStartScan: roleAllows(access.role, 'startScans') && !fullScanActive,
  }
}
