import { z } from 'zod'
import { IssueCategorySchema } from './audits.js'
import { SectionIdSchema } from './lists.js'
import { MAX_PAGE_SIZE } from './paging.js'
import { DocumentKindSchema } from './scans.js'

/**
 * Global search over the active site (or its active section): GET /api/v1/sites/:slug/search?search=
 * answers one group per kind of result — pages (URL and title), issues (name and description), links,
 * documents and contact details — each with how many match and the first of them. ?group= pages through
 * one group alone.
 */

export const SEARCH_GROUPS = ['pages', 'issues', 'links', 'documents', 'contacts'] as const
export const SearchGroupSchema = z.enum(SEARCH_GROUPS, {
  error: `Choose a group: ${SEARCH_GROUPS.join(', ')}.`,
})
export type SearchGroup = z.infer<typeof SearchGroupSchema>

/**
 * A substring search is served by trigram indexes, which need three characters; a shorter term would read
 * every row of the site.
 */
export const SEARCH_TERM_MIN_LENGTH = 3
export const SEARCH_TERM_MAX_LENGTH = 200
/** Results counted per group: beyond it the total reads "1000+", so a broad term costs no more than this. */
export const SEARCH_COUNT_LIMIT = 1000
/** Results per group when every group is answered together. */
export const SEARCH_GROUP_PREVIEW_SIZE = 5

export const SearchTermSchema = z
  .string({ error: 'Enter a search term.' })
  .trim()
  .min(SEARCH_TERM_MIN_LENGTH, { error: `Enter at least ${SEARCH_TERM_MIN_LENGTH} characters to search.` })
  .max(SEARCH_TERM_MAX_LENGTH, { error: `Enter at most ${SEARCH_TERM_MAX_LENGTH} characters to search.` })

export const SearchQuerySchema = z.object({
  search: SearchTermSchema,
  sectionId: SectionIdSchema.optional(),
  /** one group alone, paged; without it every group with its first results */
  group: SearchGroupSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
})
export type SearchQuery = z.infer<typeof SearchQuerySchema>

export const SearchPageResultSchema = z.object({
  id: z.string(),
  /** the page's title, null when it has none */
  pageTitle: z.string().nullable(),
  /** the page's URL */
  entryTitle: z.string(),
})
export type SearchPageResult = z.infer<typeof SearchPageResultSchema>

export const SearchIssueResultSchema = z.object({
  /** the audit's id: the :issueName of the issue's screen */
  issueId: z.string(),
  category: IssueCategorySchema,
  title: z.string(),
  description: z.string(),
  /** pages on which it fails now */
  pagesFailed: z.number().int(),
})
export type SearchIssueResult = z.infer<typeof SearchIssueResultSchema>

export const SearchLinkResultSchema = z.object({
  id: z.string(),
  url: z.string(),
  isInternal: z.boolean(),
  isBroken: z.boolean(),
  /** the host blocks checks (bot walls) or did not answer in time: neither broken nor fine */
  isUnverified: z.boolean(),
  status: z.number().int().nullable(),
  /** pages that contain it */
  pageCount: z.number().int(),
})
export type SearchLinkResult = z.infer<typeof SearchLinkResultSchema>

export const SearchDocumentResultSchema = z.object({
  id: z.string(),
  kind: DocumentKindSchema,
  /** the document's own title, else its file name */
  documentTitle: z.string(),
  url: z.string(),
  pageCount: z.number().int(),
})
export type SearchDocumentResult = z.infer<typeof SearchDocumentResultSchema>

export const SearchContactResultSchema = z.object({
  id: z.string(),
  kind: z.enum(['email', 'telephone']),
  value: z.string(),
  valid: z.boolean(),
  pageCount: z.number().int(),
})
export type SearchContactResult = z.infer<typeof SearchContactResultSchema>

const groupSchema = <Group extends SearchGroup, Item extends z.ZodType>(group: Group, item: Item) =>
  z.object({
    group: z.literal(group),
    /** matches, counted up to SEARCH_COUNT_LIMIT */
    totalCount: z.number().int(),
    /** more than SEARCH_COUNT_LIMIT match */
    isCountCapped: z.boolean(),
    items: z.array(item),
  })

export const SearchResultGroupSchema = z.discriminatedUnion('group', [
  groupSchema('pages', SearchPageResultSchema),
  groupSchema('issues', SearchIssueResultSchema),
  groupSchema('links', SearchLinkResultSchema),
  groupSchema('documents', SearchDocumentResultSchema),
  groupSchema('contacts', SearchContactResultSchema),
])
export type SearchResultGroup = z.infer<typeof SearchResultGroupSchema>

export const SearchResponseSchema = z.object({
  /** the term as searched (trimmed) */
  search: z.string(),
  /** 1-based page of the one group asked for; 1 when every group is answered */
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
  /** in SEARCH_GROUPS order; only the group asked for with ?group= */
  groups: z.array(SearchResultGroupSchema),
})
export type SearchResponse = z.infer<typeof SearchResponseSchema>
