import {
  DUPLICATE_CONTENT_DEFAULT_SORT,
  type DuplicateContentQuery,
  type DuplicateGroupDetail,
  type DuplicateGroupItem,
  type ExportFormat,
  type PagedList,
  SEO_PAGE_DEFAULT_SORT,
  type SeoHealth,
  type SeoHealthQuery,
  type SeoPageItem,
  type SeoPagesQuery,
} from '@canopy/contracts'
import {
  countDuplicateGroupPagesInSection,
  countDuplicateGroupsByKind,
  countSeoChecks,
  countSeoPages,
  type DuplicateGroupRow,
  duplicateGroupList,
  duplicateGroupSort,
  findSiteDuplicateGroup,
  iterateListBatches,
  type PageListFilter,
  Prisma,
  type PrismaClient,
  pageList,
  pageListSort,
  type SqlList,
} from '@canopy/db'
import { notFound } from '../http-errors.js'
import { type ListExport, mapBatches } from '../lib/list-export.js'
import {
  DUPLICATE_GROUP_EXPORT_COLUMNS,
  presentDuplicateGroup,
  presentDuplicateGroupDetail,
  presentSeoHealth,
  presentSeoPage,
  SEO_PAGE_EXPORT_COLUMNS,
  type SeoPageRow,
} from '../presenters/seo.js'
import {
  chooseSort,
  EXPORT_BATCH_SIZE,
  findPresentedPage,
  resolveSectionScope,
  searchTerm,
} from './list-scope.js'

/** The SEO area's own lists and summary: duplicate groups and their pages, orphaned pages, health. */
export const DUPLICATE_NOT_FOUND_MESSAGE = 'No duplicate could be found with this ID.'

type Filters<Query> = Omit<Query, 'page' | 'pageSize'>

async function duplicateGroupsOf(
  prisma: PrismaClient,
  siteId: string,
  query: Filters<DuplicateContentQuery>,
) {
  const sectionId = await resolveSectionScope(prisma, siteId, query.sectionId)
  const { sortBy, sortDir } = chooseSort(query, DUPLICATE_CONTENT_DEFAULT_SORT)
  return {
    list: duplicateGroupList({ siteId, sectionId, kind: query.type, search: searchTerm(query.search) }),
    sort: duplicateGroupSort(sortBy, sortDir),
  }
}

const presentGroups = (rows: DuplicateGroupRow[]) => rows.map(presentDuplicateGroup)

export async function listDuplicateGroups(
  prisma: PrismaClient,
  siteId: string,
  query: DuplicateContentQuery,
): Promise<PagedList<DuplicateGroupItem>> {
  const { list, sort } = await duplicateGroupsOf(prisma, siteId, query)
  return findPresentedPage(prisma, { list, sort }, query, presentGroups)
}

export async function exportDuplicateGroups(
  prisma: PrismaClient,
  access: { siteId: string; slug: string },
  query: Filters<DuplicateContentQuery> & { format: ExportFormat },
): Promise<ListExport<DuplicateGroupItem>> {
  const { list, sort } = await duplicateGroupsOf(prisma, access.siteId, query)
  return {
    filename: `${access.slug}-seo-duplicate-content`,
    columns: DUPLICATE_GROUP_EXPORT_COLUMNS,
    batches: mapBatches(
      iterateListBatches<DuplicateGroupRow>(prisma, list, sort, EXPORT_BATCH_SIZE),
      presentGroups,
    ),
  }
}

/** The pages lists of the SEO screens: the pages list's rows with the fields duplicates are found on. */
function seoPageList(filter: PageListFilter): SqlList {
  const list = pageList(filter)
  return {
    ...list,
    columns: Prisma.sql`${list.columns}, p."metaDescription", p."contentExcerpt", p."inSitemap"`,
  }
}

async function findGroupOrThrow(prisma: PrismaClient, siteId: string, dupeId: string) {
  const group = await findSiteDuplicateGroup(prisma, { siteId, groupId: dupeId })
  if (!group) throw notFound(DUPLICATE_NOT_FOUND_MESSAGE)
  return group
}

type PagesOf = { duplicateGroupId: string } | { orphanedOnly: true }

async function seoPagesOf(prisma: PrismaClient, siteId: string, query: Filters<SeoPagesQuery>, of: PagesOf) {
  const sectionId = await resolveSectionScope(prisma, siteId, query.sectionId)
  const { sortBy, sortDir } = chooseSort(query, SEO_PAGE_DEFAULT_SORT)
  return {
    list: seoPageList({ siteId, sectionId, search: searchTerm(query.search), ...of }),
    sort: pageListSort(sortBy, sortDir),
  }
}

const presentPages = (rows: SeoPageRow[]) => rows.map(presentSeoPage)

async function listSeoPages(prisma: PrismaClient, siteId: string, query: SeoPagesQuery, of: PagesOf) {
  const { list, sort } = await seoPagesOf(prisma, siteId, query, of)
  return findPresentedPage(prisma, { list, sort }, query, presentPages)
}

async function exportSeoPages(
  prisma: PrismaClient,
  siteId: string,
  query: Filters<SeoPagesQuery>,
  of: PagesOf,
  filename: string,
): Promise<ListExport<SeoPageItem>> {
  const { list, sort } = await seoPagesOf(prisma, siteId, query, of)
  return {
    filename,
    columns: SEO_PAGE_EXPORT_COLUMNS,
    batches: mapBatches(iterateListBatches<SeoPageRow>(prisma, list, sort, EXPORT_BATCH_SIZE), presentPages),
  }
}

/** The pages of one duplicate group; an unknown group (or another site's) is not found. */
export async function listDuplicatePages(
  prisma: PrismaClient,
  siteId: string,
  dupeId: string,
  query: SeoPagesQuery,
): Promise<PagedList<SeoPageItem>> {
  const group = await findGroupOrThrow(prisma, siteId, dupeId)
  return listSeoPages(prisma, siteId, query, { duplicateGroupId: group.id })
}

export async function exportDuplicatePages(
  prisma: PrismaClient,
  access: { siteId: string; slug: string },
  dupeId: string,
  query: Filters<SeoPagesQuery> & { format: ExportFormat },
): Promise<ListExport<SeoPageItem>> {
  const group = await findGroupOrThrow(prisma, access.siteId, dupeId)
  const filename = `${access.slug}-seo-duplicate-${group.kind}-${group.id}`
  return exportSeoPages(prisma, access.siteId, query, { duplicateGroupId: group.id }, filename)
}

/** One duplicate group: what its pages share, how alike they are and how many fall in the section. */
export async function getDuplicateGroup(
  prisma: PrismaClient,
  siteId: string,
  dupeId: string,
  query: SeoHealthQuery,
): Promise<DuplicateGroupDetail> {
  const group = await findGroupOrThrow(prisma, siteId, dupeId)
  const sectionId = await resolveSectionScope(prisma, siteId, query.sectionId)
  const inScope = sectionId
    ? await countDuplicateGroupPagesInSection(prisma, { groupId: group.id, sectionId })
    : group.pageCount
  return presentDuplicateGroupDetail(group, inScope)
}

export function listOrphanedPages(prisma: PrismaClient, siteId: string, query: SeoPagesQuery) {
  return listSeoPages(prisma, siteId, query, { orphanedOnly: true })
}

export function exportOrphanedPages(
  prisma: PrismaClient,
  access: { siteId: string; slug: string },
  query: Filters<SeoPagesQuery> & { format: ExportFormat },
) {
  return exportSeoPages(
    prisma,
    access.siteId,
    query,
    { orphanedOnly: true },
    `${access.slug}-seo-orphaned-pages`,
  )
}

export async function getSeoHealth(
  prisma: PrismaClient,
  siteId: string,
  query: SeoHealthQuery,
): Promise<SeoHealth> {
  const sectionId = await resolveSectionScope(prisma, siteId, query.sectionId)
  const scope = { siteId, sectionId }
  const [pages, duplicates, checks] = await Promise.all([
    countSeoPages(prisma, scope),
    countDuplicateGroupsByKind(prisma, scope),
    countSeoChecks(prisma, scope),
  ])
  return presentSeoHealth({ pages, duplicates, checks })
}
