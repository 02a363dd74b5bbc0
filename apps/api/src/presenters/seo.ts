import type { DuplicateGroupDetail, DuplicateGroupItem, SeoHealth, SeoPageItem } from '@canopy/contracts'
import type { DuplicateGroupRow, SeoCheckCountRow, SeoPageCountsRow } from '@canopy/db'
import type { ExportColumn } from '../lib/list-export.js'
import { presentPageSys } from './page-list.js'

/** A page of the SEO lists: the pages list's columns and the duplicate fields. */
export interface SeoPageRow {
  id: string
  url: string
  title: string | null
  httpStatus: number | null
  firstSeenAt: Date
  lastScannedAt: Date | null
  seoScore: number | null
  metaDescription: string | null
  contentExcerpt: string | null
  inSitemap: boolean
}

const percent = (share: number) => Math.round(share * 100)

export function presentDuplicateGroup(row: DuplicateGroupRow): DuplicateGroupItem {
  return {
    sys: { id: row.id, version: { created: row.createdAt.toISOString() } },
    kind: row.kind,
    entryTitle: row.value,
    totalCount: row.pageCount,
    similarity: percent(row.similarity),
  }
}

export function presentDuplicateGroupDetail(
  row: DuplicateGroupRow,
  pagesInScope: number,
): DuplicateGroupDetail {
  return { ...presentDuplicateGroup(row), pagesInScope }
}

export const DUPLICATE_GROUP_EXPORT_COLUMNS: ExportColumn<DuplicateGroupItem>[] = [
  { header: 'id', value: (item) => item.sys.id },
  { header: 'kind', value: (item) => item.kind },
  { header: 'entryTitle', value: (item) => item.entryTitle },
  { header: 'totalCount', value: (item) => item.totalCount },
  { header: 'similarity', value: (item) => item.similarity },
  { header: 'created', value: (item) => item.sys.version?.created },
]

export function presentSeoPage(row: SeoPageRow): SeoPageItem {
  return {
    sys: presentPageSys(row),
    pageTitle: row.title,
    entryTitle: row.url,
    metaDescription: row.metaDescription,
    contentExcerpt: row.contentExcerpt,
    httpStatus: row.httpStatus,
    inSitemap: row.inSitemap,
    seoScore: row.seoScore,
  }
}

export const SEO_PAGE_EXPORT_COLUMNS: ExportColumn<SeoPageItem>[] = [
  { header: 'id', value: (item) => item.sys.id },
  { header: 'pageTitle', value: (item) => item.pageTitle },
  { header: 'entryTitle', value: (item) => item.entryTitle },
  { header: 'metaDescription', value: (item) => item.metaDescription },
  { header: 'contentExcerpt', value: (item) => item.contentExcerpt },
  { header: 'httpStatus', value: (item) => item.httpStatus },
  { header: 'inSitemap', value: (item) => item.inSitemap },
  { header: 'seoScore', value: (item) => item.seoScore },
  { header: 'created', value: (item) => item.sys.version?.created },
  { header: 'modified', value: (item) => item.sys.version?.modified },
]

export function presentSeoHealth({
  pages,
  duplicates,
  checks,
}: {
  pages: SeoPageCountsRow
  duplicates: SeoHealth['duplicates']
  checks: SeoCheckCountRow[]
}): SeoHealth {
  return {
    score: pages.averageScore === null ? null : Math.round(pages.averageScore * 10) / 10,
    pages: {
      scanned: pages.pages,
      indexable: pages.indexable,
      notIndexable: pages.pages - pages.indexable,
      inSitemap: pages.inSitemap,
      orphaned: pages.orphaned,
    },
    duplicates,
    checks: checks.map((check) => ({
      ...check,
      passRate:
        check.pagesChecked === 0
          ? null
          : Math.round(((check.pagesChecked - check.pagesFailed) / check.pagesChecked) * 1000) / 10,
    })),
  }
}
