import {
  type AffectedPageItem,
  type BrokenLinkItem,
  type ContentQualityResource,
  READABILITY_LEVELS,
  type ReadabilityResponse,
} from '@canopy/contracts'
import type { AffectedPageRow, BrokenLinkRow, Link, Misspelling, ReadabilityAggregateRow } from '@canopy/db'
import type { ExportColumn } from '../lib/list-export.js'
import { presentPageSys } from './page-list.js'
import { presentReadabilityLevel } from './scan-page.js'

/** The content quality area's rows as the wire shows them: broken links, affected pages, readability. */

type LinkFields = Pick<
  BrokenLinkRow,
  'id' | 'url' | 'status' | 'error' | 'isInternal' | 'isUnverified' | 'firstSeenAt'
>

export function presentBrokenLink(row: LinkFields, linkingPages: number, pageViews: number): BrokenLinkItem {
  return {
    sys: { id: row.id, version: { created: row.firstSeenAt.toISOString() } },
    entryTitle: row.url,
    status: row.status,
    error: row.error,
    isInternal: row.isInternal,
    isUnverified: row.isUnverified,
    totalCount: linkingPages,
    numberOfPageViewsInThePastMonth: pageViews,
  }
}

export const BROKEN_LINK_EXPORT_COLUMNS: ExportColumn<BrokenLinkItem>[] = [
  { header: 'id', value: (item) => item.sys.id },
  { header: 'entryTitle', value: (item) => item.entryTitle },
  { header: 'status', value: (item) => item.status },
  { header: 'error', value: (item) => item.error },
  { header: 'isInternal', value: (item) => item.isInternal },
  { header: 'isUnverified', value: (item) => item.isUnverified },
  { header: 'totalCount', value: (item) => item.totalCount },
  { header: 'numberOfPageViewsInThePastMonth', value: (item) => item.numberOfPageViewsInThePastMonth },
  { header: 'created', value: (item) => item.sys.version?.created },
]

export function presentAffectedPage(row: AffectedPageRow): AffectedPageItem {
  return {
    sys: presentPageSys(row),
    pageTitle: row.title,
    entryTitle: row.url,
    occurrences: row.occurrences,
  }
}

export const AFFECTED_PAGE_EXPORT_COLUMNS: ExportColumn<AffectedPageItem>[] = [
  { header: 'id', value: (item) => item.sys.id },
  { header: 'pageTitle', value: (item) => item.pageTitle },
  { header: 'entryTitle', value: (item) => item.entryTitle },
  { header: 'occurrences', value: (item) => item.occurrences },
  { header: 'modified', value: (item) => item.sys.version?.modified },
]

export function presentLinkResource(found: {
  link: Link
  linkingPages: number
  pageViews: number
}): ContentQualityResource {
  const { link } = found
  return {
    kind: 'link',
    ...presentBrokenLink(link, found.linkingPages, found.pageViews),
    isBroken: link.isBroken,
    riskType: link.riskType,
    finalUrl: link.finalUrl,
    checkedAt: link.checkedAt?.toISOString() ?? null,
  }
}

export function presentMisspellingResource(found: {
  misspelling: Misspelling
  pages: number
}): ContentQualityResource {
  const { misspelling } = found
  return {
    kind: 'misspelling',
    sys: { id: misspelling.id, version: { created: misspelling.firstSeenAt.toISOString() } },
    entryTitle: misspelling.word,
    language: misspelling.language,
    totalCount: found.pages,
  }
}

/** Readability is capped at 100 (and a mean of positive scores is never below 0); one decimal. */
function readabilityScore(meanFlesch: number | null): number | null {
  if (meanFlesch === null) return null
  return Math.round(Math.min(100, Math.max(0, meanFlesch)) * 10) / 10
}

/** Every level, hardest first, with its pages (0 for a level no page is at). */
export function presentReadability(row: ReadabilityAggregateRow): ReadabilityResponse {
  const pagesBySlug = new Map(row.levels.map((level) => [presentReadabilityLevel(level.level), level.pages]))
  return {
    score: readabilityScore(row.meanFlesch),
    aggregated: READABILITY_LEVELS.map((level) => ({
      slug: level.slug,
      friendlyText: level.name,
      occurrences: pagesBySlug.get(level.slug) ?? 0,
    })),
  }
}
