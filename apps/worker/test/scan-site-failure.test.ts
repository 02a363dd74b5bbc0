import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SCAN_JOB_NAMES, SCAN_QUEUE_NAMES } from '@canopy/contracts'
import { createPrismaClient } from '@canopy/db'
import { type JobsOptions, Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadWorkerConfig } from '../src/config.js'
import { createLogger } from '../src/logger.js'
import { type RunningWorkers, startWorkers } from '../src/start-workers.js'
import { createFixtureSiteRow, scanTestEnv } from './support/scan-fixtures.js'

// Site scans that cannot find a single page end `failed` with the reason, through the real queues and
// Chromium: a root nobody answers (after every retry, not before), a root the guard refuses, a root that
// answers only with errors.
const config = loadWorkerConfig(scanTestEnv())
const prisma = createPrismaClient(config.databaseUrl)
const connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null })
const scansQueue = new Queue(SCAN_QUEUE_NAMES.scans, { connection, prefix: config.queuePrefix })
let running: RunningWorkers
let artifactsDir: string
let notFoundServer: Server
let closedPortUrl: string

/** A port that was just free: listened on, then closed, so a connection there is refused. */
async function closedPort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  server.close()
  await once(server, 'close')
  return port
}

async function startScan(rootUri: string, jobOptions: JobsOptions) {
  const site = await createFixtureSiteRow(prisma, rootUri)
  const scan = await prisma.scan.create({ data: { siteId: site.id, kind: 'site', pageLimit: 10 } })
  const jobId = `scan-site-${scan.id}`
  await scansQueue.add(SCAN_JOB_NAMES.scanSite, { scanId: scan.id }, { jobId, ...jobOptions })
  return { scan, jobId }
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`timed out; last seen ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const readScan = (scanId: string) => () => prisma.scan.findUniqueOrThrow({ where: { id: scanId } })

beforeAll(async () => {
  artifactsDir = await mkdtemp(path.join(tmpdir(), 'canopy-failure-'))
  closedPortUrl = `http://127.0.0.1:${await closedPort()}/`
  notFoundServer = createServer((_request, response) => {
    response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>Not here</h1>')
  })
  notFoundServer.listen(0, '127.0.0.1')
  await once(notFoundServer, 'listening')
  running = await startWorkers({
    config: { ...config, artifactsDir },
    logger: createLogger({ logLevel: 'silent' }),
  })
}, 60_000)

afterAll(async () => {
  await running?.close()
  await scansQueue.close()
  await connection.quit()
  notFoundServer?.close()
  await prisma.$disconnect()
  if (artifactsDir) await rm(artifactsDir, { recursive: true, force: true })
})

describe('a site scan that finds no page', () => {
  it('whose root nobody answers is retried, then failed with the reason once every attempt failed', async () => {
    const { scan, jobId } = await startScan(closedPortUrl, {
      attempts: 3,
      backoff: { type: 'fixed', delay: 1500 },
    })
    // After the first failed attempt the job waits for its retry and the scan is not failed yet.
    const firstFailure = await waitFor(
      async () => (await scansQueue.getJob(jobId))?.attemptsMade ?? 0,
      (attempts) => attempts >= 1,
      20_000,
    )
    expect(firstFailure).toBeLessThan(3)
    const meanwhile = await readScan(scan.id)()
    expect(meanwhile.state).toBe('running')
    expect(meanwhile.finishedAt).toBeNull()

    const failed = await waitFor(readScan(scan.id), (row) => row.state === 'failed', 30_000)
    const job = await scansQueue.getJob(jobId)
    expect(job?.attemptsMade).toBe(3)
    expect(await job?.getState()).toBe('failed')
    expect(failed.finishedAt).not.toBeNull()
    expect(failed.error).toBe(
      `The site's root ${closedPortUrl} could not be loaded: the connection was refused (connect ECONNREFUSED ${new URL(closedPortUrl).host}).`,
    )
    expect(await prisma.scanUrl.count({ where: { scanId: scan.id } })).toBe(0)
  }, 60_000)

  it('whose root the address guard refuses fails at once, without retries', async () => {
    const { scan, jobId } = await startScan('http://10.255.255.1/', {
      attempts: 3,
      backoff: { type: 'fixed', delay: 60_000 },
    })
    const failed = await waitFor(readScan(scan.id), (row) => row.state === 'failed', 20_000)
    expect(failed.error).toBe(
      "The site's root http://10.255.255.1/ could not be loaded: its address is private and not allow-listed (CANOPY_SCAN_ALLOW_HOSTS).",
    )
    expect((await scansQueue.getJob(jobId))?.attemptsMade).toBe(1)
  })

  it('whose root answers only with an error is failed with that answer, not completed empty', async () => {
    const rootUrl = `http://127.0.0.1:${(notFoundServer.address() as AddressInfo).port}/`
    const { scan } = await startScan(rootUrl, { attempts: 3 })
    const failed = await waitFor(readScan(scan.id), (row) => row.state === 'failed', 60_000)
    expect(failed.error).toBe(
      `No page could be scanned: the site's root ${rootUrl} is not a page (it answers HTTP 404), and the sitemap lists no other page of the site.`,
    )
    expect(failed.finishedAt).not.toBeNull()
    expect(failed.pagesScanned).toBe(0)
    expect(await prisma.historyPoint.count({ where: { scanId: scan.id } })).toBe(0)
    const site = await prisma.site.findUniqueOrThrow({ where: { id: failed.siteId ?? '' } })
    expect(site.firstScanCompleted).toBe(false)
  }, 90_000)
})
