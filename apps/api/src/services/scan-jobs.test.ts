import { JOBS, jobAddOptions } from '@canopy/contracts'
import type { Queue } from 'bullmq'
import { describe, expect, it } from 'vitest'
import type { QueueRegistry } from '../plugins/app/queues.js'
import { enqueueScanSite, enqueueSinglePageScan, scanSiteJobId, singlePageScanJobId } from './scan-jobs.js'

function recordingRegistry() {
  const added: { queue: string; name: string; opts: unknown }[] = []
  const registry = {
    get: (queue: string) =>
      ({
        add: async (name: string, _data: unknown, opts: unknown) => {
          added.push({ queue, name, opts })
        },
      }) as unknown as Queue,
  } as QueueRegistry
  return { registry, added }
}

describe('the API’s scan jobs', () => {
  it('are added with the options and ids the worker declares (the catalogue’s)', async () => {
    const { registry, added } = recordingRegistry()
    await enqueueScanSite(registry, { scanId: 'scan1' })
    await enqueueSinglePageScan(registry, { scanId: 'scan2', uri: 'https://a.test/' })
    expect(added).toEqual([
      {
        queue: JOBS.scanSite.queue,
        name: JOBS.scanSite.name,
        opts: jobAddOptions(JOBS.scanSite, { scanId: 'scan1' }),
      },
      {
        queue: JOBS.singlePageScan.queue,
        name: JOBS.singlePageScan.name,
        opts: jobAddOptions(JOBS.singlePageScan, { scanId: 'scan2', uri: 'https://a.test/' }),
      },
    ])
    expect(scanSiteJobId('scan1')).toBe('scan-site-scan1')
    expect(singlePageScanJobId('scan2')).toBe('scan2')
  })
})
