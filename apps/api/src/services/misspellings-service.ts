import {
  AFFECTED_PAGE_DEFAULT_SORT,
  type AffectedPageItem,
  type ExportFormat,
  MISSPELLING_DEFAULT_SORT,
  type MisspellingListItem,
  type MisspellingsQuery,
  type PagedList,
  type PagesAffectedQuery,
} from '@canopy/contracts'
import {
  type AffectedPageRow,
  affectedPageList,
  affectedPageSort,
  findSiteMisspelling,
  iterateListBatches,
  type MisspellingListRow,
  misspellingList,
  misspellingListSort,
  type PrismaClient,
} from '@canopy/db'
import { notFound } from '../http-errors.js'
import { type ListExport, mapBatches } from '../lib/list-export.js'
import { AFFECTED_PAGE_EXPORT_COLUMNS, presentAffectedPage } from '../presenters/content-quality.js'
import { MISSPELLING_EXPORT_COLUMNS, presentMisspelling } from '../presenters/content-quality-terms.js'
import {
  chooseSort,
  EXPORT_BATCH_SIZE,
  findPresentedPage,
  resolveSectionScope,
  searchTerm,
} from './list-scope.js'

/** The site's misspellings, most frequent first, and the check that one is the site's. */
export const MISSPELLING_NOT_FOUND_MESSAGE = 'No misspelling could be found with this ID.'

type MisspellingsFilterQuery = Omit<MisspellingsQuery, 'page' | 'pageSize'>

async function misspellingsOf(prisma: PrismaClient, siteId: string, query: MisspellingsFilterQuery) {
  const sectionId = await resolveSectionScope(prisma, siteId, query.sectionId)
  const { sortBy, sortDir } = chooseSort(query, MISSPELLING_DEFAULT_SORT)
  return {
    list: misspellingList({ siteId, sectionId, search: searchTerm(query.search) }),
    sort: misspellingListSort({ sectionId }, sortBy, sortDir),
  }
}

export async function listMisspellings(
  prisma: PrismaClient,
  siteId: string,
  query: MisspellingsQuery,
): Promise<PagedList<MisspellingListItem>> {
  const { list, sort } = await misspellingsOf(prisma, siteId, query)
  return findPresentedPage(prisma, { list, sort }, query, (rows: MisspellingListRow[]) =>
    rows.map(presentMisspelling),
  )
}

export async function exportMisspellings(
  prisma: PrismaClient,
  access: { siteId: string; slug: string },
  query: MisspellingsFilterQuery & { format: ExportFormat },
): Promise<ListExport<MisspellingListItem>> {
  const { list, sort } = await misspellingsOf(prisma, access.siteId, query)
  const batches = iterateListBatches<MisspellingListRow>(prisma, list, sort, EXPORT_BATCH_SIZE)
  return {
    filename: `${access.slug}-misspellings`,
    columns: MISSPELLING_EXPORT_COLUMNS,
    batches: mapBatches(batches, (rows) => rows.map(presentMisspelling)),
  }
}

type AffectedFilterQuery = Omit<PagesAffectedQuery, 'page' | 'pageSize'>

/** The misspelling must be the site's: another site's, or none, is a 404. */
async function pagesWithMisspellingOf(
  prisma: PrismaClient,
  siteId: string,
  misspellingId: string,
  query: AffectedFilterQuery,
) {
  const [misspelling, sectionId] = await Promise.all([
    findSiteMisspelling(prisma, { siteId, misspellingId }),
    resolveSectionScope(prisma, siteId, query.sectionId),
  ])
  if (!misspelling) throw notFound(MISSPELLING_NOT_FOUND_MESSAGE)
  const { sortBy, sortDir } = chooseSort(query, AFFECTED_PAGE_DEFAULT_SORT)
  const list = affectedPageList({ siteId, misspellingId, sectionId, search: searchTerm(query.search) })
  return { list, sort: affectedPageSort(sortBy, sortDir) }
}

const presentAffectedRows = (rows: AffectedPageRow[]) => rows.map(presentAffectedPage)

export async function listPagesAffectedByMisspelling(
  prisma: PrismaClient,
  siteId: string,
  misspellingId: string,
  query: PagesAffectedQuery,
): Promise<PagedList<AffectedPageItem>> {
  const { list, sort } = await pagesWithMisspellingOf(prisma, siteId, misspellingId, query)
  return findPresentedPage(prisma, { list, sort }, query, (rows: AffectedPageRow[]) =>
    presentAffectedRows(rows),
  )
}

export async function exportPagesAffectedByMisspelling(
  prisma: PrismaClient,
  access: { siteId: string; slug: string },
  misspellingId: string,
  query: AffectedFilterQuery & { format: ExportFormat },
): Promise<ListExport<AffectedPageItem>> {
  const { list, sort } = await pagesWithMisspellingOf(prisma, access.siteId, misspellingId, query)
  return {
    filename: `${access.slug}-pages-affected-by-a-misspelling`,
    columns: AFFECTED_PAGE_EXPORT_COLUMNS,
    batches: mapBatches(
      iterateListBatches<AffectedPageRow>(prisma, list, sort, EXPORT_BATCH_SIZE),
      presentAffectedRows,
    ),
  }
}
