import {
  type ExportFormat,
  PAGE_LIST_DEFAULT_SORT,
  type PagedList,
  type PageListItem,
  type PageListType,
  type PageMisspelling,
  type PagesQuery,
  type WorstPagesQuery,
} from '@canopy/contracts'
import {
  countAccessibilityFailuresByLevel,
  findListHead,
  findSitePageRef,
  iterateListBatches,
  listPageMisspellings,
  measuredPageList,
  type PageListFilter,
  type PageListRow,
  type PrismaClient,
  pageList,
  pageListSort,
  type ReadabilityLevel,
} from '@canopy/db'
import { notFound } from '../http-errors.js'
import { type ListExport, mapBatches } from '../lib/list-export.js'
import { PAGE_EXPORT_COLUMNS, presentPageListItem, presentPageMisspelling } from '../presenters/page-list.js'
import {
  chooseSort,
  EXPORT_BATCH_SIZE,
  findPresentedPage,
  resolveSectionScope,
  searchTerm,
} from './list-scope.js'
import { PAGE_NOT_FOUND_MESSAGE } from './scan-artifacts-service.js'

/** The pages lists of every area (`?type=`), the worst pages of an area, and one page's misspellings. */

type PagesFilterQuery = Omit<PagesQuery, 'page' | 'pageSize'>

async function pageFilter(
  prisma: PrismaClient,
  siteId: string,
  query: PagesFilterQuery,
): Promise<PageListFilter> {
  return {
    siteId,
    sectionId: await resolveSectionScope(prisma, siteId, query.sectionId),
    search: searchTerm(query.search),
    // The enum spells the spec's level slugs with '_'.
    readabilityLevel: query.readability?.replaceAll('-', '_') as ReadabilityLevel | undefined,
  }
}

/** Rows → items; the accessibility list adds each page's failures by WCAG level (one grouped query). */
async function presentPageRows(prisma: PrismaClient, type: PageListType, rows: PageListRow[]) {
  const byLevel =
    type === 'accessibility'
      ? await countAccessibilityFailuresByLevel(
          prisma,
          rows.map((row) => row.id),
        )
      : null
  return rows.map((row) => presentPageListItem(row, byLevel?.get(row.id) ?? null))
}

export async function listPages(
  prisma: PrismaClient,
  siteId: string,
  query: PagesQuery,
): Promise<PagedList<PageListItem>> {
  const { sortBy, sortDir } = chooseSort(query, PAGE_LIST_DEFAULT_SORT)
  const list = pageList(await pageFilter(prisma, siteId, query))
  return findPresentedPage(
    prisma,
    { list: list, sort: pageListSort(sortBy, sortDir) },
    query,
    async (rows: PageListRow[]) => await presentPageRows(prisma, query.type, rows),
  )
}

export async function exportPages(
  prisma: PrismaClient,
  access: { siteId: string; slug: string },
  query: PagesFilterQuery & { format: ExportFormat },
): Promise<ListExport<PageListItem>> {
  const { sortBy, sortDir } = chooseSort(query, PAGE_LIST_DEFAULT_SORT)
  const list = pageList(await pageFilter(prisma, access.siteId, query))
  const batches = iterateListBatches<PageListRow>(
    prisma,
    list,
    pageListSort(sortBy, sortDir),
    EXPORT_BATCH_SIZE,
  )
  return {
    filename: `${access.slug}-pages-${query.type}`,
    columns: PAGE_EXPORT_COLUMNS,
    batches: mapBatches(batches, (rows) => presentPageRows(prisma, query.type, rows)),
  }
}

/** The score each area ranks its worst pages by. */
const WORST_PAGES_SCORE = {
  accessibility: 'accessibilityScore',
  seo: 'seoScore',
  performance: 'performanceScore',
  contentQuality: 'contentQualityScore',
  readability: 'readability.flesch',
} as const satisfies Record<PageListType, string>

/** The lowest-scoring pages the area measured, worst first; pages without a score are left out. */
export async function listWorstPages(
  prisma: PrismaClient,
  siteId: string,
  query: WorstPagesQuery,
): Promise<PageListItem[]> {
  const filter: PageListFilter = {
    siteId,
    sectionId: await resolveSectionScope(prisma, siteId, query.sectionId),
  }
  const sort = pageListSort(WORST_PAGES_SCORE[query.type], 'asc')
  const list = measuredPageList(filter, sort, { positiveOnly: query.type === 'readability' })
  const rows = await findListHead<PageListRow>(prisma, list, sort, query.limit)
  return presentPageRows(prisma, query.type, rows)
}

export async function getPageMisspellings(
  prisma: PrismaClient,
  siteId: string,
  pageId: string,
): Promise<PageMisspelling[]> {
  if (!(await findSitePageRef(prisma, { siteId, pageId }))) throw notFound(PAGE_NOT_FOUND_MESSAGE)
  return (await listPageMisspellings(prisma, pageId)).map(presentPageMisspelling)
}
