import { JOBS, jobAddOptions } from '@canopy/contracts'

/** The finalize job's id as the catalogue derives it, for looking the job up. */
export function finalizeJobId(scanId: string): string {
  return jobAddOptions(JOBS.finalizeScan, { scanId }).jobId ?? ''
}
