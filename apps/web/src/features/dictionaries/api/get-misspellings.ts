import { MisspellingListItemSchema, pagedListSchema } from '@canopy/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { siteApi } from './site-paths'

/** GET /api/v1/sites/:slug/content-quality/misspellings: the site's misspelt words, most occurrences first. */
export const misspellingsPath = (siteSlug: string) => `${siteApi(siteSlug)}/content-quality/misspellings`

const MisspellingsSchema = pagedListSchema(MisspellingListItemSchema)

export function misspellingsQueryOptions(siteSlug: string, query: ListApiQuery) {
  const path = misspellingsPath(siteSlug)
  return queryOptions({
    queryKey: ['sites', 'list', path, query] as const,
    queryFn: ({ signal }) => requestApi(path, { params: query, schema: MisspellingsSchema, signal }),
    staleTime: STALE_TIME.list,
    placeholderData: keepPreviousData,
  })
}

export function useMisspellings(siteSlug: string, query: ListApiQuery) {
  return useQuery(misspellingsQueryOptions(siteSlug, query))
}
