import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { type LighthousePagePayload, PerformanceMetricsSchema, SCAN_QUEUE_NAMES } from '@canopy/contracts'
import { createPrismaClient } from '@canopy/db'
import { Queue, QueueEvents } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadWorkerConfig } from '../src/config.js'
import { hashUrl } from '../src/crawl/normalize-url.js'
import { lighthousePageJob } from '../src/jobs/lighthouse-page.js'
import { finalizeJobId } from '../src/jobs/scan-job-options.js'
import { createLogger } from '../src/logger.js'
import { type RunningWorkers, startWorkers } from '../src/start-workers.js'

// DATABASE_URL, REDIS_URL and a unique CANOPY_QUEUE_PREFIX come from the integration global setup; the
// fixture site is on loopback, which the network guard (Lighthouse's too) refuses unless allow-listed.
const config = {
  ...loadWorkerConfig(),
  queues: [SCAN_QUEUE_NAMES.lighthouse],
  allowHosts: ['127.0.0.1'],
} as ReturnType<typeof loadWorkerConfig>
const prisma = createPrismaClient(config.databaseUrl)
const LIGHTHOUSE_TIMEOUT = 120_000

/** A page with a render-blocking stylesheet and a long task, so the performance category has failures to store. */
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lighthouse job page</title>
<link rel="stylesheet" href="/style.css"></head><body><h1>Lighthouse job page</h1><p>Some text.</p>
<img src="/missing.png"><script>var end = Date.now() + 300; while (Date.now() < end) {}</script></body></html>`
const CSS = Array.from(
  { length: 800 },
  (_, index) => `.unused-${index} { color: red; margin: ${index}px; }`,
).join('\n')

let server: Server
let pageUrl: string
let running: RunningWorkers
let connection: Redis
let eventsConnection: Redis
let queue: Queue
let events: QueueEvents

function randomId() {
  return randomBytes(6).toString('hex')
}

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/style.css') {
      response.writeHead(200, { 'content-type': 'text/css' })
      response.end(CSS)
    } else if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(PAGE)
    } else {
      response.writeHead(404)
      response.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  pageUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/`
  running = await startWorkers({
    config,
    logger: createLogger({ logLevel: 'silent' }),
    jobs: [lighthousePageJob],
  })
  connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null })
  eventsConnection = new Redis(config.redisUrl, { maxRetriesPerRequest: null })
  queue = new Queue(SCAN_QUEUE_NAMES.lighthouse, { connection, prefix: config.queuePrefix })
  events = new QueueEvents(SCAN_QUEUE_NAMES.lighthouse, {
    connection: eventsConnection,
    prefix: config.queuePrefix,
  })
  await events.waitUntilReady()
}, 60_000)

afterAll(async () => {
  await running?.close()
  await queue?.obliterate({ force: true })
  await events?.close()
  await queue?.close()
  await connection?.quit()
  await eventsConnection?.quit()
  await prisma.$disconnect()
  await new Promise((resolve) => server?.close(resolve))
})

async function createScannedPage() {
  const id = randomId()
  const organisation = await prisma.organisation.create({
    data: { slug: `lh-${id}`, name: `Lighthouse ${id}` },
  })
  const site = await prisma.site.create({
    data: {
      slug: `lh-${id}`,
      siteName: 'Lighthouse site',
      rootUri: pageUrl,
      organisationId: organisation.id,
    },
  })
  const scan = await prisma.scan.create({
    data: { siteId: site.id, kind: 'site', pageLimit: 10, lighthouseQueued: 1, state: 'running' },
  })
  await prisma.scanUrl.create({
    data: {
      scanId: scan.id,
      // The job marks the run done by the hash of the page's URL, as the frontier stored it.
      urlHash: hashUrl(pageUrl),
      url: pageUrl,
      depth: 0,
      discoveredVia: 'root',
      state: 'scanned',
      lighthouseDone: false,
    },
  })
  const page = await prisma.page.create({ data: { siteId: site.id, url: pageUrl } })
  return { scan, page }
}

async function runJob(payload: LighthousePagePayload) {
  const job = await queue.add(lighthousePageJob.name, payload)
  return job.waitUntilFinished(events, LIGHTHOUSE_TIMEOUT)
}

describe('lighthouse-page job', () => {
  it(
    'runs tuned Lighthouse on the page, stores its performance issues, score and metrics, and a rerun rewrites them',
    async () => {
      const { scan, page } = await createScannedPage()
      const payload = { scanId: scan.id, pageId: page.id, url: pageUrl }

      const first = await runJob(payload)
      expect(first.lighthouseVersion).toMatch(/^13\./)
      const stored = await prisma.page.findUniqueOrThrow({ where: { id: page.id } })
      expect(stored.performanceScore).toBeGreaterThanOrEqual(0)
      expect(stored.performanceScore).toBeLessThanOrEqual(100)
      const metrics = PerformanceMetricsSchema.parse(stored.performanceMetrics)
      expect(metrics.firstContentfulPaint.value).toBeGreaterThan(0)
      expect(metrics.largestContentfulPaint.value).toBeGreaterThanOrEqual(metrics.firstContentfulPaint.value)

      const issues = await prisma.pageIssue.findMany({ where: { pageId: page.id } })
      expect(issues.length).toBe(first.stored)
      expect(issues.every((issue) => issue.category === 'performance' && issue.scanId === scan.id)).toBe(true)
      // metrics and hidden audits are shown as metrics or not at all, never as issues
      expect(issues.some((issue) => issue.auditGroup === 'metrics' || issue.auditGroup === 'hidden')).toBe(
        false,
      )
      const failed = issues.filter((issue) => issue.outcome === 'failed')
      expect(failed.length).toBe(stored.numberOfPerformanceIssuesFailed)
      expect(failed.length).toBeGreaterThan(0)
      expect(failed.every((issue) => issue.issueLevel === 'Error')).toBe(true)
      const unusedCss = issues.find((issue) => issue.issueId === 'unused-css-rules')
      expect(unusedCss?.outcome).toBe('failed')
      expect((unusedCss?.details as { type: string } | undefined)?.type).toBe('opportunity')
      expect(await prisma.scan.findUniqueOrThrow({ where: { id: scan.id } })).toMatchObject({
        lighthouseDone: 1,
      })
      // Its pages were done and this was the scan's last Lighthouse run: the scan is handed to finalize.
      const scansQueue = new Queue(SCAN_QUEUE_NAMES.scans, { connection, prefix: config.queuePrefix })
      expect(await scansQueue.getJob(finalizeJobId(scan.id))).toBeTruthy()
      await scansQueue.close()

      // A retry of the same page (BullMQ retry or a job enqueued twice) rewrites, never duplicates or recounts.
      const second = await runJob(payload)
      const afterRetry = await prisma.pageIssue.findMany({ where: { pageId: page.id } })
      expect(afterRetry.length).toBe(second.stored)
      expect(new Set(afterRetry.map((issue) => issue.issueId)).size).toBe(afterRetry.length)
      expect(await prisma.scan.findUniqueOrThrow({ where: { id: scan.id } })).toMatchObject({
        lighthouseDone: 1,
      })
    },
    LIGHTHOUSE_TIMEOUT * 2,
  )
})
