import { z } from 'zod'
import { InventoryHistorySchema } from './history.js'
import { SectionScopeQuerySchema, sortKeySchema } from './lists.js'
import { ListQuerySchema, pagedListSchema, SysSchema } from './paging.js'

/**
 * The inventory: GET /api/v1/sites/:slug/inventory (count cards and their history),
 * GET /api/v1/sites/:slug/inventory/:kind (e-mail addresses, telephone numbers, media) and
 * GET /api/v1/sites/:slug/inventory/:kind/:id (the pages where one of them, or one PDF, occurs). The other
 * document kinds are listed by GET /documents/:kind.
 */

/** The last scan's counts, one per card; null before the first completed scan. */
export const InventoryCountsSchema = z.object({
  /** when that scan finished, ISO 8601 */
  finished: z.string(),
  pages: z.number().int(),
  /** PDFs, Word documents, spreadsheets, PowerPoints and archives (media are counted apart) */
  allDocuments: z.number().int(),
  pdfs: z.number().int(),
  /** Word documents */
  documents: z.number().int(),
  spreadsheets: z.number().int(),
  powerpoints: z.number().int(),
  archives: z.number().int(),
  /** images, audio and video */
  media: z.number().int(),
})
export type InventoryCounts = z.infer<typeof InventoryCountsSchema>

export const InventoryOverviewSchema = z.object({
  latestScan: InventoryCountsSchema.nullable(),
  /** series of points oldest first; a point whose scan did not record a count has y = -0.1 (no data) */
  inventoryHistory: InventoryHistorySchema,
})
export type InventoryOverview = z.infer<typeof InventoryOverviewSchema>

/** :kind of GET /inventory/:kind: the inventory's own lists (the documents have theirs). */
export const INVENTORY_LIST_KINDS = ['email', 'telephone', 'media'] as const
export type InventoryListKind = (typeof INVENTORY_LIST_KINDS)[number]
export const InventoryListParamsSchema = z.object({
  kind: z.enum(INVENTORY_LIST_KINDS, { error: `Choose a kind: ${INVENTORY_LIST_KINDS.join(', ')}.` }),
})

/** :kind of GET /inventory/:kind/:id: what the pages are listed for (the screens' inventory/pdfs/:link). */
export const INVENTORY_ITEM_KINDS = ['email', 'telephone', 'media', 'pdfs'] as const
export type InventoryItemKind = (typeof INVENTORY_ITEM_KINDS)[number]
export const InventoryItemParamsSchema = z.object({
  kind: z.enum(INVENTORY_ITEM_KINDS, { error: `Choose a kind: ${INVENTORY_ITEM_KINDS.join(', ')}.` }),
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'Enter an ID: 1 to 100 letters, digits, - or _.' }),
})

/** Contacts sort by value, validity or occurrences; media also by size and type (entryTitle asc by default). */
export const INVENTORY_LIST_SORT_KEYS = ['entryTitle', 'valid', 'totalCount', 'size', 'mediaType'] as const
export const CONTACT_SORT_KEYS: readonly InventoryListSortKey[] = ['entryTitle', 'valid', 'totalCount']
export const MEDIA_SORT_KEYS: readonly InventoryListSortKey[] = [
  'entryTitle',
  'totalCount',
  'size',
  'mediaType',
]
export type InventoryListSortKey = (typeof INVENTORY_LIST_SORT_KEYS)[number]
export const INVENTORY_LIST_DEFAULT_SORT = { sortBy: 'entryTitle', sortDir: 'asc' } as const

export const InventoryListQuerySchema = ListQuerySchema.extend({
  ...SectionScopeQuerySchema.shape,
  sortBy: sortKeySchema(INVENTORY_LIST_SORT_KEYS).optional(),
})
export type InventoryListQuery = z.infer<typeof InventoryListQuerySchema>

/** The spec's Email or phone item; sys.slug is the :link of its pages screen. */
export const ContactItemSchema = z.object({
  sys: SysSchema,
  kind: z.enum(['email', 'telephone']),
  /** the address, or the number (E.164 when valid, as written when not) */
  entryTitle: z.string(),
  valid: z.boolean(),
  /** occurrences on the pages (of the section, when scoped) */
  totalCount: z.number().int(),
  /** pages it occurs on */
  pageCount: z.number().int(),
})
export type ContactItem = z.infer<typeof ContactItemSchema>

export const MEDIA_TYPES = ['image', 'audio', 'video'] as const
export const MediaItemSchema = z.object({
  sys: SysSchema,
  kind: z.literal('media'),
  /** the file's URL */
  entryTitle: z.string(),
  /** null when it was only linked to and its extension did not say */
  mediaType: z.enum(MEDIA_TYPES).nullable(),
  /** bytes; null when the server did not say */
  size: z.number().int().nullable(),
  /** pages that show or link to it */
  totalCount: z.number().int(),
})
export type MediaItem = z.infer<typeof MediaItemSchema>

export const InventoryItemSchema = z.discriminatedUnion('kind', [ContactItemSchema, MediaItemSchema])
export type InventoryItem = z.infer<typeof InventoryItemSchema>

/** The pages where an item occurs: by URL, by title, or by how often it occurs there (contacts). */
export const INVENTORY_PAGE_SORT_KEYS = ['entryTitle', 'pageTitle', 'totalCount'] as const
export const INVENTORY_PAGES_DEFAULT_SORT = { sortBy: 'entryTitle', sortDir: 'asc' } as const
export const InventoryPagesQuerySchema = ListQuerySchema.extend({
  ...SectionScopeQuerySchema.shape,
  sortBy: sortKeySchema(INVENTORY_PAGE_SORT_KEYS).optional(),
})
export type InventoryPagesQuery = z.infer<typeof InventoryPagesQuerySchema>

export const InventoryPageItemSchema = z.object({
  sys: SysSchema,
  pageTitle: z.string().nullable(),
  /** the page's URL */
  entryTitle: z.string(),
  /** occurrences on this page (contacts); null for a PDF or media, which a page links to or shows */
  totalCount: z.number().int().nullable(),
})
export type InventoryPageItem = z.infer<typeof InventoryPageItemSchema>

/** What the pages are listed for, so its screen can name it. */
export const InventorySubjectSchema = z.object({
  sys: SysSchema,
  kind: z.enum(INVENTORY_ITEM_KINDS),
  /** the address, number or URL */
  entryTitle: z.string(),
  /** a PDF's title, else its file name; the value itself for the others */
  title: z.string(),
  /** contacts only; null for a PDF or media */
  valid: z.boolean().nullable(),
})
export type InventorySubject = z.infer<typeof InventorySubjectSchema>

/** GET /inventory/:kind/:id: a paged list of the pages, plus the item they are listed for. */
export const InventoryPagesResponseSchema = pagedListSchema(InventoryPageItemSchema).extend({
  item: InventorySubjectSchema,
})
export type InventoryPagesResponse = z.infer<typeof InventoryPagesResponseSchema>
