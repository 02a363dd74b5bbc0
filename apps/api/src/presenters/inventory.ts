import {
  type ContactItem,
  HISTORY_NO_DATA,
  type HistoryChartPoint,
  type InventoryCounts,
  type InventoryHistory,
  type InventoryItem,
  type InventoryItemKind,
  type InventoryOverview,
  type InventoryPageItem,
  type InventorySubject,
  type MediaItem,
} from '@canopy/contracts'
import type { ContactListRow, DocumentListRow, InventoryPageRow } from '@canopy/db'
import type { ExportColumn } from '../lib/list-export.js'
import { documentTitle } from './document-list.js'

/** The last point of a count series; a point without the count (-0.1) counts nothing. */
function lastCount(points: HistoryChartPoint[]): number {
  const y = points.at(-1)?.y ?? 0
  return y === HISTORY_NO_DATA ? 0 : y
}

/** The count cards read the last scan's counts, the charts every scan's (the history's inventory series). */
export function presentInventoryOverview(history: {
  inventoryHistory: InventoryHistory
  pages: HistoryChartPoint[]
}): InventoryOverview {
  const series = history.inventoryHistory
  const latest = history.pages.at(-1)
  const latestScan: InventoryCounts | null = latest
    ? {
        finished: latest.x,
        pages: latest.numberOfPages,
        allDocuments: lastCount(series.documentsFound),
        pdfs: lastCount(series.pdfsFound),
        documents: lastCount(series.docsFound),
        spreadsheets: lastCount(series.spreadsheetsFound),
        powerpoints: lastCount(series.powerpointsFound),
        archives: lastCount(series.archivesFound),
        media: lastCount(series.mediaFound),
      }
    : null
  return { latestScan, inventoryHistory: series }
}

export function presentContactItem(row: ContactListRow): ContactItem {
  return {
    sys: { id: row.id, slug: row.id, version: { created: row.firstSeenAt.toISOString() } },
    kind: row.kind,
    entryTitle: row.value,
    valid: row.valid,
    totalCount: row.occurrences,
    pageCount: row.pages,
  }
}

export function presentMediaItem(
  row: Omit<DocumentListRow, 'linkingPages'>,
  linkingPages: number,
): MediaItem {
  return {
    sys: { id: row.id, slug: row.id, version: { created: row.firstSeenAt.toISOString() } },
    kind: 'media',
    entryTitle: row.url,
    mediaType: row.mediaType,
    size: row.size,
    totalCount: linkingPages,
  }
}

export const INVENTORY_EXPORT_COLUMNS: ExportColumn<InventoryItem>[] = [
  { header: 'id', value: (item) => item.sys.id },
  { header: 'kind', value: (item) => item.kind },
  { header: 'entryTitle', value: (item) => item.entryTitle },
  { header: 'valid', value: (item) => (item.kind === 'media' ? null : item.valid) },
  { header: 'mediaType', value: (item) => (item.kind === 'media' ? item.mediaType : null) },
  { header: 'size', value: (item) => (item.kind === 'media' ? item.size : null) },
  { header: 'totalCount', value: (item) => item.totalCount },
  { header: 'pageCount', value: (item) => (item.kind === 'media' ? item.totalCount : item.pageCount) },
]

export function presentInventoryPage(row: InventoryPageRow): InventoryPageItem {
  return { sys: { id: row.id }, pageTitle: row.title, entryTitle: row.url, totalCount: row.count }
}

export const INVENTORY_PAGE_EXPORT_COLUMNS: ExportColumn<InventoryPageItem>[] = [
  { header: 'id', value: (item) => item.sys.id },
  { header: 'pageTitle', value: (item) => item.pageTitle },
  { header: 'entryTitle', value: (item) => item.entryTitle },
  { header: 'totalCount', value: (item) => item.totalCount },
]

type SubjectRow =
  | { kind: 'email' | 'telephone'; id: string; value: string; valid: boolean }
  | { kind: 'pdfs' | 'media'; id: string; url: string; title: string | null }

export function presentInventorySubject(row: SubjectRow): InventorySubject {
  const kind: InventoryItemKind = row.kind
  if ('value' in row) {
    return {
      sys: { id: row.id, slug: row.id },
      kind,
      entryTitle: row.value,
      title: row.value,
      valid: row.valid,
    }
  }
  return {
    sys: { id: row.id, slug: row.id },
    kind,
    entryTitle: row.url,
    title: row.kind === 'pdfs' ? documentTitle(row) : row.url,
    valid: null,
  }
}
