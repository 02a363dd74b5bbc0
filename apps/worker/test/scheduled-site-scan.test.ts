import { JOBS, jobAddOptions } from '@canopy/contracts'
import { createPrismaClient, createScan } from '@canopy/db'
import type { Job } from 'bullmq'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadWorkerConfig } from '../src/config.js'
import { closeScanRuntime, configureScanRuntime } from '../src/jobs/scan-runtime.js'
import { scheduledSiteScanJob } from '../src/jobs/scan-site.js'
import { createLogger } from '../src/logger.js'
import { createFixtureSiteRow } from './support/scan-fixtures.js'

// The scheduler's tick goes through the same createScanUnlessActive as the API: the site's next number, one
// scan at a time, and the discovery job added with the catalogue's options (no worker consumes it here).
const config = loadWorkerConfig()
const prisma = createPrismaClient(config.databaseUrl)
let connection: Redis
let scans: Queue

beforeAll(() => {
  configureScanRuntime(config, { lighthouseJobRegistered: false })
  connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null })
  scans = new Queue(JOBS.scanSite.queue, { connection, prefix: config.queuePrefix })
})

afterAll(async () => {
  await closeScanRuntime()
  await scans?.obliterate({ force: true })
  await scans?.close()
  await connection?.quit()
  await prisma.$disconnect()
})

function tick(siteId: string) {
  const context = { prisma, logger: createLogger({ logLevel: 'silent' }), job: { id: 'tick' } as Job }
  return scheduledSiteScanJob.run({ siteId }, context) as Promise<{ scanId: string; skipped?: string }>
}

describe('scheduled-site-scan', () => {
  it('creates the site’s next numbered scan and its discovery job, and none while one is under way', async () => {
    const site = await createFixtureSiteRow(prisma, 'http://127.0.0.1:9/')
    const earlier = await createScan(prisma, {
      siteId: site.id,
      kind: 'page',
      requestedById: null,
      pageLimit: 1,
    })
    await prisma.scan.update({ where: { id: earlier.id }, data: { state: 'completed' } })

    const first = await tick(site.id)
    const scan = await prisma.scan.findUniqueOrThrow({ where: { id: first.scanId } })
    expect(scan).toMatchObject({ number: 2, kind: 'site', trigger: 'schedule', state: 'queued' })
    const options = jobAddOptions(JOBS.scanSite, { scanId: scan.id })
    const job = await scans.getJob(options.jobId ?? '')
    expect(job?.name).toBe(JOBS.scanSite.name)
    expect(job?.opts).toMatchObject({ attempts: options.attempts, backoff: options.backoff })

    const second = await tick(site.id)
    expect(second).toMatchObject({ skipped: 'a scan is already under way', scanId: scan.id })
    expect(await prisma.scan.count({ where: { siteId: site.id } })).toBe(2)
  })
})
