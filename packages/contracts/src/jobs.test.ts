import { describe, expect, it } from 'vitest'
import {
  enqueueJob,
  enqueueJobs,
  JOBS,
  type JobAddOptions,
  type JobQueues,
  jobAddOptions,
  jobSchedulerTemplate,
} from './jobs.js'

function recordingQueues() {
  const added: { queue: string; name: string; data: unknown; opts: JobAddOptions }[] = []
  const queues: JobQueues = {
    get: (queue) => ({
      add: async (name, data, opts) => {
        added.push({ queue, name, data, opts })
      },
      addBulk: async (jobs) => {
        for (const job of jobs) added.push({ queue, ...job })
      },
    }),
  }
  return { queues, added }
}

describe('job catalogue', () => {
  it('adds a job to its queue with the catalogue’s retries, retention and derived id', async () => {
    const { queues, added } = recordingQueues()
    await enqueueJob(queues, JOBS.scanSite, { scanId: 's1' })
    expect(added).toEqual([
      {
        queue: 'scans',
        name: 'scan-site',
        data: { scanId: 's1' },
        opts: { ...JOBS.scanSite.options, jobId: 'scan-site-s1' },
      },
    ])
    expect(added[0]?.opts.attempts).toBe(3)
  })

  it('names a scan page job by scan and URL hash, and adds many in one call', async () => {
    const { queues, added } = recordingQueues()
    await enqueueJobs(queues, JOBS.scanPage, [
      { scanId: 's1', url: 'https://a.test/', depth: 0, urlHash: 'h1' },
      { scanId: 's1', url: 'https://a.test/b', depth: 1, urlHash: 'h2' },
    ])
    expect(added.map((job) => [job.queue, job.opts.jobId, job.opts.attempts])).toEqual([
      ['scan-pages', 's1-h1', 3],
      ['scan-pages', 's1-h2', 3],
    ])
  })

  it('refuses a payload its schema rejects before it reaches a queue', async () => {
    const { queues, added } = recordingQueues()
    expect(() => enqueueJob(queues, JOBS.finalizeScan, { scanId: '' })).toThrow()
    expect(added).toEqual([])
  })

  it('gives every job an id rule without ":" (BullMQ refuses it) except those a scheduler names', () => {
    const scheduled = ['purgeExpiredSessions', 'scheduledSiteScan', 'sweepLostScans', 'uptimeSweep']
    expect(jobAddOptions(JOBS.refreshPageViews, { siteId: 's', key: '2026-11-27' }).jobId).toBe(
      'page-views-s-2026-11-27',
    )
    for (const [key, spec] of Object.entries(JOBS)) {
      if (scheduled.includes(key)) continue
      expect(spec.jobId, key).toBeTypeOf('function')
    }
    expect(
      jobAddOptions(JOBS.lighthousePage, { scanId: 's', pageId: 'p', url: 'https://a.test/' }).jobId,
    ).toBe('lighthouse-s-p')
    expect(jobAddOptions(JOBS.singlePageScan, { scanId: 's', uri: 'https://a.test/' }).jobId).toBe('s')
  })

  it('makes a scheduler template from the same options', () => {
    expect(jobSchedulerTemplate(JOBS.scheduledSiteScan, { siteId: 'x' })).toEqual({
      name: 'scheduled-site-scan',
      data: { siteId: 'x' },
      opts: JOBS.scheduledSiteScan.options,
    })
  })
})
