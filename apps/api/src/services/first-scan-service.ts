import { createScanUnlessActive, listSitesNeverScanned, type PrismaClient } from '@canopy/db'
import type { QueueRegistry } from '../plugins/app/queues.js'
import { enqueueScanSite } from './scan-jobs.js'
import { enqueueOrFail } from './scan-service.js'

/**
 * A site is scanned in full as soon as it exists: when it is added, and, for sites added some other way
 * (the demo seed, an import), when the API starts. A site that already has a scan, or one queued, is
 * left alone, so neither a second start nor two API processes queue it twice.
 */
interface FirstScanDeps {
  prisma: PrismaClient
  queues: QueueRegistry
}

export interface FirstScanSite {
  id: string
  maximumPageLimitPerScan: number
}

/** Queues the site's first full scan unless one of its scans is under way; the scan id, or null. */
export async function queueFirstSiteScan(
  { prisma, queues }: FirstScanDeps,
  site: FirstScanSite,
  requestedById: string | null,
): Promise<string | null> {
  const { scan, created } = await createScanUnlessActive(
    prisma,
    {
      siteId: site.id,
      kind: 'site',
      // Nobody asked for the scan queued at start: it runs as the schedule's would.
      trigger: requestedById ? 'manual' : 'schedule',
      requestedById,
      pageLimit: site.maximumPageLimitPerScan,
    },
    { kind: { in: ['site', 'section', 'page'] } },
  )
  if (!created) return null
  await enqueueOrFail(prisma, scan, () => enqueueScanSite(queues, { scanId: scan.id }))
  return scan.id
}

const BATCH = 100

/** Queues the first scan of every site never scanned; a site the queue refuses does not stop the others. */
export async function queueFirstScansOfNewSites(
  deps: FirstScanDeps,
): Promise<{ queued: number; failedSiteIds: string[] }> {
  let queued = 0
  const failedSiteIds: string[] = []
  let afterId: string | undefined
  for (;;) {
    const sites = await listSitesNeverScanned(deps.prisma, { afterId, take: BATCH })
    for (const site of sites) {
      try {
        if (await queueFirstSiteScan(deps, site, null)) queued += 1
      } catch {
        failedSiteIds.push(site.id)
      }
    }
    if (sites.length < BATCH) return { queued, failedSiteIds }
    afterId = sites.at(-1)?.id
  }
}
