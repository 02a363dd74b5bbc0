import { findScanUrl, findScanWithSite, type PrismaClient, runInTransaction } from '@canopy/db'
import { hashUrl, normalizeUrl } from '../crawl/normalize-url.js'
import { finishUrl } from '../storage/frontier.js'
import { storePageFailure } from '../storage/store-page.js'
import { enqueueFinalizeIfReady } from './scan-enqueue.js'

/**
 * Records a page whose job gave up (attempts used up, stalled too often, or found failed by the sweeper) as
 * failed with the reason, so the scan can still finish. The frontier URL is moved first and the failure stored
 * only by the call that moved it: a page another job stored meanwhile keeps its result, and a second caller
 * (the final-failure hook and the sweeper) changes nothing.
 */
export async function failQueuedPage(
  prisma: PrismaClient,
  scanId: string,
  rawUrl: string,
  reason: string,
): Promise<boolean> {
  const url = normalizeUrl(rawUrl)
  const scan = await findScanWithSite(prisma, scanId)
  if (!url || !scan?.site) return false
  const urlHash = hashUrl(url)
  const entry = await findScanUrl(prisma, scanId, urlHash)
  if (entry?.state !== 'queued') return false
  const site = scan.site
  const failed = await runInTransaction(prisma, async (tx) => {
    if (!(await finishUrl(tx, scanId, urlHash, 'failed', false))) return false
    const context = {
      scanId,
      siteId: site.id,
      url,
      depth: entry.depth,
      discoveredVia: entry.discoveredVia,
      rootUrl: normalizeUrl(site.rootUri) ?? site.rootUri,
    }
    await storePageFailure(tx, context, { error: reason, httpStatus: null })
    return true
  })
  await enqueueFinalizeIfReady(prisma, scanId)
  return failed
}
