import {
  AFFECTED_PAGE_DEFAULT_SORT,
  type AffectedPageItem,
  BROKEN_LINK_DEFAULT_SORT,
  type BrokenLinkItem,
  type BrokenLinksQuery,
  type ContentQualityResource,
  type ExportFormat,
  type PagedList,
  type PagesAffectedQuery,
  type ReadabilityQuery,
  type ReadabilityResponse,
} from '@canopy/contracts'
import {
  type AffectedPageRow,
  affectedPageList,
  affectedPageSort,
  aggregateReadability,
  type BrokenLinkRow,
  brokenLinkList,
  brokenLinkSort,
  findSiteLink,
  findSiteLinkRef,
  findSiteMisspelling,
  iterateListBatches,
  type PrismaClient,
} from '@canopy/db'
import { notFound } from '../http-errors.js'
import { type ListExport, mapBatches } from '../lib/list-export.js'
import {
  AFFECTED_PAGE_EXPORT_COLUMNS,
  BROKEN_LINK_EXPORT_COLUMNS,
  presentAffectedPage,
  presentBrokenLink,
  presentLinkResource,
  presentMisspellingResource,
  presentReadability,
} from '../presenters/content-quality.js'
import {
  chooseSort,
  EXPORT_BATCH_SIZE,
  findPresentedPage,
  resolveSectionScope,
  searchTerm,
} from './list-scope.js'

/**
 * The content quality area: readability, broken links, the pages affected by a link or a misspelling, one
 * resource.
 */
export const LINK_NOT_FOUND_MESSAGE = 'No link could be found with this ID.'
export const MISSPELLING_NOT_FOUND_MESSAGE = 'No misspelling could be found with this ID.'
export const RESOURCE_NOT_FOUND_MESSAGE = 'No link or misspelling could be found with this ID.'

type Access = { siteId: string; slug: string }

export async function getReadability(
  prisma: PrismaClient,
  siteId: string,
  query: ReadabilityQuery,
): Promise<ReadabilityResponse> {
  const sectionId = await resolveSectionScope(prisma, siteId, query.sectionId)
  return presentReadability(await aggregateReadability(prisma, { siteId, sectionId }))
}

// ─── broken links ─────────────────────────────────────────────────────────────────────────────────────

type BrokenLinksFilterQuery = Omit<BrokenLinksQuery, 'page' | 'pageSize'>

async function brokenLinksOf(prisma: PrismaClient, siteId: string, query: BrokenLinksFilterQuery) {
  const sectionId = await resolveSectionScope(prisma, siteId, query.sectionId)
  const { sortBy, sortDir } = chooseSort(query, BROKEN_LINK_DEFAULT_SORT)
  const list = brokenLinkList({
    siteId,
    sectionId,
    search: searchTerm(query.search),
    isInternal: query.view === undefined ? undefined : query.view === 'internal',
    verification: query.verification,
  })
  return { list, sort: brokenLinkSort({ sectionId }, sortBy, sortDir) }
}

const presentLinkRows = (rows: BrokenLinkRow[]) =>
  rows.map(({ linkingPages, pageViews, ...row }) => presentBrokenLink(row, linkingPages, pageViews))

export async function listBrokenLinks(
  prisma: PrismaClient,
  siteId: string,
  query: BrokenLinksQuery,
): Promise<PagedList<BrokenLinkItem>> {
  const { list, sort } = await brokenLinksOf(prisma, siteId, query)
  return findPresentedPage(prisma, { list, sort }, query, presentLinkRows)
}

export async function exportBrokenLinks(
  prisma: PrismaClient,
  access: Access,
  query: BrokenLinksFilterQuery & { format: ExportFormat },
): Promise<ListExport<BrokenLinkItem>> {
  const { list, sort } = await brokenLinksOf(prisma, access.siteId, query)
  return {
    filename: `${access.slug}-broken-links${query.view ? `-${query.view}` : ''}`,
    columns: BROKEN_LINK_EXPORT_COLUMNS,
    batches: mapBatches(
      iterateListBatches<BrokenLinkRow>(prisma, list, sort, EXPORT_BATCH_SIZE),
      presentLinkRows,
    ),
  }
}

// ─── pages affected by a link or a misspelling ────────────────────────────────────────────────────────

type AffectedFilterQuery = Omit<PagesAffectedQuery, 'page' | 'pageSize'>

/** What a pages-affected list is about: one link, or one misspelling, of the site. */
export type AffectedSubject = { linkId: string } | { misspellingId: string }

/** Whether the link or misspelling is the site's (another site's is as good as none). */
async function isSiteSubject(prisma: PrismaClient, siteId: string, subject: AffectedSubject) {
  if ('linkId' in subject) return (await findSiteLinkRef(prisma, { siteId, linkId: subject.linkId })) !== null
  return (await findSiteMisspelling(prisma, { siteId, misspellingId: subject.misspellingId })) !== null
}

/** The link or misspelling must be the site's: another site's, or none, is a 404. */
async function affectedPagesOf(
  prisma: PrismaClient,
  siteId: string,
  subject: AffectedSubject,
  query: AffectedFilterQuery,
) {
  const [found, sectionId] = await Promise.all([
    isSiteSubject(prisma, siteId, subject),
    resolveSectionScope(prisma, siteId, query.sectionId),
  ])
  if (!found) throw notFound('linkId' in subject ? LINK_NOT_FOUND_MESSAGE : MISSPELLING_NOT_FOUND_MESSAGE)
  const { sortBy, sortDir } = chooseSort(query, AFFECTED_PAGE_DEFAULT_SORT)
  const list = affectedPageList({ siteId, sectionId, search: searchTerm(query.search), ...subject })
  return { list, sort: affectedPageSort(sortBy, sortDir) }
}

const presentAffectedRows = (rows: AffectedPageRow[]) => rows.map(presentAffectedPage)

/** The pages of the site (or section) that link to the link, or that the misspelling is found on. */
export async function listPagesAffected(
  prisma: PrismaClient,
  siteId: string,
  subject: AffectedSubject,
  query: PagesAffectedQuery,
): Promise<PagedList<AffectedPageItem>> {
  const { list, sort } = await affectedPagesOf(prisma, siteId, subject, query)
  return findPresentedPage(prisma, { list, sort }, query, presentAffectedRows)
}

export async function exportPagesAffected(
  prisma: PrismaClient,
  access: Access,
  subject: AffectedSubject,
  query: AffectedFilterQuery & { format: ExportFormat },
): Promise<ListExport<AffectedPageItem>> {
  const { list, sort } = await affectedPagesOf(prisma, access.siteId, subject, query)
  return {
    filename: `${access.slug}-pages-affected-by-a-${'linkId' in subject ? 'link' : 'misspelling'}`,
    columns: AFFECTED_PAGE_EXPORT_COLUMNS,
    batches: mapBatches(
      iterateListBatches<AffectedPageRow>(prisma, list, sort, EXPORT_BATCH_SIZE),
      presentAffectedRows,
    ),
  }
}

// ─── one resource ─────────────────────────────────────────────────────────────────────────────────────

/** The link, else the misspelling, with this id; neither (or another site's) is a 404. */
export async function getResource(
  prisma: PrismaClient,
  siteId: string,
  resourceId: string,
): Promise<ContentQualityResource> {
  const link = await findSiteLink(prisma, { siteId, linkId: resourceId })
  if (link) return presentLinkResource(link)
  const misspelling = await findSiteMisspelling(prisma, { siteId, misspellingId: resourceId })
  if (misspelling) return presentMisspellingResource(misspelling)
  throw notFound(RESOURCE_NOT_FOUND_MESSAGE)
}
