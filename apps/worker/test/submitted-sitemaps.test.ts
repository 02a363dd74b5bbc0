import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createPrismaClient } from '@canopy/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCANNED_PAGES } from '../../../tests/fixtures/site/planted.js'
import { type FixtureSite, startFixtureSite } from '../../../tests/fixtures/site/server.js'
import { loadWorkerConfig } from '../src/config.js'
import { createLogger } from '../src/logger.js'
import { type RunningWorkers, startWorkers } from '../src/start-workers.js'
import {
  createFixtureSiteRow,
  scanTestEnv,
  startSiteScan,
  waitForScanState,
} from './support/scan-fixtures.js'

// The sitemaps a site's admins submit replace robots.txt's as the seeds of discovery: with only the news
// sitemap submitted, the scan starts from the root and the news pages, none of the other sitemap's pages.
const config = loadWorkerConfig(scanTestEnv())
const prisma = createPrismaClient(config.databaseUrl)
let fixture: FixtureSite
let artifactsDir: string
let running: RunningWorkers

beforeAll(async () => {
  artifactsDir = await mkdtemp(path.join(tmpdir(), 'canopy-sitemaps-'))
  fixture = await startFixtureSite({})
  running = await startWorkers({
    config: { ...config, artifactsDir },
    logger: createLogger({ logLevel: 'silent' }),
  })
}, 60_000)

afterAll(async () => {
  await running?.close()
  await prisma.$disconnect()
  await fixture?.close()
  if (artifactsDir) await rm(artifactsDir, { recursive: true, force: true })
})

describe('submitted sitemaps', () => {
  it('seeds discovery with the submitted sitemaps only', async () => {
    const site = await createFixtureSiteRow(prisma, fixture.url)
    const origin = new URL(fixture.url).origin
    await prisma.site.update({
      where: { id: site.id },
      data: { sitemapUrls: [`${origin}/sitemaps/news.xml`] },
    })
    const scan = await startSiteScan(prisma, site.id, 500, config.redisUrl, config.queuePrefix)
    await waitForScanState(prisma, scan.id, (state) => state.pagesQueued > 0, 60_000)
    const seeded = await prisma.scanUrl.findMany({
      where: { scanId: scan.id, discoveredVia: 'sitemap' },
      select: { url: true },
    })
    const seededPaths = seeded.map((entry) => new URL(entry.url).pathname).sort()
    const newsPages = SCANNED_PAGES.filter((pagePath) => pagePath.startsWith('/news/'))
    expect(seededPaths.length).toBeGreaterThan(0)
    expect(seededPaths.every((pagePath) => pagePath.startsWith('/news/'))).toBe(true)
    expect(seededPaths.length).toBeLessThanOrEqual(newsPages.length + 1)
    // The site goes, and its scan with it: the workers find it gone and stop.
    await prisma.site.delete({ where: { id: site.id } })
  }, 120_000)
})
