import type { ScanJobProgress } from '@canopy/contracts'
import { findScanProgressSnapshot, type PrismaClient } from '@canopy/db'
import type { Job } from 'bullmq'

const WIRE_KIND = { site: 'site', section: 'section', page: 'page', single_page: 'single-page' } as const

/**
 * Reports a step of a scan job through job.updateProgress with the scan's state and counts as they are now:
 * the API relays the event to the scan's, the site's (and for a single-page scan the requester's) rooms as it
 * is, without a read of its own per event.
 */
export async function reportScanProgress(
  job: Pick<Job, 'updateProgress'>,
  prisma: PrismaClient,
  { scanId, stage, percent }: Omit<ScanJobProgress, 'scan'>,
): Promise<void> {
  const scan = await findScanProgressSnapshot(prisma, scanId)
  const progress: ScanJobProgress = {
    scanId,
    stage,
    percent,
    ...(scan ? { scan: { ...scan, kind: WIRE_KIND[scan.kind] } } : {}),
  }
  await job.updateProgress(progress)
}
