import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  ELEMENT_SCREENSHOT_PATH_PATTERN,
  SCAN_JOB_NAMES,
  SCAN_QUEUE_NAMES,
  SinglePageScanResultSchema,
} from '@canopy/contracts'
import { createPrismaClient } from '@canopy/db'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACTS, DOCUMENTS } from '../../../tests/fixtures/site/planted.js'
import { type FixtureSite, startFixtureSite } from '../../../tests/fixtures/site/server.js'
import { loadWorkerConfig } from '../src/config.js'
import { createLogger } from '../src/logger.js'
import { type RunningWorkers, startWorkers } from '../src/start-workers.js'
import { createFixtureSiteRow, randomSuffix, scanTestEnv, waitForScanState } from './support/scan-fixtures.js'

// Single-page scans of fixture pages through the real queue, Chromium and database (Lighthouse off).
let fixture: FixtureSite
let artifactsDir: string
let running: RunningWorkers
let connection: Redis
let queue: Queue
const env = scanTestEnv({
  WORKER_QUEUES: SCAN_QUEUE_NAMES.singlePageScans,
  // a queue prefix of its own, so no other test's worker takes these jobs
  CANOPY_QUEUE_PREFIX: `single-page-test-${randomSuffix()}`,
})
const config = loadWorkerConfig(env)
const prisma = createPrismaClient(config.databaseUrl)

beforeAll(async () => {
  artifactsDir = await mkdtemp(path.join(tmpdir(), 'canopy-single-page-artifacts-'))
  fixture = await startFixtureSite({})
  running = await startWorkers({
    config: { ...config, artifactsDir },
    logger: createLogger({ logLevel: 'silent' }),
  })
  connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null })
  queue = new Queue(SCAN_QUEUE_NAMES.singlePageScans, { connection, prefix: config.queuePrefix })
}, 60_000)

afterAll(async () => {
  await queue?.close()
  await connection?.quit()
  await running?.close()
  await fixture?.close()
  await prisma.$disconnect()
  if (artifactsDir) await rm(artifactsDir, { recursive: true, force: true })
})

/** Queues a single-page scan of a fixture page (of a site, or of none) as the API does, and reads back the stored result. */
async function scanPage(pagePath: string, siteId?: string) {
  const uri = new URL(pagePath, fixture.url).href
  const scan = await prisma.scan.create({
    data: { kind: 'single_page', pageLimit: 1, individualUrl: uri, ...(siteId ? { siteId } : {}) },
  })
  await queue.add(SCAN_JOB_NAMES.singlePageScan, { scanId: scan.id, uri }, { jobId: `spt-${scan.id}` })
  const finished = await waitForScanState(
    prisma,
    scan.id,
    (row) => row.state === 'completed' || row.state === 'failed',
    90_000,
  )
  expect(finished.state).toBe('completed')
  return { scan, result: SinglePageScanResultSchema.parse(finished.result) }
}

describe('single-page scan', () => {
  it('lists the documents a page links to, with their kind, extension, link text and status', async () => {
    const { result } = await scanPage('/documents/')
    const documents = result.inventory?.documents ?? []
    expect(documents.map((document) => new URL(document.url).pathname).sort()).toEqual(
      DOCUMENTS.map((document) => document.path).sort(),
    )
    for (const expected of DOCUMENTS) {
      const found = documents.find((document) => new URL(document.url).pathname === expected.path)
      expect(found, expected.path).toMatchObject({
        kind: expected.kind,
        extension: path.extname(expected.path),
        httpStatus: 200,
        isBroken: false,
      })
      expect(found?.linkText, expected.path).not.toBe('')
    }
    expect(documents.find((document) => document.url.endsWith('annual-report-2025.pdf'))?.linkText).toBe(
      'Annual report 2025 (PDF)',
    )
    expect(result.inventory?.contacts).toEqual([])
  }, 120_000)

  it("lists the page's e-mail addresses and phone numbers with their validity", async () => {
    const { result } = await scanPage('/about/staff-directory')
    const expected = CONTACTS.filter((contact) => contact.path === '/about/staff-directory')
    expect(expected.some((contact) => !contact.valid)).toBe(true)
    const contacts = result.inventory?.contacts ?? []
    const key = (contact: { kind: string; value: string }) => `${contact.kind} ${contact.value}`
    expect(contacts.map(key).sort()).toEqual(expected.map(key).sort())
    for (const contact of expected) {
      expect(
        contacts.find((found) => key(found) === key(contact)),
        key(contact),
      ).toMatchObject({
        valid: contact.valid,
        count: contact.count,
      })
    }
  }, 120_000)

  it('keeps element screenshots under the artifacts folder, recorded by their path relative to it', async () => {
    const { scan, result } = await scanPage('/services/report-a-problem')
    const label = result.accessibility.audits.failed.find((audit) => audit.id === 'label')
    const items = (label?.details as { items?: { node?: { screenshotPath?: string } }[] } | null)?.items ?? []
    const stored = items.flatMap((item) => (item.node?.screenshotPath ? [item.node.screenshotPath] : []))
    expect(stored.length).toBeGreaterThan(0)
    for (const screenshotPath of stored) {
      expect(screenshotPath).toMatch(ELEMENT_SCREENSHOT_PATH_PATTERN)
      expect(screenshotPath.startsWith(`scans/${scan.id}/`)).toBe(true)
      expect((await stat(path.join(artifactsDir, screenshotPath))).isFile()).toBe(true)
    }
  }, 120_000)

  it("judges a site's page by the site's WCAG target, with the site's engines", async () => {
    const site = await createFixtureSiteRow(prisma, fixture.url, { engines: ['axe'] })
    await prisma.site.update({ where: { id: site.id }, data: { wcagVersion: '2.0', wcagLevel: 'A' } })
    const { result } = await scanPage('/services/council-tax', site.id)
    const audits = Object.values(result.accessibility.audits).flat()
    // 1.4.3 (AA) is above a WCAG 2.0 A target: the page's low contrast is advice, not a failure of it
    expect(audits.find((audit) => audit.id === 'color-contrast')).toMatchObject({ conformance: 'advice' })
    expect(audits.find((audit) => audit.id === 'html-has-lang')).toMatchObject({ conformance: 'failure' })
    expect(new Set(audits.flatMap((audit) => audit.engines ?? []))).toEqual(new Set(['axe']))
  }, 120_000)
})
