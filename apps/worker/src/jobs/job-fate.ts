import type { Job, Queue } from 'bullmq'

/**
 * What became of a job the database says is owed: still live (waiting, delayed, running, or stalled and about
 * to be picked up again), missing (its worker was killed before adding it, Redis was emptied), or ended
 * (failed for good, or completed without doing what the database expects) with BullMQ's reason.
 */
export type JobFate = { kind: 'live' } | { kind: 'missing' } | { kind: 'ended'; job: Job; reason: string }

export async function findJobFate(queue: Queue, jobId: string): Promise<JobFate> {
  const job = await queue.getJob(jobId)
  if (!job) return { kind: 'missing' }
  const state = await job.getState()
  if (state === 'unknown') return { kind: 'missing' }
  if (state !== 'failed' && state !== 'completed') return { kind: 'live' }
  return { kind: 'ended', job, reason: job.failedReason || 'its job ended without finishing the work' }
}

/** The fates of many jobs, a batch of round trips at a time (one scan may owe thousands of pages). */
export async function findJobFates(queue: Queue, jobIds: string[], batch = 100): Promise<JobFate[]> {
  const fates: JobFate[] = []
  for (let start = 0; start < jobIds.length; start += batch) {
    const slice = jobIds.slice(start, start + batch)
    fates.push(...(await Promise.all(slice.map((jobId) => findJobFate(queue, jobId)))))
  }
  return fates
}
