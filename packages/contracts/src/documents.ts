import { z } from 'zod'
import { SectionScopeQuerySchema, sortKeySchema } from './lists.js'
import { ListQuerySchema, SysSchema } from './paging.js'
import { DocumentKindSchema } from './scans.js'

/**
 * Documents the site links to: GET /api/v1/sites/:slug/documents/:kind
 * lists one kind, GET /api/v1/sites/:slug/document?documentId= shows one with the pages that link to it.
 */

/** :kind of the documents lists; media has its own inventory list. */
export const DOCUMENT_LIST_KINDS = ['pdf', 'doc', 'spreadsheet', 'powerpoint', 'archive'] as const
export const DocumentsParamsSchema = z.object({
  kind: z.enum(DOCUMENT_LIST_KINDS, { error: `Choose a kind: ${DOCUMENT_LIST_KINDS.join(', ')}.` }),
})

export const DOCUMENT_LIST_SORT_KEYS = [
  'documentTitle',
  'entryTitle',
  'size',
  'pageCount',
  'accessibilityScore',
  'isScanned',
  'language',
  'totalCount',
  'created',
  'modified',
] as const

/** PDFs by page count, every other kind by size, largest first (constants.json sorting.defaults). */
export const DOCUMENT_LIST_DEFAULT_SORT = {
  pdf: { sortBy: 'pageCount', sortDir: 'desc' },
  other: { sortBy: 'size', sortDir: 'desc' },
} as const

export const DocumentsQuerySchema = ListQuerySchema.extend({
  ...SectionScopeQuerySchema.shape,
  sortBy: sortKeySchema(DOCUMENT_LIST_SORT_KEYS).optional(),
})
export type DocumentsQuery = z.infer<typeof DocumentsQuerySchema>

export const DocumentListItemSchema = z.object({
  /** id; version.created = first seen */
  sys: SysSchema,
  kind: DocumentKindSchema,
  /** the document's own title, else its file name */
  documentTitle: z.string(),
  uri: z.string(),
  /** the spec's lists name the URL entryTitle */
  entryTitle: z.string(),
  author: z.string().nullable(),
  /** the document's own creation and modification dates, ISO 8601 */
  created: z.string().nullable(),
  modified: z.string().nullable(),
  /** bytes */
  size: z.number().int().nullable(),
  pageCount: z.number().int().nullable(),
  /** 0-100 (PDFs) */
  accessibilityScore: z.number().nullable(),
  /** an image-only scan; machine readable is its inverse */
  isScanned: z.boolean().nullable(),
  isTagged: z.boolean().nullable(),
  language: z.string().nullable(),
  /** pages that link to it */
  totalCount: z.number().int(),
})
export type DocumentListItem = z.infer<typeof DocumentListItemSchema>

export const DocumentQuerySchema = z.object({ documentId: z.string().min(1).max(100) })

/** One accessibility check of a PDF, as the scanner read it; null when the document could not be read. */
export const DocumentCheckSchema = z.object({
  id: z.enum(['tagged', 'machine-readable', 'title', 'language', 'outline']),
  title: z.string(),
  description: z.string(),
  passed: z.boolean().nullable(),
})
export type DocumentCheck = z.infer<typeof DocumentCheckSchema>

export const DocumentDetailSchema = DocumentListItemSchema.extend({
  /** when the scanner last fetched it, ISO 8601 */
  checkedAt: z.string().nullable(),
  /** PDFs: the accessibility checks behind the score; empty for other kinds */
  checks: z.array(DocumentCheckSchema),
  /** the first pages that link to it (totalCount says how many in all) */
  pages: z.array(z.object({ sys: SysSchema, pageTitle: z.string().nullable(), entryTitle: z.string() })),
})
export type DocumentDetail = z.infer<typeof DocumentDetailSchema>

/** The tabs of documents/:documentId/:tabId. */
export const DOCUMENT_TABS = ['overview', 'accessibility', 'pages'] as const
export type DocumentTab = (typeof DOCUMENT_TABS)[number]
