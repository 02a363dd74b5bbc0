import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SCAN_JOB_NAMES, SCAN_QUEUE_NAMES, SinglePageScanResultSchema } from '@canopy/contracts'
import { createPrismaClient, findRedirectsTo } from '@canopy/db'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  HANDBOOK_EXTERNAL_REDIRECT,
  HANDBOOK_PAGES,
  HANDBOOK_REDIRECTS,
  HANDBOOK_ROOT,
} from '../../../tests/fixtures/site/handbook.js'
import { type FixtureSite, startFixtureSite } from '../../../tests/fixtures/site/server.js'
import { loadWorkerConfig } from '../src/config.js'
import { createLogger } from '../src/logger.js'
import { type RunningWorkers, startWorkers } from '../src/start-workers.js'
import {
  createFixtureSiteRow,
  randomSuffix,
  scanTestEnv,
  startSiteScan,
  waitForScanState,
} from './support/scan-fixtures.js'

// Scans of the fixture's handbook (a book of static HTML files whose root names a file, with an HTTP 301
// stub, meta-refresh stubs for old chapter addresses and a page whose script moves it) through the real
// queues, Chromium and database (Lighthouse off).
let fixture: FixtureSite
let artifactsDir: string
let running: RunningWorkers
let connection: Redis
const env = scanTestEnv({ CANOPY_QUEUE_PREFIX: `redirects-test-${randomSuffix()}` })
const config = loadWorkerConfig(env)
const prisma = createPrismaClient(config.databaseUrl)

const urlOf = (pagePath: string) => new URL(pagePath, fixture.url).href
const pathOf = (url: string) => new URL(url).pathname

beforeAll(async () => {
  artifactsDir = await mkdtemp(path.join(tmpdir(), 'canopy-redirects-'))
  fixture = await startFixtureSite({})
  running = await startWorkers({
    config: { ...config, artifactsDir },
    logger: createLogger({ logLevel: 'silent' }),
  })
  connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null })
}, 60_000)

afterAll(async () => {
  await connection?.quit()
  await running?.close()
  await fixture?.close()
  await prisma.$disconnect()
  if (artifactsDir) await rm(artifactsDir, { recursive: true, force: true })
})

/** A site rooted at the handbook's title page file, scanned (a site scan, or a page scan of one address). */
async function scanHandbook(individualPath?: string) {
  const site = await createFixtureSiteRow(prisma, urlOf(HANDBOOK_ROOT), { pageLimit: 50 })
  const individualUrl = individualPath ? urlOf(individualPath) : undefined
  const scan = await startSiteScan(
    prisma,
    site.id,
    individualUrl ? 1 : 50,
    config.redisUrl,
    config.queuePrefix,
    individualUrl,
  )
  const finished = await waitForScanState(prisma, scan.id, (row) => row.state === 'completed', 150_000)
  const results = await prisma.pageResult.findMany({ where: { scanId: scan.id }, include: { page: true } })
  return { site, scan: finished, results }
}

describe('site scan of a book whose root names a file', () => {
  let outcome: Awaited<ReturnType<typeof scanHandbook>>
  beforeAll(async () => {
    outcome = await scanHandbook()
  }, 180_000)

  it("crawls the root file's directory: every page once, the chapters behind stubs included, nothing outside", () => {
    const failures = outcome.results.filter((row) => row.status !== 'succeeded')
    expect(failures.map((row) => `${row.page.url}: ${row.error}`)).toEqual([])
    expect(outcome.results.map((row) => pathOf(row.page.url)).sort()).toEqual([...HANDBOOK_PAGES].sort())
    expect(outcome.scan.pagesScanned).toBe(HANDBOOK_PAGES.length)
    expect(outcome.scan.pagesQueued).toBe(HANDBOOK_PAGES.length)
  })

  it('records each stub as a redirect to the page it leads to, the way it got there', async () => {
    for (const redirect of HANDBOOK_REDIRECTS) {
      const link = await prisma.link.findUniqueOrThrow({
        where: { siteId_url: { siteId: outcome.site.id, url: urlOf(redirect.path) } },
      })
      expect(link.finalUrl, redirect.path).toBe(urlOf(redirect.to))
      expect(link.isBroken, redirect.path).toBe(false)
      // An HTTP redirect's chain is the link checker's ({url, status}); the browser's names how it moved.
      const chain = link.redirectChain as { url: string; status: number; via?: string }[]
      expect(chain[0], redirect.path).toMatchObject(
        redirect.kind === 'http'
          ? { url: urlOf(redirect.path), status: 301 }
          : { url: urlOf(redirect.path), via: redirect.kind },
      )
      // What page detail's "redirected from" reads.
      expect(await findRedirectsTo(prisma, { siteId: outcome.site.id, url: urlOf(redirect.to) })).toContain(
        urlOf(redirect.path),
      )
    }
  })

  it('does not follow a redirect out of the root directory as a page', async () => {
    const paths = outcome.results.map((row) => pathOf(row.page.url))
    expect(paths).not.toContain(HANDBOOK_EXTERNAL_REDIRECT.to)
    expect(paths).not.toContain('/')
    const link = await prisma.link.findUniqueOrThrow({
      where: { siteId_url: { siteId: outcome.site.id, url: urlOf(HANDBOOK_EXTERNAL_REDIRECT.path) } },
    })
    expect(link.finalUrl).toBe(urlOf(HANDBOOK_EXTERNAL_REDIRECT.to))
    const frontier = await prisma.scanUrl.findMany({ where: { scanId: outcome.scan.id } })
    expect(frontier.filter((row) => pathOf(row.url) === HANDBOOK_EXTERNAL_REDIRECT.to)).toEqual([])
  })
})

describe('pages that move themselves while being audited', () => {
  it('a page scan of a meta-refresh stub audits the chapter it lands on', async () => {
    const stub = HANDBOOK_REDIRECTS.find((redirect) => redirect.path === '/handbook/chapter-2.html')
    if (!stub) throw new Error('the handbook lost its delayed meta refresh')
    const { site, results } = await scanHandbook(stub.path)
    expect(results.map((row) => [pathOf(row.page.url), row.status])).toEqual([[stub.to, 'succeeded']])
    expect(await findRedirectsTo(prisma, { siteId: site.id, url: urlOf(stub.to) })).toEqual([
      urlOf(stub.path),
    ])
  }, 180_000)

  it('a single-page scan of a meta-refresh stub or a page whose script moves it shows where it lands', async () => {
    const queue = new Queue(SCAN_QUEUE_NAMES.singlePageScans, { connection, prefix: config.queuePrefix })
    try {
      for (const redirect of HANDBOOK_REDIRECTS.filter((entry) => entry.kind !== 'http')) {
        const uri = urlOf(redirect.path)
        const scan = await prisma.scan.create({
          data: { kind: 'single_page', pageLimit: 1, individualUrl: uri },
        })
        await queue.add(SCAN_JOB_NAMES.singlePageScan, { scanId: scan.id, uri }, { jobId: `spr-${scan.id}` })
        const finished = await waitForScanState(
          prisma,
          scan.id,
          (row) => row.state === 'completed' || row.state === 'failed',
          90_000,
        )
        expect(finished.error, redirect.path).toBeNull()
        const result = SinglePageScanResultSchema.parse(finished.result)
        expect(result.url, redirect.path).toBe(urlOf(redirect.to))
        expect(result.redirectedFrom, redirect.path).toBe(uri)
        expect(result.pageTitle, redirect.path).not.toMatch(/has moved|latest edition/)
        expect(result.accessibility.score, redirect.path).not.toBeNull()
      }
    } finally {
      await queue.close()
    }
  }, 240_000)
})
