import {
  AFFECTED_PAGE_DEFAULT_SORT,
  type AffectedPage,
  type AffectedPagesQuery,
  type ExportFormat,
  type PagedList,
} from '@canopy/contracts'
import {
  type AffectedBy,
  type AffectedPageRow,
  affectedPageSort,
  affectedPagesList,
  findListPage,
  iterateListBatches,
  type PrismaClient,
} from '@canopy/db'
import { type ListExport, mapBatches } from '../lib/list-export.js'
import { AFFECTED_PAGE_EXPORT_COLUMNS, presentAffectedPage } from '../presenters/content-quality-terms.js'
import { presentPagedList, toPageWindow } from '../presenters/paged-list.js'
import {
  chooseSort,
  EXPORT_BATCH_SIZE,
  listCountCache,
  resolveSectionScope,
  searchTerm,
} from './list-scope.js'

/**
 * The pages affected by one link or misspelling, paged or exported. The caller has checked that the link or
 * misspelling is the site's (404 otherwise).
 */

type AffectedPagesFilterQuery = Omit<AffectedPagesQuery, 'page' | 'pageSize'>

async function affectedPagesOf(
  prisma: PrismaClient,
  siteId: string,
  by: AffectedBy,
  query: AffectedPagesFilterQuery,
) {
  const sectionId = await resolveSectionScope(prisma, siteId, query.sectionId)
  const { sortBy, sortDir } = chooseSort(query, AFFECTED_PAGE_DEFAULT_SORT)
  return {
    list: affectedPagesList({ siteId, by, sectionId, search: searchTerm(query.search) }),
    sort: affectedPageSort(sortBy, sortDir),
  }
}

export async function listAffectedPages(
  prisma: PrismaClient,
  siteId: string,
  by: AffectedBy,
  query: AffectedPagesQuery,
): Promise<PagedList<AffectedPage>> {
  const { list, sort } = await affectedPagesOf(prisma, siteId, by, query)
  const { rows, totalCount } = await findListPage<AffectedPageRow>(
    prisma,
    list,
    sort,
    toPageWindow(query),
    listCountCache,
  )
  return presentPagedList(rows.map(presentAffectedPage), totalCount, query)
}

export async function exportAffectedPages(
  prisma: PrismaClient,
  access: { siteId: string; slug: string },
  by: AffectedBy,
  query: AffectedPagesFilterQuery & { format: ExportFormat },
): Promise<ListExport<AffectedPage>> {
  const { list, sort } = await affectedPagesOf(prisma, access.siteId, by, query)
  const batches = iterateListBatches<AffectedPageRow>(prisma, list, sort, EXPORT_BATCH_SIZE)
  const id = 'linkId' in by ? by.linkId : by.misspellingId
  return {
    filename: `${access.slug}-pages-affected-${id}`,
    columns: AFFECTED_PAGE_EXPORT_COLUMNS,
    batches: mapBatches(batches, (rows) => rows.map(presentAffectedPage)),
  }
}
