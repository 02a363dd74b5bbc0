import {
  HISTORY_POINT_LIMIT,
  type HistoryQuery,
  type HistoryResponse,
  SCAN_QUEUE_NAMES,
  type ScanDetails,
} from '@canopy/contracts'
import {
  findHistoryPointAtEnd,
  findSection,
  findSiteScanLimit,
  type HistoryScope,
  listHistoryPoints,
  type PrismaClient,
} from '@canopy/db'
import { notFound } from '../http-errors.js'
import type { QueueRegistry } from '../plugins/app/queues.js'
import { SITE_NOT_FOUND_MESSAGE } from '../plugins/app/site-access.js'
import { presentHistory, presentScanDetails } from '../presenters/history.js'
import { siteScanSchedulerId } from './scan-schedule-service.js'
import { SECTION_NOT_FOUND_MESSAGE } from './section-service.js'

/** The site's own history without a sectionId; a section's, when it is a section of this site (else 404). */
export async function historyScope(
  prisma: PrismaClient,
  siteId: string,
  query: HistoryQuery,
): Promise<HistoryScope> {
  if (query.sectionId === undefined) return { siteId, sectionId: null }
  const section = await findSection(prisma, { siteId, sectionId: query.sectionId })
  if (!section) throw notFound(SECTION_NOT_FOUND_MESSAGE)
  return { siteId, sectionId: section.id }
}

export async function getHistory(
  prisma: PrismaClient,
  siteId: string,
  query: HistoryQuery,
): Promise<HistoryResponse> {
  const scope = await historyScope(prisma, siteId, query)
  return presentHistory(await listHistoryPoints(prisma, { ...scope, take: HISTORY_POINT_LIMIT }))
}

/** When the site's scheduled full scan runs next (sections are rescanned by it too), from its BullMQ scheduler. */
async function findNextScheduledScan(queues: QueueRegistry, siteId: string): Promise<Date | null> {
  const scheduler = await queues.get(SCAN_QUEUE_NAMES.scans).getJobScheduler(siteScanSchedulerId(siteId))
  return scheduler?.next === undefined ? null : new Date(scheduler.next)
}

export async function getScanDetails(
  { prisma, queues }: { prisma: PrismaClient; queues: QueueRegistry },
  siteId: string,
  query: HistoryQuery,
): Promise<ScanDetails> {
  const scope = await historyScope(prisma, siteId, query)
  const [first, last, nextScheduledScan, site] = await Promise.all([
    findHistoryPointAtEnd(prisma, { ...scope, end: 'first' }),
    findHistoryPointAtEnd(prisma, { ...scope, end: 'last' }),
    findNextScheduledScan(queues, siteId),
    findSiteScanLimit(prisma, siteId),
  ])
  // Deleted between the access check and here: answered like any site the user may not see.
  if (!site) throw notFound(SITE_NOT_FOUND_MESSAGE)
  return presentScanDetails({
    first,
    last,
    nextScheduledScan,
    maximumPageLimitPerScan: site.maximumPageLimitPerScan,
  })
}
