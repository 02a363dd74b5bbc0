import { type DOCUMENT_LIST_KINDS, DocumentListItemSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { siteListQueryOptions, sitePrefix } from '@/lib/site-list'

/** The :kind of GET /documents/:kind. */
export type DocumentListKind = (typeof DOCUMENT_LIST_KINDS)[number]

/** GET /api/v1/sites/:slug/documents/:kind: the documents of one kind the site links to. */
export const documentsPath = (siteSlug: string, kind: DocumentListKind) =>
  `${sitePrefix(siteSlug)}/documents/${kind}`

export function useDocuments(siteSlug: string, kind: DocumentListKind, query: ListApiQuery) {
  return useQuery(
    siteListQueryOptions({
      path: documentsPath(siteSlug, kind),
      item: DocumentListItemSchema,
      query,
      staleTime: STALE_TIME.documents,
    }),
  )
}
