import { AffectedPageItemSchema, pagedListSchema } from '@canopy/contracts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { siteApi } from './get-malicious-links'

/** GET .../content-quality/pages-affected-by-a-link/:linkId: the pages that link to a link. */
export const linkPagesPath = (siteSlug: string, linkId: string) =>
  `${siteApi(siteSlug)}/content-quality/pages-affected-by-a-link/${encodeURIComponent(linkId)}`

const PagesSchema = pagedListSchema(AffectedPageItemSchema)

export function useLinkPages(siteSlug: string, linkId: string, query: ListApiQuery) {
  const path = linkPagesPath(siteSlug, linkId)
  return useQuery({
    queryKey: ['sites', 'list', path, query] as const,
    queryFn: ({ signal }) => requestApi(path, { params: query, schema: PagesSchema, signal }),
    staleTime: STALE_TIME.pages,
    placeholderData: keepPreviousData,
  })
}
