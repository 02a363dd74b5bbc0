import {
  DOCUMENT_LIST_DEFAULT_SORT,
  type DocumentDetail,
  type DocumentListItem,
  type DocumentsQuery,
  type ExportFormat,
  type PagedList,
} from '@canopy/contracts'
import {
  type DocumentKind,
  type DocumentListRow,
  documentList,
  documentListSort,
  findSiteDocumentWithPages,
  iterateListBatches,
  type PrismaClient,
} from '@canopy/db'
import { notFound } from '../http-errors.js'
import { type ListExport, mapBatches } from '../lib/list-export.js'
import {
  DOCUMENT_EXPORT_COLUMNS,
  presentDocumentDetail,
  presentDocumentListItem,
} from '../presenters/document-list.js'
import {
  chooseSort,
  EXPORT_BATCH_SIZE,
  findPresentedPage,
  resolveSectionScope,
  searchTerm,
} from './list-scope.js'

/** The documents lists (one kind, or every kind) and one document's detail. */
export const DOCUMENT_NOT_FOUND_MESSAGE = 'No document could be found with this ID.'

type DocumentsFilterQuery = Omit<DocumentsQuery, 'page' | 'pageSize'>

async function documentListOf(
  prisma: PrismaClient,
  siteId: string,
  kind: DocumentKind | undefined,
  query: DocumentsFilterQuery,
) {
  const sectionId = await resolveSectionScope(prisma, siteId, query.sectionId)
  // PDFs by page count, every other kind (and all kinds together) by size, largest first.
  const { sortBy, sortDir } = chooseSort(
    query,
    kind === 'pdf' ? DOCUMENT_LIST_DEFAULT_SORT.pdf : DOCUMENT_LIST_DEFAULT_SORT.other,
  )
  const list = documentList({ siteId, kind, sectionId, search: searchTerm(query.search) })
  return { list, sort: documentListSort({ sectionId }, sortBy, sortDir) }
}

const presentRows = (rows: DocumentListRow[]) =>
  rows.map(({ linkingPages, ...row }) => presentDocumentListItem(row, linkingPages))

export async function listDocuments(
  prisma: PrismaClient,
  siteId: string,
  kind: DocumentKind | undefined,
  query: DocumentsQuery,
): Promise<PagedList<DocumentListItem>> {
  const { list, sort } = await documentListOf(prisma, siteId, kind, query)
  return findPresentedPage(prisma, { list, sort }, query, presentRows)
}

export async function exportDocuments(
  prisma: PrismaClient,
  access: { siteId: string; slug: string },
  kind: DocumentKind | undefined,
  query: DocumentsFilterQuery & { format: ExportFormat },
): Promise<ListExport<DocumentListItem>> {
  const { list, sort } = await documentListOf(prisma, access.siteId, kind, query)
  const batches = iterateListBatches<DocumentListRow>(prisma, list, sort, EXPORT_BATCH_SIZE)
  return {
    filename: `${access.slug}-documents-${kind ?? 'all'}`,
    columns: DOCUMENT_EXPORT_COLUMNS,
    batches: mapBatches(batches, presentRows),
  }
}

export async function getDocument(
  prisma: PrismaClient,
  siteId: string,
  documentId: string,
): Promise<DocumentDetail> {
  const found = await findSiteDocumentWithPages(prisma, { siteId, documentId })
  if (!found) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE)
  return presentDocumentDetail(found)
}
