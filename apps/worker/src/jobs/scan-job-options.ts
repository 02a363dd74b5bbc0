import type { JobsOptions } from 'bullmq'

/** Finished jobs stay a day so a re-add with the same id is still refused (jobId de-duplication). */
export const KEEP_FINISHED = {
  removeOnComplete: { age: 24 * 60 * 60, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 60 * 60, count: 10_000 },
} satisfies JobsOptions

/** BullMQ refuses ':' in custom ids, so the brief's `${scanId}:${urlHash}` is spelled with a hyphen. */
export function scanPageJobId(scanId: string, urlHash: string): string {
  return `${scanId}-${urlHash}`
}

export function finalizeJobId(scanId: string): string {
  return `finalize-${scanId}`
}

export function lighthouseJobId(scanId: string, urlHash: string): string {
  return `lighthouse-${scanId}-${urlHash}`
}
