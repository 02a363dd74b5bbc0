import {
  type ExportFormat,
  MISSPELLING_DEFAULT_SORT,
  type MisspellingListItem,
  type MisspellingsQuery,
  type PagedList,
} from '@canopy/contracts'
import {
  iterateListBatches,
  type MisspellingListRow,
  misspellingList,
  misspellingListSort,
  type PrismaClient,
} from '@canopy/db'
import { type ListExport, mapBatches } from '../lib/list-export.js'
import { MISSPELLING_EXPORT_COLUMNS, presentMisspelling } from '../presenters/content-quality-terms.js'
import {
  chooseSort,
  EXPORT_BATCH_SIZE,
  findPresentedPage,
  resolveSectionScope,
  searchTerm,
} from './list-scope.js'

/** The site's misspellings, most frequent first. */
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
