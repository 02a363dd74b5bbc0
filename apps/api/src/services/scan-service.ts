import {
  type ActiveScan,
  FRESH_QUEUED_SCAN_MS,
  isInsideSiteScope,
  SCAN_MESSAGES,
  type ScanStatus,
} from '@canopy/contracts'
import {
  createScanUnlessActive,
  findPageTitles,
  findQueuePositions,
  findSection,
  findSiteScan,
  listActiveScansForUser,
  markScanFailed,
  type PrismaClient,
  type Scan,
  type SiteAccess,
} from '@canopy/db'
import { badRequest, HttpError, notFound } from '../http-errors.js'
import type { QueueRegistry } from '../plugins/app/queues.js'
import { presentActiveScan, presentScanStatus } from '../presenters/scan.js'
import { enqueueScanSite, isQueuedScanJobLost } from './scan-jobs.js'
import { assertScanLimitNotReached } from './scan-usage-service.js'
import { SECTION_NOT_FOUND_MESSAGE } from './section-service.js'

export const SCAN_NOT_FOUND_MESSAGE = 'No scan could be found with this ID.'
/** The 409 and 503 messages of starting a scan are the contracts' SCAN_MESSAGES, which the web app shows too. */
export const SITE_SCAN_ACTIVE_MESSAGE = SCAN_MESSAGES.siteScanActive
export const SECTION_SCAN_ACTIVE_MESSAGE = SCAN_MESSAGES.sectionScanActive
export const SCAN_NOT_QUEUED_MESSAGE = SCAN_MESSAGES.notQueued
export const PAGE_OUTSIDE_SITE_MESSAGE = 'The page must be inside the site root'

interface ScanDeps {
  prisma: PrismaClient
  queues: QueueRegistry
}

async function findSiteOrThrow(prisma: PrismaClient, siteId: string) {
  return prisma.site.findUniqueOrThrow({
    where: { id: siteId },
    select: { id: true, rootUri: true, maximumPageLimitPerScan: true },
  })
}

/** A queue that refuses the job must not leave a scan "queued" forever: it is marked failed, then 503. */
export async function enqueueOrFail(prisma: PrismaClient, scan: Scan, enqueue: () => Promise<unknown>) {
  try {
    await enqueue()
  } catch (error) {
    await markScanFailed(prisma, scan.id, SCAN_NOT_QUEUED_MESSAGE)
    throw new HttpError(503, SCAN_NOT_QUEUED_MESSAGE, undefined, error)
  }
}

/** The worker's sweeper fails a lost queued scan with the same words (contracts SCAN_MESSAGES.lost). */
export const SCAN_LOST_MESSAGE = SCAN_MESSAGES.lost

/**
 * Creates the scan unless a matching one is queued or running. A queued one whose job is lost would
 * block every later scan of the site forever: it is failed with the reason, and the new scan created. One
 * queued within FRESH_QUEUED_SCAN_MS may be a concurrent request's, whose job is about to be added: it blocks.
 */
async function createScanUnlessLive(
  { prisma, queues }: ScanDeps,
  input: Parameters<typeof createScanUnlessActive>[1],
  blockingWhere: Parameters<typeof createScanUnlessActive>[2],
) {
  const first = await createScanUnlessActive(prisma, input, blockingWhere)
  if (first.created || first.scan.state !== 'queued') return first
  if (Date.now() - first.scan.queuedAt.getTime() < FRESH_QUEUED_SCAN_MS) return first
  if (!(await isQueuedScanJobLost(queues, first.scan.id))) return first
  await markScanFailed(prisma, first.scan.id, SCAN_LOST_MESSAGE)
  return createScanUnlessActive(prisma, input, blockingWhere)
}

/** Starts a full-site scan now; 409 while another one is queued or running, or at the scan limit. */
export async function startSiteScan(
  { prisma, queues }: ScanDeps,
  access: SiteAccess,
  userId: string,
): Promise<{ scanId: string }> {
  await assertScanLimitNotReached(prisma, access.siteId)
  const site = await findSiteOrThrow(prisma, access.siteId)
  const { scan, created } = await createScanUnlessLive(
    { prisma, queues },
    { siteId: site.id, kind: 'site', requestedById: userId, pageLimit: site.maximumPageLimitPerScan },
    { kind: 'site' },
  )
  if (!created) throw new HttpError(409, SITE_SCAN_ACTIVE_MESSAGE)
  await enqueueOrFail(prisma, scan, () => enqueueScanSite(queues, { scanId: scan.id }))
  return { scanId: scan.id }
}

/** Rescans one section; a full scan already under way covers it, so that is a 409 too, as is the scan limit. */
export async function startSectionScan(
  { prisma, queues }: ScanDeps,
  access: SiteAccess,
  userId: string,
  sectionId: string,
): Promise<{ scanId: string }> {
  if (!(await findSection(prisma, { siteId: access.siteId, sectionId }))) {
    throw notFound(SECTION_NOT_FOUND_MESSAGE)
  }
  await assertScanLimitNotReached(prisma, access.siteId)
  const site = await findSiteOrThrow(prisma, access.siteId)
  const { scan, created } = await createScanUnlessLive(
    { prisma, queues },
    {
      siteId: site.id,
      sectionId,
      kind: 'section',
      requestedById: userId,
      pageLimit: site.maximumPageLimitPerScan,
    },
    { OR: [{ kind: 'site' }, { kind: 'section', sectionId }] },
  )
  if (!created) {
    throw new HttpError(409, scan.kind === 'site' ? SITE_SCAN_ACTIVE_MESSAGE : SECTION_SCAN_ACTIVE_MESSAGE)
  }
  await enqueueOrFail(prisma, scan, () => enqueueScanSite(queues, { scanId: scan.id }))
  return { scanId: scan.id }
}

/** The page's address without its fragment: `#part` names a place on the same page. */
function toPageUrl(uri: string): URL {
  const url = new URL(uri)
  url.hash = ''
  return url
}

/**
 * Adds (or rescans) one page of the site; asking again while it is queued answers the same scan. The title
 * the requester gives is kept with the scan, so the active scans name a page that was never scanned. At
 * the scan limit it is a 409.
 */
export async function startPageScan(
  { prisma, queues }: ScanDeps,
  access: SiteAccess,
  userId: string,
  page: { uri: string; pageTitle?: string },
): Promise<{ scanId: string }> {
  const site = await findSiteOrThrow(prisma, access.siteId)
  const url = toPageUrl(page.uri)
  if (!isInsideSiteScope(site.rootUri, url)) {
    throw badRequest('uri', `${PAGE_OUTSIDE_SITE_MESSAGE} (${site.rootUri}).`)
  }
  await assertScanLimitNotReached(prisma, access.siteId)
  const { scan, created } = await createScanUnlessLive(
    { prisma, queues },
    {
      siteId: site.id,
      kind: 'page',
      requestedById: userId,
      individualUrl: url.href,
      individualPageTitle: page.pageTitle || null,
      pageLimit: 1,
    },
    { kind: 'page', individualUrl: url.href },
  )
  if (created) {
    // The worker's scan-site job admits the scan's one page (individualUrl) to its frontier and scans it.
    await enqueueOrFail(prisma, scan, () => enqueueScanSite(queues, { scanId: scan.id }))
  }
  return { scanId: scan.id }
}

export async function getScanStatus(
  prisma: PrismaClient,
  access: SiteAccess,
  scanId: string,
): Promise<ScanStatus> {
  const scan = await findSiteScan(prisma, { siteId: access.siteId, scanId })
  if (!scan) throw notFound(SCAN_NOT_FOUND_MESSAGE)
  return presentScanStatus(scan)
}

export async function listActiveScans(prisma: PrismaClient, userId: string): Promise<ActiveScan[]> {
  const rows = await listActiveScansForUser(prisma, userId)
  // A page scan shows the title its requester gave, else the title the page had when last scanned.
  const individual = rows.flatMap((row) =>
    row.individualUrl && row.siteId && !row.individualPageTitle
      ? [{ siteId: row.siteId, url: row.individualUrl }]
      : [],
  )
  const [titles, positions] = await Promise.all([
    findPageTitles(prisma, individual),
    rows.some((row) => row.state === 'queued') ? findQueuePositions(prisma) : new Map<string, number>(),
  ])
  return rows.map((row) =>
    presentActiveScan(
      row,
      row.individualPageTitle ??
        (row.individualUrl ? (titles.get(`${row.siteId} ${row.individualUrl}`) ?? null) : null),
      positions.get(row.id) ?? null,
    ),
  )
}
