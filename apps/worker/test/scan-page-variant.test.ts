import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createPrismaClient } from '@canopy/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type FixtureSite,
  startFixtureSite,
  VARIANT_CONTROL_PATH,
} from '../../../tests/fixtures/site/server.js'
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

// The fixture's variant switch seen through the scanner: a page scan of /news/summer-fair fails image-alt,
// the page is switched to its fixed version, and a rescan of the page passes it (real queue, Chromium,
// database; Lighthouse off).
let fixture: FixtureSite
let artifactsDir: string
let running: RunningWorkers
const config = loadWorkerConfig(scanTestEnv({ CANOPY_QUEUE_PREFIX: `variant-test-${randomSuffix()}` }))
const prisma = createPrismaClient(config.databaseUrl)
const PAGE = '/news/summer-fair'

beforeAll(async () => {
  artifactsDir = await mkdtemp(path.join(tmpdir(), 'canopy-variant-'))
  fixture = await startFixtureSite({})
  running = await startWorkers({
    config: { ...config, artifactsDir },
    logger: createLogger({ logLevel: 'silent' }),
  })
}, 60_000)

afterAll(async () => {
  await running?.close()
  await fixture?.close()
  await prisma.$disconnect()
  if (artifactsDir) await rm(artifactsDir, { recursive: true, force: true })
})

/** Scans the page alone and answers its image-alt outcome. */
async function imageAltOutcome(siteId: string) {
  const url = new URL(PAGE, fixture.url).href
  const scan = await startSiteScan(prisma, siteId, 1, config.redisUrl, config.queuePrefix, url)
  await waitForScanState(prisma, scan.id, (row) => row.state === 'completed', 90_000)
  const page = await prisma.page.findUniqueOrThrow({ where: { siteId_url: { siteId, url } } })
  const issue = await prisma.pageIssue.findFirstOrThrow({ where: { pageId: page.id, issueId: 'image-alt' } })
  return { outcome: issue.outcome, nodeCount: issue.nodeCount }
}

async function switchVariant(variant: 'barrier' | 'fixed') {
  const answer = await fetch(new URL(VARIANT_CONTROL_PATH, fixture.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: PAGE, variant }),
  })
  expect(answer.status).toBe(204)
}

describe('a page switched to its fixed version', () => {
  it('fails image-alt with its barrier and passes it once rescanned without', async () => {
    const site = await createFixtureSiteRow(prisma, fixture.url)
    expect(await imageAltOutcome(site.id)).toEqual({ outcome: 'failed', nodeCount: 2 })
    await switchVariant('fixed')
    expect((await imageAltOutcome(site.id)).outcome).toBe('passed')
    await switchVariant('barrier')
  }, 200_000)
})
