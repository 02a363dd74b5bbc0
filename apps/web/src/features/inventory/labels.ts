import type { DOCUMENT_LIST_KINDS, InventoryHistory, InventoryItemKind } from '@canopy/contracts'

type DocumentListKind = (typeof DOCUMENT_LIST_KINDS)[number]

/** The inventory's screens of documents: their route segment, API kind, title and caption. */
export const DOCUMENT_SCREENS = {
  pdfs: { kind: 'pdf', title: 'PDFs', caption: 'PDFs the site links to' },
  documents: { kind: 'doc', title: 'Documents', caption: 'Word documents the site links to' },
  archives: { kind: 'archive', title: 'Archives', caption: 'Archives the site links to' },
  spreadsheets: { kind: 'spreadsheet', title: 'Spreadsheets', caption: 'Spreadsheets the site links to' },
  powerpoints: { kind: 'powerpoint', title: 'PowerPoints', caption: 'PowerPoint files the site links to' },
} as const satisfies Record<string, { kind: DocumentListKind; title: string; caption: string }>
export type DocumentScreen = keyof typeof DOCUMENT_SCREENS

export const CONTACT_SCREENS = {
  email: { title: 'E-mail addresses', singular: 'e-mail address', column: 'E-mail address' },
  telephone: { title: 'Telephone numbers', singular: 'telephone number', column: 'Telephone number' },
} as const
export type ContactScreen = keyof typeof CONTACT_SCREENS

/** The pages screens of one item (inventory/{kind}/{link}): their heading and the list they come from. */
export const ITEM_SCREENS: Partial<
  Record<InventoryItemKind, { title: string; listTitle: string; list: string }>
> = {
  email: {
    title: 'Pages containing an e-mail address',
    listTitle: 'E-mail addresses',
    list: 'inventory/email',
  },
  telephone: {
    title: 'Pages containing a telephone number',
    listTitle: 'Telephone numbers',
    list: 'inventory/telephone',
  },
  pdfs: { title: 'Pages linking to a PDF', listTitle: 'PDFs', list: 'inventory/pdfs' },
}

/** The overview's count tabs and cards, in order; Pages first (the tab that always shows). */
export const COUNT_TABS: {
  id: keyof InventoryHistory
  label: string
  count: 'pages' | 'allDocuments' | 'pdfs' | 'documents' | 'spreadsheets' | 'powerpoints' | 'archives'
  href: string | null
}[] = [
  { id: 'pagesFound', label: 'Page count', count: 'pages', href: null },
  { id: 'documentsFound', label: 'All documents', count: 'allDocuments', href: null },
  { id: 'pdfsFound', label: 'PDFs', count: 'pdfs', href: 'inventory/pdfs' },
  { id: 'docsFound', label: 'Documents', count: 'documents', href: 'inventory/documents' },
  { id: 'spreadsheetsFound', label: 'Spreadsheets', count: 'spreadsheets', href: 'inventory/spreadsheets' },
  { id: 'powerpointsFound', label: 'PowerPoints', count: 'powerpoints', href: 'inventory/powerpoints' },
  { id: 'archivesFound', label: 'Archives', count: 'archives', href: 'inventory/archives' },
]

export const MEDIA_TYPE_LABELS = { image: 'Image', audio: 'Audio', video: 'Video' } as const
