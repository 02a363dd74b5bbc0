import { AffectedPageItemSchema, pagedListSchema } from '@canopy/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { siteApi } from './site-paths'

/** GET .../content-quality/pages-affected-by-a-misspelling/:misspellingId: the pages a word is on. */
export const misspellingPagesPath = (siteSlug: string, misspellingId: string) =>
  `${siteApi(siteSlug)}/content-quality/pages-affected-by-a-misspelling/${encodeURIComponent(misspellingId)}`

const PagesSchema = pagedListSchema(AffectedPageItemSchema)

export function useMisspellingPages(siteSlug: string, misspellingId: string, query: ListApiQuery) {
  const path = misspellingPagesPath(siteSlug, misspellingId)
  return useQuery(
    queryOptions({
      queryKey: ['sites', 'list', path, query] as const,
      queryFn: ({ signal }) => requestApi(path, { params: query, schema: PagesSchema, signal }),
      staleTime: STALE_TIME.list,
      placeholderData: keepPreviousData,
    }),
  )
}
