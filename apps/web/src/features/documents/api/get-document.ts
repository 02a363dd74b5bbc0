import { DocumentDetailSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'

/** GET /api/v1/sites/:slug/document?documentId=: one document with its checks and the pages linking to it. */
export function getDocument(siteSlug: string, documentId: string, signal?: AbortSignal) {
  return requestApi(`/api/v1/sites/${encodeURIComponent(siteSlug)}/document`, {
    params: { documentId },
    schema: DocumentDetailSchema,
    signal,
  })
}

/** Documents are cached for 5 minutes. */
export const getDocumentQueryOptions = (siteSlug: string, documentId: string) =>
  queryOptions({
    queryKey: ['sites', 'detail', siteSlug, 'document', documentId] as const,
    queryFn: ({ signal }) => getDocument(siteSlug, documentId, signal),
    staleTime: STALE_TIME.documents,
  })

export function useDocument(siteSlug: string, documentId: string) {
  return useQuery(getDocumentQueryOptions(siteSlug, documentId))
}
