import {
  CONTACT_SORT_KEYS,
  type ExportFormat,
  HISTORY_POINT_LIMIT,
  type HistoryQuery,
  INVENTORY_LIST_DEFAULT_SORT,
  INVENTORY_PAGES_DEFAULT_SORT,
  type InventoryItem,
  type InventoryItemKind,
  type InventoryListKind,
  type InventoryListQuery,
  type InventoryListSortKey,
  type InventoryOverview,
  type InventoryPageItem,
  type InventoryPagesQuery,
  type InventoryPagesResponse,
  type InventorySubject,
  MEDIA_SORT_KEYS,
  type PagedList,
} from '@canopy/contracts'
import {
  type ContactListRow,
  type ContactListSortKey,
  contactList,
  contactListSort,
  type DocumentListRow,
  type DocumentListSortKey,
  documentList,
  documentListSort,
  findSiteContact,
  findSiteDocumentOfKind,
  type InventoryOccurrenceSource,
  type InventoryPageRow,
  inventoryPagesList,
  inventoryPagesSort,
  iterateListBatches,
  listHistoryPoints,
  type PrismaClient,
  type SqlList,
  type SqlSort,
} from '@canopy/db'
import { badRequest, notFound } from '../http-errors.js'
import { type ListExport, mapBatches } from '../lib/list-export.js'
import { presentHistory } from '../presenters/history.js'
import {
  INVENTORY_EXPORT_COLUMNS,
  INVENTORY_PAGE_EXPORT_COLUMNS,
  presentContactItem,
  presentInventoryOverview,
  presentInventoryPage,
  presentInventorySubject,
  presentMediaItem,
} from '../presenters/inventory.js'
import { historyScope } from './history-service.js'
import {
  chooseSort,
  EXPORT_BATCH_SIZE,
  findPresentedPage,
  resolveSectionScope,
  searchTerm,
} from './list-scope.js'

/** The inventory: its overview, the contact and media lists, and the pages one item occurs on. */

export const INVENTORY_ITEM_NOT_FOUND_MESSAGES: Record<InventoryItemKind, string> = {
  email: 'No e-mail address could be found with this ID.',
  telephone: 'No telephone number could be found with this ID.',
  pdfs: 'No PDF could be found with this ID.',
  media: 'No media file could be found with this ID.',
}

/** The count cards and history charts of the site, or of one of its sections. */
export async function getInventoryOverview(
  prisma: PrismaClient,
  siteId: string,
  query: HistoryQuery,
): Promise<InventoryOverview> {
  const scope = await historyScope(prisma, siteId, query)
  const history = presentHistory(await listHistoryPoints(prisma, { ...scope, take: HISTORY_POINT_LIMIT }))
  return presentInventoryOverview({ inventoryHistory: history.inventoryHistory, pages: history.overview })
}

type InventoryFilterQuery = Omit<InventoryListQuery, 'page' | 'pageSize'>

interface InventoryListPlan {
  list: SqlList
  sort: SqlSort
  present: (rows: (ContactListRow | DocumentListRow)[]) => InventoryItem[]
}

/** A sort key the kind's items have; size and type are media's, validity the contacts'. */
function kindSort(kind: InventoryListKind, query: InventoryFilterQuery) {
  const allowed = kind === 'media' ? MEDIA_SORT_KEYS : CONTACT_SORT_KEYS
  const sort = chooseSort<InventoryListSortKey>(query, INVENTORY_LIST_DEFAULT_SORT)
  if (!allowed.includes(sort.sortBy))
    throw badRequest('sortBy', `Sort ${kind} by one of: ${allowed.join(', ')}.`)
  return sort
}

async function inventoryListOf(
  prisma: PrismaClient,
  siteId: string,
  kind: InventoryListKind,
  query: InventoryFilterQuery,
): Promise<InventoryListPlan> {
  const { sortBy, sortDir } = kindSort(kind, query)
  const sectionId = await resolveSectionScope(prisma, siteId, query.sectionId)
  const search = searchTerm(query.search)
  if (kind === 'media') {
    return {
      list: documentList({ siteId, kind: 'media', sectionId, search }),
      sort: documentListSort({ sectionId }, sortBy as DocumentListSortKey, sortDir),
      present: (rows) =>
        (rows as DocumentListRow[]).map(({ linkingPages, ...row }) => presentMediaItem(row, linkingPages)),
    }
  }
  return {
    list: contactList({ siteId, kind, sectionId, search }),
    sort: contactListSort({ sectionId }, sortBy as ContactListSortKey, sortDir),
    present: (rows) => (rows as ContactListRow[]).map(presentContactItem),
  }
}

export async function listInventory(
  prisma: PrismaClient,
  siteId: string,
  kind: InventoryListKind,
  query: InventoryListQuery,
): Promise<PagedList<InventoryItem>> {
  const plan = await inventoryListOf(prisma, siteId, kind, query)
  return findPresentedPage(
    prisma,
    { list: plan.list, sort: plan.sort },
    query,
    (rows: (ContactListRow | DocumentListRow)[]) => plan.present(rows),
  )
}

export async function exportInventory(
  prisma: PrismaClient,
  access: { siteId: string; slug: string },
  kind: InventoryListKind,
  query: InventoryFilterQuery & { format: ExportFormat },
): Promise<ListExport<InventoryItem>> {
  const plan = await inventoryListOf(prisma, access.siteId, kind, query)
  const batches = iterateListBatches<ContactListRow | DocumentListRow>(
    prisma,
    plan.list,
    plan.sort,
    EXPORT_BATCH_SIZE,
  )
  return {
    filename: `${access.slug}-inventory-${kind}`,
    columns: INVENTORY_EXPORT_COLUMNS,
    batches: mapBatches(batches, plan.present),
  }
}

/** The item the pages are listed for, of this site and kind; 404 otherwise. */
async function findInventorySubject(
  prisma: PrismaClient,
  siteId: string,
  { kind, id }: { kind: InventoryItemKind; id: string },
): Promise<{ subject: InventorySubject; source: InventoryOccurrenceSource }> {
  if (kind === 'email' || kind === 'telephone') {
    const contact = await findSiteContact(prisma, { siteId, kind, id })
    if (!contact) throw notFound(INVENTORY_ITEM_NOT_FOUND_MESSAGES[kind])
    return { subject: presentInventorySubject({ ...contact, kind }), source: { contactId: contact.id } }
  }
  const document = await findSiteDocumentOfKind(prisma, {
    siteId,
    kind: kind === 'pdfs' ? 'pdf' : 'media',
    id,
  })
  if (!document) throw notFound(INVENTORY_ITEM_NOT_FOUND_MESSAGES[kind])
  return { subject: presentInventorySubject({ ...document, kind }), source: { documentId: document.id } }
}

type InventoryPagesFilterQuery = Omit<InventoryPagesQuery, 'page' | 'pageSize'>

async function inventoryPagesOf(
  prisma: PrismaClient,
  siteId: string,
  params: { kind: InventoryItemKind; id: string },
  query: InventoryPagesFilterQuery,
) {
  const { subject, source } = await findInventorySubject(prisma, siteId, params)
  const sectionId = await resolveSectionScope(prisma, siteId, query.sectionId)
  const { sortBy, sortDir } = chooseSort(query, INVENTORY_PAGES_DEFAULT_SORT)
  const list = inventoryPagesList({ source, sectionId, search: searchTerm(query.search) })
  return { subject, list, sort: inventoryPagesSort({ source }, sortBy, sortDir) }
}

export async function listInventoryPages(
  prisma: PrismaClient,
  siteId: string,
  params: { kind: InventoryItemKind; id: string },
  query: InventoryPagesQuery,
): Promise<InventoryPagesResponse> {
  const { subject, list, sort } = await inventoryPagesOf(prisma, siteId, params, query)
  const page = await findPresentedPage(prisma, { list, sort }, query, (rows: InventoryPageRow[]) =>
    rows.map(presentInventoryPage),
  )
  return { ...page, item: subject }
}

export async function exportInventoryPages(
  prisma: PrismaClient,
  access: { siteId: string; slug: string },
  params: { kind: InventoryItemKind; id: string },
  query: InventoryPagesFilterQuery & { format: ExportFormat },
): Promise<ListExport<InventoryPageItem>> {
  const { list, sort } = await inventoryPagesOf(prisma, access.siteId, params, query)
  const batches = iterateListBatches<InventoryPageRow>(prisma, list, sort, EXPORT_BATCH_SIZE)
  return {
    filename: `${access.slug}-inventory-${params.kind}-${params.id}-pages`,
    columns: INVENTORY_PAGE_EXPORT_COLUMNS,
    batches: mapBatches(batches, (rows) => rows.map(presentInventoryPage)),
  }
}
