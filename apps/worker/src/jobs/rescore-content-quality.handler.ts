import type { RescoreContentQualityPayload } from '@canopy/contracts'
import {
  findLatestSiteScanId,
  findPageForContentRescore,
  runInTransaction,
  updateFinalizedPage,
  updatePageResultScores,
} from '@canopy/db'
import { buildContentQuality, type ContentQualityInput } from '../scoring/content-quality.js'
import { writeScanFigures } from '../storage/finalize.js'
import { brokenLinksByPage } from '../storage/finalize-pages.js'
import { storeCategoryIssues } from '../storage/store-page.js'
import type { JobContext } from './define-job.js'

interface StoredScores {
  contentQuality: number | null
  contentQualityInput: Omit<ContentQualityInput, 'brokenLinks'>
}

/**
 * Words added to a dictionary removed misspellings from these pages (the API deleted them and recounted the
 * pages): each page's content quality is scored again from what its last scan stored, with the misspellings
 * it still has, and its misspellings audit updated; then the site's figures of its last full scan are written
 * again from its pages. Idempotent: it recomputes from what is stored.
 */
export async function rescoreContentQuality(
  { siteId, pageIds }: RescoreContentQualityPayload,
  { prisma, logger }: JobContext,
): Promise<{ rescored: number }> {
  const broken = await brokenLinksByPage(prisma, pageIds)
  let rescored = 0
  for (const pageId of pageIds) {
    const found = await findPageForContentRescore(prisma, { siteId, pageId })
    const stored = found?.result.scores as unknown as StoredScores | undefined
    if (!found || !stored?.contentQualityInput) continue
    const input = { ...stored.contentQualityInput, misspellings: found.misspellings }
    const contentQuality = buildContentQuality({ ...input, brokenLinks: broken.get(pageId) ?? [] })
    await runInTransaction(prisma, async (tx) => {
      const ids = { siteId, pageId, scanId: found.result.scanId }
      await storeCategoryIssues(tx, ids, 'content-quality', contentQuality)
      await updateFinalizedPage(tx, pageId, { contentQualityScore: contentQuality.score })
      await updatePageResultScores(tx, found.result.id, {
        ...stored,
        contentQuality: contentQuality.score,
        contentQualityInput: input,
      })
    })
    rescored += 1
  }
  // The overview's counts and scores, the sections' and the issue roll-ups follow the pages at once.
  const scanId = await findLatestSiteScanId(prisma, siteId)
  if (scanId) await writeScanFigures(prisma, { siteId, scanId, sectionScan: null, pageScan: false })
  logger.info(
    { siteId, pages: pageIds.length, rescored },
    'content quality rescored after a dictionary change',
  )
  return { rescored }
}
