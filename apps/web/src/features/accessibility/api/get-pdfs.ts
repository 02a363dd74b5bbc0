import { DocumentListItemSchema } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { siteListQueryOptions, sitePrefix } from './site-list'

/** GET /api/v1/sites/:slug/documents/pdf: the PDFs the site links to. */
export const pdfsPath = (siteSlug: string) => `${sitePrefix(siteSlug)}/documents/pdf`

export function usePdfs(siteSlug: string, query: ListApiQuery) {
  return useQuery(
    siteListQueryOptions({
      path: pdfsPath(siteSlug),
      item: DocumentListItemSchema,
      query,
      staleTime: STALE_TIME.documents,
    }),
  )
}
