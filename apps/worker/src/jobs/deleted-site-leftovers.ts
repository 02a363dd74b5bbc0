import { rm } from 'node:fs/promises'
import { isSiteOrScanGone, type PrismaClient, scanArtifactsDir } from '@canopy/db'

/** The part of a finished job this module reads: its payload, and a way to remove its record. */
export interface FinishedJob {
  data: unknown
  remove(): Promise<unknown>
}

function idsOf(data: unknown): { siteId?: string; scanId?: string } {
  if (!data || typeof data !== 'object') return {}
  const { siteId, scanId } = data as { siteId?: unknown; scanId?: unknown }
  return {
    ...(typeof siteId === 'string' ? { siteId } : {}),
    ...(typeof scanId === 'string' ? { scanId } : {}),
  }
}

/**
 * A job that was running when its site was deleted could not be taken from its worker; once it ends (it finds
 * its scan gone), its record is removed from Redis and any artefact it wrote after the deletion from disk, so
 * nothing of a deleted site stays behind. Answers whether the job's site or scan was gone.
 */
export async function removeLeftoversOfDeletedSite(
  prisma: PrismaClient,
  job: FinishedJob,
  artifactsRoot: string,
): Promise<boolean> {
  const ids = idsOf(job.data)
  if (!ids.siteId && !ids.scanId) return false
  if (!(await isSiteOrScanGone(prisma, ids))) return false
  await job.remove()
  if (ids.scanId) await rm(scanArtifactsDir(artifactsRoot, ids.scanId), { recursive: true, force: true })
  return true
}
