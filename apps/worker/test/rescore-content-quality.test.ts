import { createPrismaClient } from '@canopy/db'
import type { Job } from 'bullmq'
import { afterAll, describe, expect, it } from 'vitest'
import { loadWorkerConfig } from '../src/config.js'
import { rescoreContentQuality } from '../src/jobs/rescore-content-quality.handler.js'
import { createLogger } from '../src/logger.js'
import { createFixtureSiteRow, scanTestEnv } from './support/scan-fixtures.js'

// After words join a dictionary the API deletes their misspellings; this job scores the pages again from what
// their last scan stored, with the misspellings they still have.
const config = loadWorkerConfig(scanTestEnv())
const prisma = createPrismaClient(config.databaseUrl)
const context = { prisma, logger: createLogger({ logLevel: 'silent' }), job: {} as Job }
afterAll(() => prisma.$disconnect())

describe('rescore-content-quality', () => {
  it('scores the page with the misspellings it has left and updates its misspellings audit', async () => {
    const site = await createFixtureSiteRow(prisma, 'https://council.example/')
    const scan = await prisma.scan.create({
      data: { siteId: site.id, kind: 'site', pageLimit: 10, state: 'completed', finishedAt: new Date() },
    })
    const page = await prisma.page.create({
      data: {
        siteId: site.id,
        url: 'https://council.example/garden',
        lastScanId: scan.id,
        contentQualityScore: 77.5,
      },
    })
    const contentQualityInput = {
      flesch: 70,
      brokenImages: [],
      misspellings: [
        { word: 'Grovia', count: 2 },
        { word: 'seperate', count: 1 },
      ],
      invalidContacts: [],
    }
    await prisma.pageResult.create({
      data: {
        scanId: scan.id,
        pageId: page.id,
        status: 'succeeded',
        scores: { accessibility: 90, seo: 80, contentQuality: 77.5, contentQualityInput },
      },
    })
    // The site's figures as the scan's finalize wrote them, before the dictionary change.
    await prisma.historyPoint.create({
      data: { siteId: site.id, scanId: scan.id, numberOfPages: 1, contentQualityScore: 77.5, metrics: {} },
    })
    // What the API left: 'Grovia' went into a dictionary, 'seperate' is still misspelt.
    await prisma.misspelling.create({
      data: {
        siteId: site.id,
        word: 'seperate',
        language: 'en',
        occurrences: { create: { pageId: page.id, count: 1 } },
      },
    })

    expect(
      await rescoreContentQuality({ siteId: site.id, changeId: 'change-1', pageIds: [page.id] }, context),
    ).toEqual({
      rescored: 1,
    })
    // Flesch 70, no broken link, no broken image, one misspelling (100 - 10): (70 + 100 + 100 + 90) / 4.
    expect((await prisma.page.findUniqueOrThrow({ where: { id: page.id } })).contentQualityScore).toBe(90)
    const audit = await prisma.pageIssue.findFirstOrThrow({
      where: { pageId: page.id, issueId: 'misspellings' },
    })
    expect(audit.outcome).toBe('failed')
    expect(JSON.stringify(audit.details)).toContain('seperate')
    expect(JSON.stringify(audit.details)).not.toContain('Grovia')
    const result = await prisma.pageResult.findFirstOrThrow({ where: { pageId: page.id } })
    expect(result.scores).toMatchObject({
      contentQuality: 90,
      contentQualityInput: { misspellings: [{ word: 'seperate', count: 1 }] },
    })
    // The overview's figures follow at once: the site's point of its last scan and the misspelling totals.
    const point = await prisma.historyPoint.findFirstOrThrow({ where: { siteId: site.id, sectionId: null } })
    expect(point.contentQualityScore).toBe(90)
    const misspelling = await prisma.misspelling.findFirstOrThrow({ where: { siteId: site.id } })
    expect(misspelling).toMatchObject({ word: 'seperate', totalCount: 1, pageCount: 1 })
  })

  it('leaves a page of another site, or one never scanned, alone', async () => {
    const site = await createFixtureSiteRow(prisma, 'https://council.example/')
    const other = await createFixtureSiteRow(prisma, 'https://other.example/')
    const page = await prisma.page.create({ data: { siteId: other.id, url: 'https://other.example/' } })
    expect(
      await rescoreContentQuality({ siteId: site.id, changeId: 'change-1', pageIds: [page.id] }, context),
    ).toEqual({
      rescored: 0,
    })
  })
})
