import type { PagedList, SectionPreviewPage, SectionPreviewRequest } from '@canopy/contracts'
import { isInSection, type SectionConditionRule } from '@canopy/contracts/section-rules'
import { listPageSectionFacts, type PageSectionFactsRow, type PrismaClient } from '@canopy/db'
import { presentPagedList, toPageWindow } from '../presenters/paged-list.js'
import { toDbOperator } from './section-operators.js'
import { assertPatternsRunnable } from './section-service.js'

const PREVIEW_BATCH_SIZE = 2_000

function toRules(conditions: SectionPreviewRequest['conditions']): SectionConditionRule[] {
  return conditions.map((condition) => ({
    matchType: condition.matchType,
    source: condition.source,
    operator: toDbOperator(condition.operator),
    name: condition.source === 'Metatag' ? (condition.name ?? null) : null,
    value: condition.value,
  }))
}

function presentPreviewPage(row: PageSectionFactsRow): SectionPreviewPage {
  return { sys: { id: row.id }, entryTitle: row.url, pageTitle: row.title }
}

/**
 * The section editor's live preview: the site's known pages (as their last scan saw them) that the unsaved
 * rules take in, in URL order, with their count. The rules are judged by the same matcher the worker assigns
 * pages to sections with, so the preview is what the next scan will do.
 */
export async function previewSection(
  prisma: PrismaClient,
  siteId: string,
  request: SectionPreviewRequest,
): Promise<PagedList<SectionPreviewPage>> {
  assertPatternsRunnable(request.conditions)
  const rules = toRules(request.conditions)
  const { skip, take } = toPageWindow(request)
  const items: SectionPreviewPage[] = []
  let totalCount = 0
  let afterUrl: string | null = null
  // A section without rules holds no pages: nothing to walk.
  while (rules.length) {
    const batch = await listPageSectionFacts(prisma, { siteId, afterUrl, take: PREVIEW_BATCH_SIZE })
    for (const row of batch) {
      if (!isInSection(rules, { url: row.url, author: row.author, metaTags: row.metaTags ?? {} })) continue
      if (totalCount >= skip && items.length < take) items.push(presentPreviewPage(row))
      totalCount += 1
    }
    if (batch.length < PREVIEW_BATCH_SIZE) break
    afterUrl = batch[batch.length - 1]?.url ?? null
  }
  return presentPagedList(items, totalCount, request)
}
