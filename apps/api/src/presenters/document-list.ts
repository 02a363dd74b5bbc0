import type { DocumentCheck, DocumentDetail, DocumentListItem } from '@canopy/contracts'
import type { Document, DocumentListRow } from '@canopy/db'
import type { ExportColumn } from '../lib/list-export.js'

/** The document's own title, else the file name of its URL, else the URL. */
export function documentTitle(row: { title: string | null; url: string }): string {
  if (row.title?.trim()) return row.title.trim()
  try {
    const name = decodeURIComponent(new URL(row.url).pathname.split('/').at(-1) ?? '')
    return name || row.url
  } catch {
    return row.url
  }
}

type DocumentFields = Omit<DocumentListRow, 'linkingPages'>

export function presentDocumentListItem(row: DocumentFields, linkingPages: number): DocumentListItem {
  return {
    sys: { id: row.id, version: { created: row.firstSeenAt.toISOString() } },
    kind: row.kind,
    documentTitle: documentTitle(row),
    uri: row.url,
    entryTitle: row.url,
    author: row.author,
    created: row.documentCreatedAt?.toISOString() ?? null,
    modified: row.documentModifiedAt?.toISOString() ?? null,
    size: row.size,
    pageCount: row.pageCount,
    accessibilityScore: row.accessibilityScore,
    isScanned: row.isScanned,
    isTagged: row.isTagged,
    language: row.language,
    totalCount: linkingPages,
  }
}

export const DOCUMENT_EXPORT_COLUMNS: ExportColumn<DocumentListItem>[] = [
  { header: 'id', value: (item) => item.sys.id },
  { header: 'kind', value: (item) => item.kind },
  { header: 'documentTitle', value: (item) => item.documentTitle },
  { header: 'uri', value: (item) => item.uri },
  { header: 'author', value: (item) => item.author },
  { header: 'created', value: (item) => item.created },
  { header: 'modified', value: (item) => item.modified },
  { header: 'size', value: (item) => item.size },
  { header: 'pageCount', value: (item) => item.pageCount },
  { header: 'accessibilityScore', value: (item) => item.accessibilityScore },
  { header: 'isScanned', value: (item) => item.isScanned },
  { header: 'isTagged', value: (item) => item.isTagged },
  { header: 'language', value: (item) => item.language },
  { header: 'totalCount', value: (item) => item.totalCount },
]

/**
 * The accessibility checks of a PDF as the scanner read it: tagged, machine readable (a text layer, not an
 * image-only scan), a title, a language, an outline. Unknown (null) when the document could not be read.
 */
function presentPdfChecks(document: Document): DocumentCheck[] {
  const read = document.checkedAt !== null
  const known = (value: boolean | null) => (read ? value : null)
  return [
    {
      id: 'tagged',
      title: 'Tagged PDF',
      description: 'Tags give the document a structure that screen readers can follow.',
      passed: known(document.isTagged),
    },
    {
      id: 'machine-readable',
      title: 'Machine readable',
      description: 'The text can be read by software, not only seen in an image of a scanned page.',
      passed: known(document.isScanned === null ? document.hasTextLayer : !document.isScanned),
    },
    {
      id: 'title',
      title: 'Document title',
      description: 'A title tells readers what the document is before they open it.',
      passed: read ? Boolean(document.title?.trim()) : null,
    },
    {
      id: 'language',
      title: 'Document language',
      description: 'A language lets screen readers pronounce the text correctly.',
      passed: read ? Boolean(document.language?.trim()) : null,
    },
    {
      id: 'outline',
      title: 'Bookmarks',
      description: 'Bookmarks (an outline) let readers move through a long document.',
      passed: known(document.hasOutline),
    },
  ]
}

export function presentDocumentDetail({
  document,
  linkingPages,
  pages,
}: {
  document: Document
  linkingPages: number
  pages: { id: string; url: string; title: string | null }[]
}): DocumentDetail {
  return {
    ...presentDocumentListItem(document, linkingPages),
    checkedAt: document.checkedAt?.toISOString() ?? null,
    checks: document.kind === 'pdf' ? presentPdfChecks(document) : [],
    pages: pages.map((page) => ({ sys: { id: page.id }, pageTitle: page.title, entryTitle: page.url })),
  }
}
