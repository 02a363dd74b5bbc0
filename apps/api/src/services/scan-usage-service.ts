import {
  isScanLimitReached,
  SCAN_MESSAGES,
  type ScanUsage,
  scanLimitPeriodStart,
  toScanUsage,
} from '@canopy/contracts'
import { countPagesScannedSince, findSiteMonthlyScanLimit, type PrismaClient } from '@canopy/db'
import { HttpError } from '../http-errors.js'

/** The site's pages scanned this calendar month (UTC) against its scan limit. */
export async function readScanUsage(
  prisma: PrismaClient,
  site: { id: string; scanLimit: number },
): Promise<ScanUsage> {
  const pages = await countPagesScannedSince(prisma, { siteId: site.id, since: scanLimitPeriodStart() })
  return toScanUsage(pages, site.scanLimit)
}

/**
 * A scan asked for now is refused (409) once the site has used its scan limit this month. A scan under way
 * when the limit is reached stops taking pages in the worker instead.
 */
export async function assertScanLimitNotReached(prisma: PrismaClient, siteId: string): Promise<void> {
  const site = await findSiteMonthlyScanLimit(prisma, siteId)
  if (!site) return
  if (isScanLimitReached(await readScanUsage(prisma, site))) {
    throw new HttpError(409, SCAN_MESSAGES.scanLimitReached)
  }
}
